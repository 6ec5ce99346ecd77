/**
 * The composition root, run once when the server starts (src/instrumentation.ts): open the
 * database (migrations), then load the demo content each section ships. It may import every
 * layer; nothing imports it.
 */
import { curriculum } from "@/features/learn/content";
import { seedCurriculum } from "@/features/learn/server/seed";
import { startMarket } from "@/features/market/server/start";
import { getDatabase } from "@/server/db";
import { logger } from "@/server/logger";

export async function boot(): Promise<void> {
  const started = performance.now();
  try {
    const { db, kind } = await getDatabase();
    const learn = await seedCurriculum(db, curriculum);
    await startMarket(db);
    logger().info(
      { database: kind, ms: Math.round(performance.now() - started), seeded: { courses: learn.courses, lessons: learn.lessons } },
      "[start] database ready",
    );
  } catch (error) {
    // A failed bulk insert carries every parameter in its message: keep the log readable.
    const err = error as Error & { cause?: Error };
    logger().fatal(
      { message: String(err.message).slice(0, 2000), cause: err.cause ? String(err.cause.message).slice(0, 2000) : undefined, stack: err.stack?.slice(0, 4000) },
      "[start] could not open the database; stopping",
    );
    process.exit(1);
  }
}
