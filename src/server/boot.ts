import { getDatabase } from "./db";
import { logger } from "./logger";

export async function boot(): Promise<void> {
  const started = performance.now();
  try {
    const { kind } = await getDatabase();
    logger().info({ database: kind, ms: Math.round(performance.now() - started) }, "[start] database ready");
  } catch (error) {
    logger().fatal({ err: error }, "[start] could not open the database; stopping");
    process.exit(1);
  }
}
