import { startApp, type RunningApp } from "../../tests/setup/app-server";

/**
 * The app's server for a benchmark: as `npm start` runs it in production, but for what would
 * measure something else. Rate limits off (the work, not the limiter's refusals), logs at
 * `warn`, and no answer checking: the test servers check every answer against its schema
 * (CHECK_ANSWERS, docs/decisions/071), a copy and a parse of each answer that production never
 * pays (~0.08 ms of CPU an order).
 */
export const BENCH_APP_ENV = { RATE_LIMIT_PER_ADDRESS: "0", RATE_LIMIT_PER_IP: "0", LOG_LEVEL: "warn", CHECK_ANSWERS: "0" } as const;

/** startApp with BENCH_APP_ENV under `env` (which wins). */
export function startBenchApp(env: Record<string, string> = {}, options: Parameters<typeof startApp>[1] = {}): Promise<RunningApp> {
  return startApp({ ...BENCH_APP_ENV, ...env }, options);
}
