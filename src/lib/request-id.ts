/**
 * X-Request-Id: every answer carries one, and every log line written while answering
 * (docs/decisions/032-metrics.md). An incoming one is kept when it is sane — 1 to 128 of
 * letters, digits and `._:-`, so it cannot break a log line or a header — else a new UUID.
 * Framework-free: the proxy (pages) and apiRoute (API) both use it.
 */
export const REQUEST_ID_HEADER = "x-request-id";

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

export function isSaneRequestId(value: string): boolean {
  return SANE.test(value);
}

/** The incoming header's value when sane, else a new random id. */
export function acceptRequestId(incoming: string | readonly string[] | null | undefined): string {
  const value = typeof incoming === "string" ? incoming : incoming?.[0];
  return value !== undefined && isSaneRequestId(value) ? value : crypto.randomUUID();
}
