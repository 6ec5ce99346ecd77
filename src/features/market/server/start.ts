/** What the practice market needs at server start: the seed, the simulator job, and a loud word about test switches. */
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { env } from "@/env";
import type { DatabaseHandle, Db } from "@/server/db";
import { logger } from "@/server/logger";
import { getHub } from "@/server/realtime/hub";
import { prepareHistoryFill } from "./history";
import { seedMarket } from "./seed";
import { SimulatorJob } from "./simulator-job";

const JOB = Symbol.for("tickerlab.marketSimulator");
type Holder = { [JOB]?: SimulatorJob };

export async function startMarket(db: Db, kind: DatabaseHandle["kind"]) {
  const seeded = await seedMarket(db, BUNDLED_UNIVERSE);
  logger().info({ seeded }, "[start] market ready");
  // A first start stopped before its older years were written: walk them again now, before ready (decision 058).
  if (seeded.tries === 0 && (await prepareHistoryFill(db))) logger().info("[start] the market's older years are still to be written; the market-history task finishes them");
  if (env().TEST_PRICE_CONTROL) {
    const line = "TEST_PRICE_CONTROL is ON: anyone signed in can set prices through POST /api/test/prices. Never enable this on a real install.";
    logger().warn(line);
    console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
  }
  const tickMs = env().MARKET_TICK_MS;
  const holder = globalThis as Holder;
  if (tickMs > 0 && !holder[JOB]) {
    const job = new SimulatorJob({ db, kind, tickMs, hub: getHub() });
    holder[JOB] = job;
    job.start();
    logger().info({ tickMs, holder: job.holder }, "[start] market simulator started");
  } else if (tickMs === 0) {
    logger().info("[start] MARKET_TICK_MS=0: the market simulator is off");
  }
  return seeded;
}

/** The running simulator job of this process, if any. */
export function marketJob(): SimulatorJob | undefined {
  return (globalThis as Holder)[JOB];
}

/** Stops the simulator (waiting for a tick in flight) and gives up its lease. Safe to call twice. */
export async function stopMarket(): Promise<void> {
  const holder = globalThis as Holder;
  const job = holder[JOB];
  delete holder[JOB];
  await job?.stop();
  await getHub().stop();
}
