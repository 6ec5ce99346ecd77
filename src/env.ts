/**
 * The one place that reads process.env. Everything is validated with zod and fails fast
 * with a message that names the variable, so a misconfigured server never half-starts.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().min(0).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  /**
   * The PostgreSQL server itself, for what needs a session of its own: LISTEN, the migrations'
   * advisory lock. Default: DATABASE_URL. Set it when DATABASE_URL is a pooler (docs/decisions/075).
   */
  DATABASE_DIRECT_URL: optionalString,
  /** Connections in this instance's PostgreSQL pool (on DATABASE_URL). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Named prepared statements on the pool: `on`, `off` (a pooler that cannot keep them, such as
   * PgBouncer before 1.21 in transaction mode), or `auto` = off when DATABASE_DIRECT_URL differs
   * from DATABASE_URL, i.e. when a pooler is in front (docs/decisions/075).
   */
  DB_PREPARED_STATEMENTS: z.enum(["auto", "on", "off"]).default("auto"),
  NEXTAUTH_URL: optionalString,
  NEXTAUTH_SECRET: optionalString,
  SMTP_URL: optionalString,
  EMAIL_FROM: z.string().default("Tickerlab <no-reply@tickerlab.local>"),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  GITHUB_ID: optionalString,
  GITHUB_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().default("Single sign-on"),
  SESSION_POLL_SECONDS: positiveInt(0),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: flag,
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RATE_LIMIT_PER_ADDRESS: positiveInt(5),
  RATE_LIMIT_PER_IP: positiveInt(50),
  /** Requests per minute one API token may make (0: no limit); docs/decisions/031. */
  RATE_LIMIT_API_TOKEN_PER_MINUTE: positiveInt(120),
  /** Quiz cool-down (docs/decisions/043): after this many failed attempts in a row (0: never)… */
  QUIZ_COOL_DOWN_AFTER_FAILURES: positiveInt(3),
  /** …the next attempt waits this many minutes after the last failure (0: no wait). */
  QUIZ_COOL_DOWN_MINUTES: positiveInt(5),
  /** Test-only: POST /api/test/prices sets prices. Never on by default; the server warns loudly at boot. */
  TEST_PRICE_CONTROL: flag,
  /**
   * Test-only: every API answer is checked against its route's declared answer schema, a
   * mismatch answering 500 ANSWER_MISMATCH (docs/decisions/071). Off by default: production
   * pays nothing. The test servers and the in-process tests turn it on.
   */
  CHECK_ANSWERS: flag,
  /** Test-only: POST /api/test/tasks/{name} runs a scheduled task now. Never on by default; the server warns loudly at boot. */
  TEST_TASK_CONTROL: flag,
  /**
   * How often each live stream (/api/stream) sends its heartbeat comment and checks its person's
   * session, in ms: lower it behind a proxy that closes idle connections sooner. The integration
   * server runs with 3 s, so its tests of a revoked session do not wait 15 s (docs/testing.md).
   */
  STREAM_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /** How often the market simulator ticks, in ms; 0 turns it off (prices then stand still). */
  MARKET_TICK_MS: positiveInt(2000),
  /** PostgreSQL limits in ms, 0 = none: per session on the server, per transaction behind a pooler (src/server/db/client.ts, docs/decisions/025 and 075). */
  DB_STATEMENT_TIMEOUT_MS: positiveInt(60_000),
  DB_LOCK_TIMEOUT_MS: positiveInt(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(10_000),
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /**
   * Who may read GET /api/metrics: a comma-separated list of `loopback` (a direct connection
   * from this host, no X-Forwarded-For), `admin` (an admin's session), or `open` (anyone).
   */
  METRICS_ALLOW: z
    .string()
    .default("loopback,admin")
    .transform((v) => v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.enum(["loopback", "admin", "open"])).min(1, "name at least one of loopback, admin, open")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = Omit<z.infer<typeof schema>, "DATABASE_DIRECT_URL"> & {
  /** DATABASE_DIRECT_URL, or DATABASE_URL when it is not set (undefined on the embedded database). */
  DATABASE_DIRECT_URL: string | undefined;
  /** Whether the pool sends named prepared statements (DB_PREPARED_STATEMENTS resolved). */
  preparedStatements: boolean;
  /** The secret next-auth signs and encrypts with (configured, or generated into DATA_DIR). */
  NEXTAUTH_SECRET: string;
  /** Absolute origin of the app, e.g. http://localhost:3000. */
  APP_ORIGIN: string;
  usesEmbeddedDatabase: boolean;
};

function fail(message: string): never {
  // Thrown, not process.exit: Next shows it at start-up and tests can assert it.
  throw new Error(`Configuration error: ${message}`);
}

const WARNED = Symbol.for("tickerlab.secretWarning");

/** Once per process, however many bundles load this module. */
function warnOnce(message: string) {
  const holder = globalThis as { [WARNED]?: boolean };
  if (holder[WARNED]) return;
  holder[WARNED] = true;
  console.warn(message);
}

function resolveSecret(parsed: z.infer<typeof schema>): string {
  if (parsed.NEXTAUTH_SECRET) {
    if (parsed.NEXTAUTH_SECRET.length < 32) fail("NEXTAUTH_SECRET must be at least 32 characters.");
    return parsed.NEXTAUTH_SECRET;
  }
  if (parsed.DATABASE_URL) {
    fail(
      "NEXTAUTH_SECRET must be set when DATABASE_URL is set (generate one with `openssl rand -base64 32`).",
    );
  }
  const file = path.resolve(parsed.DATA_DIR, "secret");
  warnOnce(`[tickerlab] NEXTAUTH_SECRET is not set: using the generated secret kept in ${file}. Set NEXTAUTH_SECRET in production.`);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    // "wx": two processes starting at once must not overwrite each other's secret.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** A PostgreSQL connection URL, or a message that says what is wrong with it (never echoing a password). */
function checkDatabaseUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${name} is not a URL; expected postgres://user:password@host:port/database.`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") fail(`${name} must start with postgres:// or postgresql:// (this one starts with ${url.protocol}).`);
  if (!url.hostname && !url.searchParams.get("host")) fail(`${name} names no host; expected postgres://user:password@host:port/database.`);
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    fail(lines.join("; "));
  }
  const parsed = result.data;
  if (parsed.DATABASE_URL) checkDatabaseUrl("DATABASE_URL", parsed.DATABASE_URL);
  if (parsed.DATABASE_DIRECT_URL) {
    if (!parsed.DATABASE_URL) fail("DATABASE_DIRECT_URL is set but DATABASE_URL is not: set DATABASE_URL to the server (or its pooler) as well, or neither for the embedded database.");
    checkDatabaseUrl("DATABASE_DIRECT_URL", parsed.DATABASE_DIRECT_URL);
  }
  const directUrl = parsed.DATABASE_DIRECT_URL ?? parsed.DATABASE_URL;
  // A different direct URL means DATABASE_URL is a pooler (docs/decisions/075).
  const preparedStatements = parsed.DB_PREPARED_STATEMENTS === "auto" ? directUrl === parsed.DATABASE_URL : parsed.DB_PREPARED_STATEMENTS === "on";
  const origin = new URL(parsed.NEXTAUTH_URL ?? `http://localhost:${parsed.PORT}`).origin;
  if (parsed.NEXTAUTH_SECRET || parsed.DATABASE_URL) resolveSecret(parsed); // a bad or missing configured secret fails at start-up
  let secret: string | undefined;
  const config = { ...parsed, DATABASE_DIRECT_URL: directUrl, preparedStatements, APP_ORIGIN: origin, usesEmbeddedDatabase: !parsed.DATABASE_URL } as Env;
  // Resolved on first use, so tools that never sign anything (the user CLI) create no secret.
  Object.defineProperty(config, "NEXTAUTH_SECRET", { enumerable: true, get: () => (secret ??= resolveSecret(parsed)) });
  return config;
}

let cached: Env | undefined;

/** The validated environment, read once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
