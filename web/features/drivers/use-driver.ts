import { banUser } from '@common/drivers/drivers.api';
import type { BanBody } from '@common/drivers/drivers.schema';
import { getUser } from '@common/users/users.api';
import type { User } from '@common/users/users.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { driverKeys } from './driver-keys';

/** GET /api/users/{id}: the driver card; his state pushes keep it live (driver-events.ts). */
export function useDriver(id: number | null) {
  return useQuery({
    queryKey: driverKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiWith(getUser, { signal }, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/**
 * PATCH /api/users/{id}/ban: a ban with its reason, or (empty body) an unban that clears
 * it. The answer's date and reason go into the card at once; toasts 'Driver banned' /
 * 'Driver unbanned'.
 */
export function useBanDriver(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BanBody) => api(banUser, { params: { id }, body }),
    onSuccess: (result) => {
      queryClient.setQueryData<User>(driverKeys.detail(id), (user) =>
        user ? { ...user, ban_until: result.date, ban_reason: result.reason } : user,
      );
      toastSuccess(result.date ? 'Driver banned' : 'Driver unbanned');
    },
    onError: (error) => toastApiError(error),
  });
}
