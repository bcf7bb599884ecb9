import { lookupClient } from '@common/clients/clients.api';
import { normalizePhone } from '@common/lib/phone';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

/**
 * The number once it is whole, normalised, else null: a Romanian one has its 9 digits after
 * +40, any other at least 10 digits. A number being typed is not looked up at every key.
 */
export function completePhone(input: string): string | null {
  const phone = normalizePhone(input);
  if (!phone) return null;
  if (phone.startsWith('+40')) return phone.length === 12 ? phone : null;
  return phone.length >= 11 ? phone : null;
}

/** GET /api/clients/lookup: the client and the block of a whole number (null: nothing asked). */
export function useClientLookup(phone: string | null) {
  return useQuery({
    queryKey: ['clients', 'lookup', phone],
    queryFn: ({ signal }) => apiWith(lookupClient, { signal }, { query: { phone: phone ?? '' } }),
    enabled: phone !== null,
    staleTime: 30_000,
    retry: false,
  });
}
