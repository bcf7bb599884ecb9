import {
  createPolygon,
  createStand,
  deletePolygon,
  deleteStand,
  listPolygons,
  listStands,
  updatePolygon,
  updateStand,
} from '@common/zones/zones.api';
import type { Polygon, PolygonBody, Stand, StandBody } from '@common/zones/zones.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';

/** Query keys other screens share (the drivers map's 'Afișează zonele' reads the same zones). */
export const POLYGONS_KEY = ['polygons'] as const;
export const STANDS_KEY = ['stands'] as const;

/**
 * The queues of free drivers at the stands change as drivers arrive and leave; re-read them as
 * often as zone statistics are refreshed (30 s).
 */
export const STANDS_REFRESH_MS = 30_000;

/** GET /api/polygons: the zones of the caller's companies. */
export function usePolygons() {
  return useQuery({
    queryKey: POLYGONS_KEY,
    queryFn: ({ signal }) => apiWith(listPolygons, { signal }),
  });
}

/** GET /api/stands: the stands with their queues. */
export function useStands() {
  return useQuery({
    queryKey: STANDS_KEY,
    queryFn: ({ signal }) => apiWith(listStands, { signal }),
    refetchInterval: STANDS_REFRESH_MS,
  });
}

/** Puts a saved row into a cached list in place (or first, when new): the list updates at once. */
function upsert<T extends { id: number }>(rows: readonly T[] | undefined, row: T): T[] {
  if (!rows) return [row];
  return rows.some((r) => r.id === row.id)
    ? rows.map((r) => (r.id === row.id ? row : r))
    : [...rows, row];
}

/** POST /api/polygons (no id) or PATCH /api/polygons/{id}. Errors stay with the caller's form. */
export function useSavePolygon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PolygonBody }) =>
      id === null ? api(createPolygon, { body }) : api(updatePolygon, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Polygon[]>(POLYGONS_KEY, (rows) => upsert(rows, saved));
      void queryClient.invalidateQueries({ queryKey: POLYGONS_KEY });
    },
  });
}

export function useDeletePolygon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deletePolygon, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Polygon[]>(POLYGONS_KEY, (rows) => rows?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: POLYGONS_KEY });
    },
  });
}

/** POST /api/stands or PATCH /api/stands/{id}. */
export function useSaveStand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StandBody }) =>
      id === null ? api(createStand, { body }) : api(updateStand, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Stand[]>(STANDS_KEY, (rows) => upsert(rows, saved));
      void queryClient.invalidateQueries({ queryKey: STANDS_KEY });
    },
  });
}

export function useDeleteStand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteStand, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Stand[]>(STANDS_KEY, (rows) => rows?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: STANDS_KEY });
    },
  });
}
