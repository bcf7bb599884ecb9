import { listProtocolCompanies } from '@common/companies/companies.api';
import type { ProtocolCompany } from '@common/companies/companies.schema';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

// Module-level so the selector is not rerun on every render.
const rows = (answer: { data: ProtocolCompany[] }) => answer.data;

/**
 * GET /api/protocol-companies: the choices of the 'Protocol?' company selector.
 * They change with the company's client contracts, not during a shift: loaded once, kept 5 min.
 */
export function useProtocolCompanies() {
  return useQuery({
    queryKey: ['companies', 'protocol'],
    queryFn: ({ signal }) => apiWith(listProtocolCompanies, { signal }),
    select: rows,
    staleTime: 5 * 60_000,
  });
}
