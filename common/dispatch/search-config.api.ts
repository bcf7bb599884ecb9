import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  CreateIntervalBodySchema,
  CreatePriorityBodySchema,
  IdParamsSchema,
  MethodBodySchema,
  PatchIntervalBodySchema,
  PriorityIntervalListSchema,
  PriorityIntervalSchema,
  PriorityListQuerySchema,
  SearchIntervalSchema,
  SearchMethodSchema,
  SortIntervalsBodySchema,
} from './search-config.schema';

/** GET /api/search-intervals: the caller's company's intervals in order, with methods. */
export const listSearchIntervals = defineEndpoint({
  method: 'GET',
  path: '/api/search-intervals',
  response: z.array(SearchIntervalSchema),
});

/** POST /api/search-intervals (weekdays, the whole day); toast 'Interval creat cu succes!'. */
export const createSearchInterval = defineEndpoint({
  method: 'POST',
  path: '/api/search-intervals',
  body: CreateIntervalBodySchema,
  response: SearchIntervalSchema,
  status: 201,
});

/** POST /api/search-intervals/sort {ids}: the new order; answers the list in it. */
export const sortSearchIntervals = defineEndpoint({
  method: 'POST',
  path: '/api/search-intervals/sort',
  body: SortIntervalsBodySchema,
  response: z.array(SearchIntervalSchema),
});

/** PATCH /api/search-intervals/{id}. */
export const updateSearchInterval = defineEndpoint({
  method: 'PATCH',
  path: '/api/search-intervals/:id',
  params: IdParamsSchema,
  body: PatchIntervalBodySchema,
  response: SearchIntervalSchema,
});

/** DELETE /api/search-intervals/{id} (its method too, when no other interval uses it). */
export const deleteSearchInterval = defineEndpoint({
  method: 'DELETE',
  path: '/api/search-intervals/:id',
  params: IdParamsSchema,
  response: z.null(),
  status: 204,
});

/** POST /api/search-methods {definitions: {items}}. */
export const createSearchMethod = defineEndpoint({
  method: 'POST',
  path: '/api/search-methods',
  body: MethodBodySchema,
  response: SearchMethodSchema,
  status: 201,
});

/** PATCH /api/search-methods/{id}. */
export const updateSearchMethod = defineEndpoint({
  method: 'PATCH',
  path: '/api/search-methods/:id',
  params: IdParamsSchema,
  body: MethodBodySchema,
  response: SearchMethodSchema,
});

/** GET /api/users-intervals?page&per_page (10 a page) → data and total. */
export const listPriorityIntervals = defineEndpoint({
  method: 'GET',
  path: '/api/users-intervals',
  query: PriorityListQuerySchema,
  response: PriorityIntervalListSchema,
});

/** POST /api/users-intervals {from, to, users[{id, indicativ}]}; 'Prioritate salvată!'. */
export const createPriorityInterval = defineEndpoint({
  method: 'POST',
  path: '/api/users-intervals',
  body: CreatePriorityBodySchema,
  response: PriorityIntervalSchema,
  status: 201,
});

/** DELETE /api/users-intervals/{id}. */
export const deletePriorityInterval = defineEndpoint({
  method: 'DELETE',
  path: '/api/users-intervals/:id',
  params: IdParamsSchema,
  response: z.null(),
  status: 204,
});
