/**
 * The one kind of error a use-case throws: what went wrong in the product's words (a kind,
 * a stable code, a message for the person), never an HTTP status. The API layer owns the
 * one map from kind to status (src/server/http/api-route.ts); jobs and scripts read the
 * kind and code directly.
 */

export const ERROR_KINDS = [
  /** The input is not what the operation takes (fields say which). */
  "invalid",
  /** Nobody is signed in. */
  "unauthenticated",
  /** Signed in, but this person may not do this. */
  "forbidden",
  /** No such thing, or one the person may not know exists. */
  "not-found",
  /** The thing is in a state that does not allow this (already cancelled, already used). */
  "conflict",
  /** A rule of the product refused it (not enough cash, the event is not live, …). */
  "refused",
  /** Too many attempts: try again after `retryAfterSeconds`. */
  "rate-limited",
  /** Something we depend on cannot be reached right now: try again later. */
  "unavailable",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface DomainErrorOptions {
  /** Field name → message, for forms. */
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** More for programs, sent beside code and message (e.g. every problem of an import). */
  details?: Record<string, unknown>;
}

/** Marks a DomainError whichever copy of this module made it (Next bundles jobs and routes apart). */
const BRAND = Symbol.for("tickerlab.DomainError");

export class DomainError extends Error {
  readonly [BRAND] = true;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = "DomainError";
    if (options.fields) this.fields = options.fields;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.details) this.details = options.details;
  }
}

/**
 * Is this a DomainError? Use this, not `instanceof`: an error thrown by code of another bundle
 * (the trading engine's port is wired at start-up, in the instrumentation's bundle) is an
 * instance of that bundle's copy of the class.
 */
export function isDomainError(error: unknown): error is DomainError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

/** The usual errors, with the codes the API has always answered. */
export const failures = {
  invalid: (message: string, fields?: Record<string, string>) => new DomainError("invalid", "VALIDATION_FAILED", message, { fields }),
  unauthenticated: () => new DomainError("unauthenticated", "UNAUTHENTICATED", "Sign in to do this."),
  forbidden: (message = "You do not have permission to do this.", code = "FORBIDDEN") => new DomainError("forbidden", code, message),
  notFound: (message = "Not found.") => new DomainError("not-found", "NOT_FOUND", message),
  conflict: (code: string, message: string) => new DomainError("conflict", code, message),
  refused: (code: string, message: string, fields?: Record<string, string>) => new DomainError("refused", code, message, { fields }),
  rateLimited: (retryAfterSeconds: number, message: string) => new DomainError("rate-limited", "RATE_LIMITED", message, { retryAfterSeconds }),
  unavailable: (message: string, retryAfterSeconds = 5) => new DomainError("unavailable", "SERVICE_UNAVAILABLE", message, { retryAfterSeconds }),
};
