/**
 * The one map from what went wrong (src/domain/errors.ts, a kind) to an HTTP status. Use-cases
 * never choose a status; apiRoute asks this map, and pages map "not-found" to a 404 page.
 */
import type { ErrorKind } from "@/domain/errors";

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  refused: 422,
  "rate-limited": 429,
  unavailable: 503,
};
