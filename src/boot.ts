/**
 * The composition root, run once when the server starts (src/instrumentation.ts): open the
 * database (migrations), then load the demo content each section ships. It may import every
 * layer; nothing imports it.
 */
import { curriculum } from "@/features/learn/content";
import { seedCurriculum } from "@/features/learn/server/seed";
import { getDatabase } from "@/server/db";
import { logger } from "@/server/logger";

export async function boot(): Promise<void> {
  const started = performance.now();
  try {
    const { db, kind } = await getDatabase();
    const learn = await seedCurriculum(db, curriculum);
    logger().info(
      { database: kind, ms: Math.round(performance.now() - started), seeded: { courses: learn.courses, lessons: learn.lessons } },
      "[start] database ready",
    );
  } catch (error) {
    logger().fatal({ err: error }, "[start] could not open the database; stopping");
    process.exit(1);
  }
}
