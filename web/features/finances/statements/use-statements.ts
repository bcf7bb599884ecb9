import { getStatement, listStatementClients } from '@common/money/statements.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';

/** GET /api/protocol-statements: the fleet's protocol clients with the month's sums. */
export function useStatementClients(month: string) {
  return useQuery({
    queryKey: ['protocol-statements', month],
    queryFn: ({ signal }) => apiWith(listStatementClients, { signal }, { query: { month } }),
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
