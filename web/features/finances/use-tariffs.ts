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
import { useActingCompanyId } from './company/use-acting-company';

/** One company's tariffs: an admin's picks must not show another company's cache. */
const tariffsKey = (companyId: number | undefined) => ['tariffs', companyId ?? null] as const;

type TariffBody = z.input<typeof putTariff.body>;
type SurchargeBody = z.input<typeof createSurcharge.body>;
type ZonePriceBody = z.input<typeof createZonePrice.body>;
type CommissionBody = z.input<typeof putCommission.body>;

/** The saved row into the cached tariffs: every write answers the row as stored. */
const patchCache = (
  queryClient: QueryClient,
  companyId: number | undefined,
  change: (tariffs: CompanyTariffs) => CompanyTariffs,
) =>
  queryClient.setQueryData<CompanyTariffs>(tariffsKey(companyId), (current) =>
    current ? change(current) : current,
  );

/**
 * GET /api/tariffs: the acting company's meters, surcharges, zone prices and settings. It and
 * every write below go to the page's `?company_id=` (none: the caller's first company).
 */
export function useCompanyTariffs() {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: tariffsKey(companyId),
    queryFn: ({ signal }) => apiWith(getTariffs, { signal }, { query: { company_id: companyId } }),
  });
}

/** PUT /api/tariffs/{service_id}; service 0 is the meter for every other service. */
export function useSaveTariff() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: number; body: TariffBody }) =>
      api(putTariff, { params: { service_id: serviceId }, query: { company_id: companyId }, body }),
    onSuccess: (saved: Tariff) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        tariffs: [...all.tariffs.filter((t) => t.service_id !== saved.service_id), saved],
      })),
  });
}

export function useCreateSurcharge() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (body: SurchargeBody) =>
      api(createSurcharge, { query: { company_id: companyId }, body }),
    onSuccess: (saved) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        surcharges: [...all.surcharges, saved],
      })),
  });
}

export function useDeleteSurcharge() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (id: number) => api(deleteSurcharge, { params: { id } }),
    onSuccess: (_none, id) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        surcharges: all.surcharges.filter((s) => s.id !== id),
      })),
  });
}

export function useCreateZonePrice() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (body: ZonePriceBody) =>
      api(createZonePrice, { query: { company_id: companyId }, body }),
    onSuccess: (saved) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        zone_prices: [...all.zone_prices, saved],
      })),
  });
}

export function useDeleteZonePrice() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (id: number) => api(deleteZonePrice, { params: { id } }),
    onSuccess: (_none, id) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        zone_prices: all.zone_prices.filter((z) => z.id !== id),
      })),
  });
}

/** PUT /api/finance-settings: the taximeter, the balance gate, overdrafts (all sent together). */
export function useSaveFinanceSettings() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (settings: FinanceSettings) =>
      api(putFinanceSettings, { query: { company_id: companyId }, body: settings }),
    onSuccess: (settings) => patchCache(queryClient, companyId, (all) => ({ ...all, settings })),
  });
}

/** PUT /api/commissions/{service_id}; service 0 is the company's cut for every other service. */
export function useSaveCommission() {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: number; body: CommissionBody }) =>
      api(putCommission, {
        params: { service_id: serviceId },
        query: { company_id: companyId },
        body,
      }),
    onSuccess: (saved) =>
      patchCache(queryClient, companyId, (all) => ({
        ...all,
        commissions: [...all.commissions.filter((c) => c.service_id !== saved.service_id), saved],
      })),
  });
}
