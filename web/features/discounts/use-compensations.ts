import { formatRon } from '@common/lib/money';
import { compensateDiscount, listDiscountCompensations } from '@common/money/discounts.api';
import type {
  DiscountCompensationPageSchema,
  DiscountCompensationsQuerySchema,
} from '@common/money/discounts.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { apiWith } from '../../lib/api-client';
import { isApiError } from '../../lib/form/field-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useActingCompanyId } from '../finances';
import { discountKeys } from './discount-keys';

export type CompensationsInput = z.input<typeof DiscountCompensationsQuerySchema>;
type CompensationPage = z.infer<typeof DiscountCompensationPageSchema>;

const COMPENSATIONS = discountKeys.compensations({}).slice(0, 2);

/**
 * GET /api/discount-compensations: one page of the acting company's finished orders, to pay
 * back or paid back.
 */
export function useCompensations(query: CompensationsInput) {
  const full = { ...query, company_id: useActingCompanyId() };
  return useQuery({
    queryKey: discountKeys.compensations(full),
    queryFn: ({ signal }) => apiWith(listDiscountCompensations, { signal }, { query: full }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/ledger/discount-compensations: credits the driver an order's discount. A retried
 * click on the same order sends the same Idempotency-Key, so it is never paid twice; the row
 * leaves 'De compensat' at once and both tabs are read again.
 */
export function useCompensate() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<number, string>());
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: (orderId: number) => {
      const key = keys.current.get(orderId) ?? newIdempotencyKey();
      keys.current.set(orderId, key);
      return apiWith(
        compensateDiscount,
        { headers: { 'Idempotency-Key': key } },
        { query: { company_id: companyId }, body: { order_id: orderId } },
      );
    },
    onSuccess: (entry, orderId) => {
      keys.current.delete(orderId);
      // Out of the pending pages now; the pages are read again behind it.
      queryClient.setQueriesData<CompensationPage>({ queryKey: COMPENSATIONS }, (page) =>
        page
          ? {
              ...page,
              data: page.data.filter((row) => row.order_id !== orderId || row.discount_compensated),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: COMPENSATIONS });
      toastSuccess(
        `Compensat: ${formatRon(entry.amount)} către ${entry.indicativ ?? entry.driver_name}.`,
      );
    },
    onError: (error, orderId) => {
      // A refusal (4xx) is final: the next click is a new request. After a lost answer the
      // same key goes again, in case the first one was done.
      if (isApiError(error) && error.status >= 400 && error.status < 500)
        keys.current.delete(orderId);
      // Paid back meanwhile (another console): the lists say where it is now.
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: COMPENSATIONS });
      toastApiError(error);
    },
  });
}
