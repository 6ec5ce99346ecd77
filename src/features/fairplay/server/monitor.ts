/**
 * The fair-play monitor's run (a scheduler task, src/boot.ts, after the live boards'
 * refresh): every event that is live or ended within MONITOR_ENDED_WITHIN_MS goes through
 * the event detectors, then the practice board through the resets detector. Each event's
 * statements run in one transaction fenced by the scheduler's lease.
 */
import { sql } from "drizzle-orm";
import { BOUNDARY_WINDOW_SHARE, RESETS_TOP_RANK } from "@/domain/fairplay";
import { replayDayBoundaries } from "@/features/events";
import { practiceTopPlaces } from "@/features/ranking";
import type { Db, Tx } from "@/server/db";
import { events } from "@/server/db/schema";
import {
  detectBracketWash,
  detectIlliquidSizing,
  detectImplausibleReturns,
  detectMarginCallEdge,
  detectMirrorTrading,
  detectRepeatedResets,
  detectReplayBoundaryTrading,
  detectSharedAddress,
} from "./detectors";

/** How often the monitor runs; its detectors read the live boards the 5-second refresh writes. */
export const FAIRPLAY_EVERY_MS = 30_000;
/** Events stay watched this long after their end: cheating is often seen only in the final standings. */
export const MONITOR_ENDED_WITHIN_MS = 7 * 86_400_000;

export interface MonitorContext {
  now: Date;
  /** The scheduler lease's fence; tests pass nothing. */
  fence?: (tx: Tx) => Promise<void>;
}

/** Runs every detector; returns how many flags were raised or had their evidence refreshed. */
export async function runFairPlayMonitor(db: Db, context: MonitorContext): Promise<number> {
  const { now } = context;
  const watched = await db
    .select()
    .from(events)
    .where(sql`${events.startsAt} <= ${now.toISOString()}::timestamptz and ${events.endsAt} > ${new Date(now.getTime() - MONITOR_ENDED_WITHIN_MS).toISOString()}::timestamptz and ${events.archivedAt} is null`);
  let touched = 0;
  for (const event of watched) {
    const boundaries = event.replay ? await replayDayBoundaries(db, event, now, BOUNDARY_WINDOW_SHARE) : [];
    touched += await db.transaction(async (tx) => {
      await context.fence?.(tx);
      let n = 0;
      n += await detectImplausibleReturns(tx, event, now);
      n += await detectMirrorTrading(tx, event, now);
      // A class contest's pupils share their school's address: not a signal there.
      if (!event.classId) n += await detectSharedAddress(tx, event, now);
      n += await detectReplayBoundaryTrading(tx, event, boundaries, now);
      n += await detectIlliquidSizing(tx, event, now);
      n += await detectMarginCallEdge(tx, event, now);
      n += await detectBracketWash(tx, event, now);
      return n;
    });
  }
  const ranked = await practiceTopPlaces(db, RESETS_TOP_RANK, now);
  touched += await db.transaction(async (tx) => {
    await context.fence?.(tx);
    return detectRepeatedResets(tx, now, ranked);
  });
  return touched;
}
