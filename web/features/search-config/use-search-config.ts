import {
  createPriorityInterval,
  createSearchInterval,
  deletePriorityInterval,
  deleteSearchInterval,
  listPriorityIntervals,
  listSearchIntervals,
  sortSearchIntervals,
  updateSearchInterval,
  updateSearchMethod,
} from '@common/dispatch/search-config.api';
import type {
  CreatePriorityBody,
  IntervalType,
  SearchInterval,
} from '@common/dispatch/search-config.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import type { PriorityUpdatedPayload } from '@common/realtime/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, apiWith } from '../../lib/api-client';
import { getSocket, subscribeSocketStatus } from '../../lib/socket';
import { toastApiError, toastSuccess } from '../../lib/toast';

/** TanStack Query keys of the search configuration. */
export const searchConfigKeys = {
  intervals: ['search-intervals'] as const,
  priority: ['users-intervals'] as const,
  priorityPage: (page: number) => ['users-intervals', page] as const,
};

/** GET /api/search-intervals: the company's intervals in order, with their methods. */
export function useSearchIntervals() {
  return useQuery({
    queryKey: searchConfigKeys.intervals,
    queryFn: ({ signal }) => apiWith(listSearchIntervals, { signal }),
  });
}

/** POST /api/search-intervals, weekdays and the whole day; 'Interval creat cu succes!'. */
export function useCreateInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(createSearchInterval, { body: {} }),
    onSuccess: (created) => {
      queryClient.setQueryData<SearchInterval[]>(searchConfigKeys.intervals, (rows) => [
        ...(rows ?? []),
        created,
      ]);
      toastSuccess('Interval creat cu succes!');
    },
    onError: (error) => toastApiError(error),
  });
}

/**
 * POST /api/search-intervals/sort {ids}: the list shows the new order at once and goes
 * back to the server's if it is refused; 'Ordinea de intervale, actualizată!'.
 */
export function useSortIntervals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api(sortSearchIntervals, { body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: searchConfigKeys.intervals });
      const previous = queryClient.getQueryData<SearchInterval[]>(searchConfigKeys.intervals);
      if (previous) {
        const byId = new Map(previous.map((row) => [row.id, row]));
        const next = ids.flatMap((id, position) => {
          const row = byId.get(id);
          return row ? [{ ...row, position }] : [];
        });
        queryClient.setQueryData(searchConfigKeys.intervals, next);
      }
      return { previous };
    },
    onSuccess: (sorted) => {
      queryClient.setQueryData(searchConfigKeys.intervals, sorted);
      toastSuccess('Ordinea de intervale, actualizată!');
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(searchConfigKeys.intervals, context.previous);
      toastApiError(error);
    },
  });
}

/** What the interval editor saves: its window and day, and its method's steps. */
export interface IntervalDraft {
  type: IntervalType;
  time_from: string;
  time_to: string;
  selected_day: number | null;
  custom_day: string | null;
  items: SearchItem[];
}

/**
 * PATCH /api/search-intervals/{id} then PATCH /api/search-methods/{id}; 'Salvat cu
 * succes!'. Errors stay with the editor (its fields show them) and are toasted.
 */
export function useSaveInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ interval, draft }: { interval: SearchInterval; draft: IntervalDraft }) => {
      await api(updateSearchInterval, {
        params: { id: interval.id },
        body: {
          type: draft.type,
          value: {
            time_from: draft.time_from,
            time_to: draft.time_to,
            selected_day: draft.type === 'weekdays' ? draft.selected_day : null,
            custom_day: draft.type === 'custom' ? draft.custom_day : null,
          },
        },
      });
      await api(updateSearchMethod, {
        params: { id: interval.search_method_id },
        body: { definitions: { items: draft.items } },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.intervals });
      toastSuccess('Salvat cu succes!');
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.intervals });
      toastApiError(error);
    },
  });
}

/** DELETE /api/search-intervals/{id}; 'Șters!'. */
export function useDeleteInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteSearchInterval, { params: { id } }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SearchInterval[]>(searchConfigKeys.intervals, (rows) =>
        rows?.filter((row) => row.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.intervals });
      toastSuccess('Șters!');
    },
    onError: (error) => toastApiError(error),
  });
}

/** GET /api/users-intervals?page&per_page (10 a page). */
export function usePriorityIntervals(page: number, enabled: boolean) {
  return useQuery({
    queryKey: searchConfigKeys.priorityPage(page),
    queryFn: ({ signal }) => apiWith(listPriorityIntervals, { signal }, { query: { page } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/users-intervals; 'Prioritate salvată!'. Field errors stay with the form. */
export function useCreatePriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePriorityBody) => api(createPriorityInterval, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.priority });
      toastSuccess('Prioritate salvată!');
    },
    onError: (error) => toastApiError(error),
  });
}

/** DELETE /api/users-intervals/{id}; 'Șters!'. */
export function useDeletePriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deletePriorityInterval, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.priority });
      toastSuccess('Șters!');
    },
    onError: (error) => toastApiError(error),
  });
}

/**
 * priority_updated: another dispatcher's change re-reads the open window's list. Bound
 * while the window is open, and again after the socket reconnects (a new socket object).
 */
export function usePriorityUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let bound: ReturnType<typeof getSocket> = null;
    const onUpdate = (_payload: PriorityUpdatedPayload) => {
      void queryClient.invalidateQueries({ queryKey: searchConfigKeys.priority });
    };
    const bind = () => {
      const socket = getSocket();
      if (socket === bound) return;
      bound?.off('priority_updated', onUpdate);
      socket?.on('priority_updated', onUpdate);
      bound = socket;
    };
    bind();
    const unsubscribe = subscribeSocketStatus(bind);
    return () => {
      unsubscribe();
      bound?.off('priority_updated', onUpdate);
    };
  }, [enabled, queryClient]);
}
