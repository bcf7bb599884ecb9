import {
  createPayout,
  createTopUp,
  createTransfer,
  listDriverBalances,
  listLedgerEntries,
} from '@common/money/ledger.api';
import type { CashMovementBody, TransferBody } from '@common/money/ledger.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiWith } from '../../../lib/api-client';
import { driverKeys } from '../../drivers';
import { useActingCompanyId } from '../company/use-acting-company';

type BalancesQuery = z.input<typeof listDriverBalances.query>;
type EntriesQuery = z.input<typeof listLedgerEntries.query>;

/** TanStack Query keys of the ledger's lists. */
export const ledgerKeys = {
  balances: ['driver-balances'] as const,
  balancesOf: (query: BalancesQuery) => ['driver-balances', query] as const,
  entries: ['ledger-entries'] as const,
  entriesOf: (query: EntriesQuery) => ['ledger-entries', query] as const,
};

/**
 * GET /api/driver-balances of the page's acting company (its `company_id` in the query and so
 * in the key): lowest first; the page stays shown while the next one loads.
 */
export function useDriverBalances(query: BalancesQuery, enabled = true) {
  const full = { ...query, company_id: useActingCompanyId() };
  return useQuery({
    queryKey: ledgerKeys.balancesOf(full),
    queryFn: ({ signal }) => apiWith(listDriverBalances, { signal }, { query: full }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/ledger-entries of the page's acting company: newest first. */
export function useLedgerEntries(query: EntriesQuery) {
  const full = { ...query, company_id: useActingCompanyId() };
  return useQuery({
    queryKey: ledgerKeys.entriesOf(full),
    queryFn: ({ signal }) => apiWith(listLedgerEntries, { signal }, { query: full }),
    placeholderData: keepPreviousData,
  });
}

/** After money moved: the lists and the moved drivers' cards read their balances again. */
function useRefreshBalances() {
  const queryClient = useQueryClient();
  return (driverIds: readonly number[]) => {
    void queryClient.invalidateQueries({ queryKey: ledgerKeys.balances });
    void queryClient.invalidateQueries({ queryKey: ledgerKeys.entries });
    for (const id of driverIds)
      void queryClient.invalidateQueries({ queryKey: driverKeys.detail(id) });
  };
}

export type CashMovementKind = 'top_up' | 'payout';

/**
 * POST /api/ledger/top-ups or /api/ledger/payouts under the caller's `Idempotency-Key`, so a
 * retried click posts once.
 */
export function useCashMovement(kind: CashMovementKind) {
  const refresh = useRefreshBalances();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: ({ body, key }: { body: CashMovementBody; key: string }) =>
      apiWith(
        kind === 'top_up' ? createTopUp : createPayout,
        { headers: { 'Idempotency-Key': key } },
        { query: { company_id: companyId }, body },
      ),
    onSuccess: (entry) => refresh([entry.driver_id]),
  });
}

/** POST /api/ledger/transfers under the caller's `Idempotency-Key`. */
export function useTransfer() {
  const refresh = useRefreshBalances();
  const companyId = useActingCompanyId();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBody; key: string }) =>
      apiWith(
        createTransfer,
        { headers: { 'Idempotency-Key': key } },
        { query: { company_id: companyId }, body },
      ),
    onSuccess: (transfer) => refresh([transfer.out.driver_id, transfer.in.driver_id]),
  });
}
