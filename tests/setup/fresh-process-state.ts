/**
 * The integration project runs its files with one module graph per worker (`isolate: false`,
 * docs/decisions/081): importing the whole app afresh for every file
 * was a large part of each pass's CPU. What a fresh process would not carry over from the file
 * before is reset here, before the file's own setup: the singletons the app keeps on globalThis
 * under `Symbol.for("tickerlab.…")` (database handle, hub, caches of the market day, realism and
 * history, logger, mailer, readiness), each recreated on first use as in a new process. The
 * previous file's `afterAll` (tests/setup/db.ts) has already stopped its hub and closed its database.
 */
const globals = globalThis as unknown as Record<symbol, unknown>;
for (const key of Object.getOwnPropertySymbols(globals)) {
  if (key.description?.startsWith("tickerlab.")) delete globals[key];
}
