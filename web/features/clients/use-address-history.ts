import {
  deleteAddressHistory,
  listAddresses,
  listAddressHistory,
} from '@common/clients/clients.api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';

const historyKey = (clientId: number) => ['clients', clientId, 'addresses'] as const;

/** GET /api/dispatcher-orders/{clientId}/address-history. */
export function useAddressHistory(clientId: number | null) {
  return useQuery({
    queryKey: historyKey(clientId ?? 0),
    queryFn: ({ signal }) =>
      apiWith(listAddressHistory, { signal }, { params: { clientId: clientId ?? 0 } }),
    enabled: clientId !== null,
  });
}

/** PATCH …/address-history-delete/{addressId}; toast 'Șters!'. */
export function useDeleteSavedAddress(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) =>
      api(deleteAddressHistory, { params: { clientId, addressId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: historyKey(clientId) });
      toastSuccess('Șters!');
    },
    onError: (error) => toastApiError(error),
  });
}

/** User-addresses service GET /addresses/{phoneOrUserId}: a caller's saved addresses by phone. */
export function useAddressesByPhone(phone: string | null) {
  return useQuery({
    queryKey: ['clients', 'by-phone', phone, 'addresses'],
    queryFn: ({ signal }) =>
      apiWith(listAddresses, { signal }, { params: { phoneOrUserId: phone ?? '' } }),
    enabled: phone !== null && phone !== '',
    staleTime: 60_000,
    retry: false,
  });
}
