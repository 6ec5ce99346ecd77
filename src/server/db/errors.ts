/**
 * What PostgreSQL's errors mean to a use-case. Drizzle wraps the driver's error, so its
 * SQLSTATE is on the error or on its cause (PGlite and node-postgres alike).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
