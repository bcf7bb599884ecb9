/**
 * Whether an error (or one of its causes) is PostgreSQL's unique violation (23505) of the index
 * `index`: the rule a racing request broke, turned into a 422 on its field by the caller.
 */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === index || e.message.includes(index))) return true;
  }
  return false;
}
