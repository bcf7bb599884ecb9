import {
  applicableDiscounts,
  createDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from '@common/money/discounts.api';
import type {
  ApplicableDiscountsQuerySchema,
  DiscountConditionBody,
  DiscountListQuerySchema,
} from '@common/money/discounts.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiWith } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toast';
import { useActingCompanyId } from '../finances';
import { discountKeys } from './discount-keys';

export type DiscountListInput = z.input<typeof DiscountListQuerySchema>;
export type ApplicableInput = z.input<typeof ApplicableDiscountsQuerySchema>;

/** GET /api/discounts: one page of the conditions of the page's acting company. */
export function useDiscountList(query: DiscountListInput) {
  const full = { ...query, company_id: useActingCompanyId() };
  return useQuery({
    queryKey: discountKeys.list(full),
    queryFn: ({ signal }) => apiWith(listDiscounts, { signal }, { query: full }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/discounts/{id}; nothing is asked for id 0 (a new condition) or null. */
export function useDiscount(id: number | null) {
  return useQuery({
    queryKey: discountKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiWith(getDiscount, { signal }, { params: { id: id ?? 0 } }),
    enabled: id !== null && id > 0,
    // A condition's name on an order screen changes rarely: one read serves the shift.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * GET /api/discounts/applicable: what the order form offers this caller now; null asks
 * nothing. The previous answer stays while the next one is on its way.
 */
export function useApplicableDiscounts(query: ApplicableInput | null) {
  return useQuery({
    queryKey: discountKeys.applicable(query ?? {}),
    queryFn: ({ signal }) => apiWith(applicableDiscounts, { signal }, { query: query ?? {} }),
    enabled: query !== null,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * POST /api/discounts (id 0) into the page's acting company, or PUT /api/discounts/{id} (the
 * condition names its company).
 */
export function useSaveDiscount(id: number) {
  const queryClient = useQueryClient();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (body: DiscountConditionBody) =>
      id === 0
        ? api(createDiscount, { query: { company_id: companyId }, body })
        : api(updateDiscount, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(discountKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: discountKeys.all });
      toastSuccess('Salvat cu succes!');
    },
  });
}
