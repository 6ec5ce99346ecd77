/** What the practice market needs at server start: the seed, and a loud word about test switches. */
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { env } from "@/env";
import type { Db } from "@/server/db";
import { logger } from "@/server/logger";
import { seedMarket } from "./seed";

export async function startMarket(db: Db) {
  const seeded = await seedMarket(db, BUNDLED_UNIVERSE);
  logger().info({ seeded }, "[start] market ready");
  if (env().TEST_PRICE_CONTROL) {
    const line = "TEST_PRICE_CONTROL is ON: anyone signed in can set prices through POST /api/test/prices. Never enable this on a real install.";
    logger().warn(line);
    console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
  }
  return seeded;
}
