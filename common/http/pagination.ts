import { z } from 'zod';

/** Largest page any list answers (`per_page` capped). */
export const MAX_PER_PAGE = 100;

/**
 * A list's page size is capped, so a larger one is cut to MAX_PER_PAGE rather
 * than refused (the order lists); a non-number or one below 1 is still a 422.
 * `pageQuery` (the users list) still refuses a larger one, as its tests hold.
 */
export const perPageQuery = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, MAX_PER_PAGE))
    .default(fallback);

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(15),
};

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  });
