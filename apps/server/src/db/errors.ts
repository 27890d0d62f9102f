/** Whether `error` is PostgreSQL refusing a row that breaks the unique index `index` (23505). */
export function isUniqueViolation(error: unknown, index: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === index;
}
