import type { Db } from "./client";

/**
 * Demo content loaded on every start. Each step must be idempotent and must never
 * overwrite what an admin changed: insert-if-missing only. Sections add their steps
 * here (instruments, courses, …). Demo content never contains accounts.
 */
const steps: Array<(db: Db) => Promise<void>> = [];

export async function seedDemoContent(db: Db): Promise<void> {
  for (const step of steps) await step(db);
}
