import { z } from 'zod';

/** Largest page any list answers (DESIGN §7 Limits: `per_page` capped). */
export const MAX_PER_PAGE = 100;

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(15),
};

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  });
