import { getContent } from '@common/content/content.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';

/** SPEC §7 GET /api/content/{id}: a public page's title and (server-sanitised) HTML. */
export function useContent(id: number) {
  return useQuery({
    queryKey: ['content', id],
    queryFn: ({ signal }) => apiWith(getContent, { signal }, { params: { id } }),
    staleTime: 5 * 60_000,
  });
}
