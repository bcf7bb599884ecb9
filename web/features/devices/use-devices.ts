import {
  createDevice,
  deleteDevice,
  getDevice,
  listDevices,
  updateDevice,
} from '@common/devices/devices.api';
import type { DeviceBody, DevicePatch } from '@common/devices/devices.schema';
import { listCompanyChoices } from '@common/users/users.api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';

const KEY = ['devices'] as const;

/** The /devices page size: a screen of rows at 1440×900. */
export const DEVICES_PER_PAGE = 15;

export interface DeviceListFilter {
  search: string;
  driverId: number | null;
  page: number;
}

/** GET /api/devices?search&driver_id&page. */
export function useDevices({ search, driverId, page }: DeviceListFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', search, driverId, page],
    queryFn: ({ signal }) =>
      apiWith(
        listDevices,
        { signal },
        {
          query: {
            search: search || undefined,
            driver_id: driverId ?? undefined,
            page,
            per_page: DEVICES_PER_PAGE,
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/devices/{id}; id 0 is a new device and reads nothing. */
export function useDevice(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => apiWith(getDevice, { signal }, { params: { id } }),
    enabled: id > 0,
  });
}

/** GET /api/companies: where a new device may go (the platform admin: every company). */
export function useCompanyChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'choices'],
    queryFn: ({ signal }) => apiWith(listCompanyChoices, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/devices (id 0) or PATCH /api/devices/{id}; field errors stay on the mutation. */
export function useSaveDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceBody) =>
      id > 0
        ? api(updateDevice, { params: { id }, body: body satisfies DevicePatch })
        : api(createDevice, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toastSuccess('Salvat cu succes!');
    },
    onError: (error) => toastApiError(error),
  });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteDevice, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toastSuccess('Șters!');
    },
    onError: (error) => toastApiError(error),
  });
}
