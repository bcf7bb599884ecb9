import {
  createBlockedPhone,
  deleteBlockedPhone,
  listBlockedPhones,
} from '@common/blocked-phones/blocked-phones.api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';

const KEY = ['blocked-phones'] as const;

/** GET /api/blocked-phone. */
export function useBlockedPhones(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiWith(listBlockedPhones, { signal }),
    enabled,
  });
}

/** POST /api/blocked-phone {phone, reason}; toast 'Blocat!'. */
export function useBlockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone: string; reason: string | null }) =>
      api(createBlockedPhone, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toastSuccess('Blocat!');
    },
    onError: (error) => toastApiError(error),
  });
}

/** DELETE /api/blocked-phone/{id}; toast 'Șters!'. */
export function useUnblockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteBlockedPhone, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toastSuccess('Șters!');
    },
    onError: (error) => toastApiError(error),
  });
}
