import { createCar, deleteCar, getCar, listCars, updateCar } from '@common/cars/cars.api';
import type { CreateCarBody, ListCarsQuerySchema, UpdateCarBody } from '@common/cars/cars.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiWith } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toast';
import { driverKeys } from '../drivers';
import { userKeys } from '../users';

export type ListCarsInput = z.input<typeof ListCarsQuerySchema>;

export const carKeys = {
  all: ['cars'] as const,
  list: (query: ListCarsInput) => ['cars', 'list', query] as const,
  detail: (id: number) => ['cars', 'detail', id] as const,
};

export function useCarList(query: ListCarsInput, enabled = true) {
  return useQuery({
    queryKey: carKeys.list(query),
    queryFn: ({ signal }) => apiWith(listCars, { signal }, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCar(id: number) {
  return useQuery({
    queryKey: carKeys.detail(id),
    queryFn: ({ signal }) => apiWith(getCar, { signal }, { params: { id } }),
    enabled: id > 0,
  });
}

/** A car's save changes who drives what: the cars, users and driver cards are read again. */
function useRefreshFleet() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: carKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: driverKeys.all });
  };
}

export function useSaveCar(id: number) {
  const refresh = useRefreshFleet();
  return useMutation({
    mutationFn: (body: CreateCarBody | UpdateCarBody) =>
      id === 0
        ? api(createCar, { body: body as CreateCarBody })
        : api(updateCar, { params: { id }, body }),
    onSuccess: () => {
      refresh();
      toastSuccess(id === 0 ? 'Mașina a fost adăugată.' : 'Modificările au fost salvate.');
    },
  });
}

/** Gives a car to a driver (or takes it from him: null), keeping the rest of the car. */
export function useAssignCar() {
  const refresh = useRefreshFleet();
  return useMutation({
    mutationFn: ({ carId, driverId }: { carId: number; driverId: number | null }) =>
      api(updateCar, { params: { id: carId }, body: { driver_id: driverId } }),
    onSuccess: () => {
      refresh();
      toastSuccess('Mașina a fost atribuită.');
    },
  });
}

export function useDeleteCar() {
  const refresh = useRefreshFleet();
  return useMutation({
    mutationFn: (id: number) => api(deleteCar, { params: { id } }),
    onSuccess: () => {
      refresh();
      toastSuccess('Mașina a fost ștearsă.');
    },
  });
}
