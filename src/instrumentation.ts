/**
 * Runs once when the server starts. A configuration error stops the start here, as Next shows
 * it (src/env.ts). Then boot.ts starts — the database (migrations), the demo content, the jobs —
 * without holding Next back, so the probes answer while it runs (GET /api/live 200,
 * GET /api/ready 503 "starting"); every other request waits for the start (whenStarted,
 * src/server/readiness.ts; docs/decisions/062). A start that fails stops the process, loudly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./env");
  env();
  const { boot } = await import("./boot");
  const { logger } = await import("./server/logger");
  // boot() logs and exits on its own failures; this catches what happens before its guard.
  boot().catch((error: unknown) => {
    logger().fatal({ err: error }, "[start] could not start; stopping");
    process.exit(1);
  });
}
