/**
 * The one owner of "this error is the database being unreachable, not a fault of the
 * request": the session read (src/server/auth/session.ts), apiRoute, next-auth's wrapper, the
 * page guard and the probes (src/server/readiness.ts: GET /api/ready and /api/health) all ask
 * isDatabaseUnavailable(). Such an error never signs anyone out; the API answers 503
 * SERVICE_UNAVAILABLE with Retry-After and pages show "can't reach its database — retrying"
 * (docs/decisions/026-outage.md, 062-liveness-and-readiness.md).
 */
import { failures, type DomainError } from "@/domain/errors";

/** What an outage answer tells clients to wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Operating-system errors of a socket to the database server (refused, reset, unroutable, …). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EADDRNOTAVAIL",
]);

/**
 * SQLSTATEs that say the server cannot serve us right now, not that the statement is wrong:
 * class 08 (connection exception) by prefix — PgBouncer reports its own failures as 08P01
 * (query_wait_timeout while paused, "pgbouncer cannot connect to server", a disabled
 * database) —, and these.
 */
const SQLSTATES = new Set([
  "57P01", // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57P05", // idle_session_timeout: the server closed the connection
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout, or cancelled by an operator
  "55P03", // lock_not_available: lock_timeout
  "25P03", // idle_in_transaction_session_timeout
]);

/**
 * SQLSTATEs that mean "away" only when the server ends the session with them (severity FATAL):
 * 55000 object_not_in_prerequisite_state is what a database refusing new connections answers
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`: "database "x" is not currently accepting
 * connections"), and the same code in an ERROR is an ordinary statement fault (currval before
 * nextval, …) that keeps its 500.
 */
const FATAL_SQLSTATES = new Set(["55000"]);

/**
 * node-postgres and its pool raise these as plain Errors without a code (pg 8: a socket closed
 * under a query, the pool's connectionTimeoutMillis, a client whose connection failed, a pool
 * already ended by shutdown).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "…unexpectedly", "…due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/, // "Client has encountered a connection error and is not queryable", "Client was closed and …"
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/, // the embedded database closed by the shutdown under a late request
];

function isUnavailableItself(error: object): boolean {
  const { code, message, severity } = error as { code?: unknown; message?: unknown; severity?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (severity === "FATAL" && FATAL_SQLSTATES.has(code)) return true;
  }
  return typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Is this error (or what it wraps: Drizzle's DrizzleQueryError keeps the driver's error as
 * `cause`; a connection to several addresses fails with an AggregateError) the database or
 * its pool failing? Decided by codes and the driver's messages, never `instanceof`: errors
 * cross bundle boundaries.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** What apiRoute answers (503 SERVICE_UNAVAILABLE, Retry-After) instead of such an error. */
export function databaseUnavailableFailure(): DomainError {
  return failures.unavailable("Tickerlab can't reach its database right now. It retries by itself: try again in a few seconds.", DATABASE_RETRY_AFTER_SECONDS);
}
