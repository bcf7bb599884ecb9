import {
  createContent,
  getContent,
  getContentByUrl,
  listContent,
  updateContent,
} from '@common/content/content.api';
import type { ContentInput, ContentSection } from '@common/content/content.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';

const STALE_MS = 5 * 60_000;

/** GET /api/content/{id}: a public page's title and (server-sanitised) HTML. */
export function useContent(id: number | null) {
  return useQuery({
    queryKey: ['content', id],
    queryFn: ({ signal }) => apiWith(getContent, { signal }, { params: { id: id ?? 0 } }),
    staleTime: STALE_MS,
    enabled: id !== null,
  });
}

/** A public page by its address (/page/{url}, /documentation/{url}). */
export function useContentByUrl(section: ContentSection, url: string) {
  return useQuery({
    queryKey: ['content', section, url],
    queryFn: ({ signal }) => apiWith(getContentByUrl, { signal }, { params: { section, url } }),
    staleTime: STALE_MS,
  });
}

export function useContentList(section?: ContentSection) {
  return useQuery({
    queryKey: ['content-list', section ?? 'all'],
    queryFn: ({ signal }) =>
      apiWith(listContent, { signal }, { query: section ? { section } : {} }),
    staleTime: 60_000,
  });
}

/** The platform admin's writes (/content): a new page (id null) or an edit. */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContentInput }) =>
      id === null ? api(createContent, { body }) : api(updateContent, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['content', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['content-list'] });
      if (saved.url) queryClient.setQueryData(['content', saved.section, saved.url], saved);
    },
  });
}
