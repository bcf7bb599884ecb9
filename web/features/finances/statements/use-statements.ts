import { getStatement, listStatementClients } from '@common/money/statements.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { useActingCompanyId } from '../company/use-acting-company';

/**
 * GET /api/protocol-statements: the protocol clients of the page's acting company (none named:
 * the caller's first) with the month's sums.
 */
export function useStatementClients(month: string) {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: ['protocol-statements', 'clients', month, companyId ?? null],
    queryFn: ({ signal }) =>
      apiWith(listStatementClients, { signal }, { query: { month, company_id: companyId } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/protocol-statements/{client}: one client's month. */
export function useStatement(clientId: number | null, month: string) {
  return useQuery({
    queryKey: ['protocol-statements', clientId, month],
    queryFn: ({ signal }) =>
      apiWith(
        getStatement,
        { signal },
        { params: { company_id: clientId as number }, query: { month } },
      ),
    placeholderData: keepPreviousData,
    enabled: clientId !== null,
  });
}
