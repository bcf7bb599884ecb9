import {
  createSurcharge,
  createZonePrice,
  deleteSurcharge,
  deleteZonePrice,
  getTariffs,
  putCommission,
  putFinanceSettings,
  putTariff,
} from '@common/money/tariffs.api';
import type { CompanyTariffs, FinanceSettings, Tariff } from '@common/money/tariffs.schema';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiWith } from '../../lib/api-client';

const TARIFFS_KEY = ['tariffs'] as const;

type TariffBody = z.input<typeof putTariff.body>;
type SurchargeBody = z.input<typeof createSurcharge.body>;
type ZonePriceBody = z.input<typeof createZonePrice.body>;
type CommissionBody = z.input<typeof putCommission.body>;

/** The saved row into the cached tariffs: every write answers the row as stored. */
const patchCache = (
  queryClient: QueryClient,
  change: (tariffs: CompanyTariffs) => CompanyTariffs,
) =>
  queryClient.setQueryData<CompanyTariffs>(TARIFFS_KEY, (current) =>
    current ? change(current) : current,
  );

/** GET /api/tariffs: the caller's company's meters, surcharges, zone prices and settings. */
export function useCompanyTariffs() {
  return useQuery({
    queryKey: TARIFFS_KEY,
    queryFn: ({ signal }) => apiWith(getTariffs, { signal }, { query: {} }),
  });
}

/** PUT /api/tariffs/{service_id}; service 0 is the meter for every other service. */
export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: number; body: TariffBody }) =>
      api(putTariff, { params: { service_id: serviceId }, query: {}, body }),
    onSuccess: (saved: Tariff) =>
      patchCache(queryClient, (all) => ({
        ...all,
        tariffs: [...all.tariffs.filter((t) => t.service_id !== saved.service_id), saved],
      })),
  });
}

export function useCreateSurcharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurchargeBody) => api(createSurcharge, { query: {}, body }),
    onSuccess: (saved) =>
      patchCache(queryClient, (all) => ({ ...all, surcharges: [...all.surcharges, saved] })),
  });
}

export function useDeleteSurcharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteSurcharge, { params: { id } }),
    onSuccess: (_none, id) =>
      patchCache(queryClient, (all) => ({
        ...all,
        surcharges: all.surcharges.filter((s) => s.id !== id),
      })),
  });
}

export function useCreateZonePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ZonePriceBody) => api(createZonePrice, { query: {}, body }),
    onSuccess: (saved) =>
      patchCache(queryClient, (all) => ({ ...all, zone_prices: [...all.zone_prices, saved] })),
  });
}

export function useDeleteZonePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteZonePrice, { params: { id } }),
    onSuccess: (_none, id) =>
      patchCache(queryClient, (all) => ({
        ...all,
        zone_prices: all.zone_prices.filter((z) => z.id !== id),
      })),
  });
}

/** PUT /api/finance-settings: the taximeter, the balance gate, overdrafts (all sent together). */
export function useSaveFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FinanceSettings) =>
      api(putFinanceSettings, { query: {}, body: settings }),
    onSuccess: (settings) => patchCache(queryClient, (all) => ({ ...all, settings })),
  });
}

/** PUT /api/commissions/{service_id}; service 0 is the company's cut for every other service. */
export function useSaveCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: number; body: CommissionBody }) =>
      api(putCommission, { params: { service_id: serviceId }, query: {}, body }),
    onSuccess: (saved) =>
      patchCache(queryClient, (all) => ({
        ...all,
        commissions: [...all.commissions.filter((c) => c.service_id !== saved.service_id), saved],
      })),
  });
}
