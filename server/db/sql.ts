import { sql } from 'drizzle-orm';

/** A JS number array as one typed SQL parameter, for `column = any(…)`. */
export const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;
