/**
 * Runs once when the server starts: opens the database (migrations, demo content) before
 * the first request, so a broken configuration fails at start-up, loudly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./server/db");
  const { logger } = await import("./server/logger");
  const started = performance.now();
  try {
    const { kind } = await getDatabase();
    logger().info({ database: kind, ms: Math.round(performance.now() - started) }, "[start] database ready");
  } catch (error) {
    logger().fatal({ err: error }, "[start] could not open the database");
    process.exit(1);
  }
}
