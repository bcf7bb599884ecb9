import type { ListUsersQuerySchema } from '@common/users/users.schema';
import type { z } from 'zod';
import { driverKeys } from '../drivers';

/** GET /api/users's query as the client sends it. */
export type ListUsersInput = z.input<typeof ListUsersQuerySchema>;

/** TanStack Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: ListUsersInput) => ['users', 'list', query] as const,
  /** The same entry as the driver card's, so the ban control updates the driver page too. */
  detail: driverKeys.detail,
  telephony: (id: number) => ['users', 'telephony', id] as const,
  companies: ['users', 'companies'] as const,
};
