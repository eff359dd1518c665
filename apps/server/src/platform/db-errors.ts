/** The constraint name when `error` is a unique violation (SQLSTATE 23505) from PostgreSQL or PGlite. */
export function isUniqueViolation(error: unknown): string | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors in `cause`
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const err = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (err.code === '23505') return typeof err.constraint === 'string' ? err.constraint : 'unknown';
    e = err.cause;
  }
  return undefined;
}
