/**
 * The composition root's scheduled tasks (src/server/jobs/scheduler.ts runs them, each under
 * its own lease). boot.ts starts them; the scheduler's tests run these same tasks. It may
 * import every feature; nothing below imports it.
 */
import { ASSIGNMENT_DUE_EVERY_MS, freezeDueAssignments } from "@/features/classes";
import { advanceReplays, EVENT_LIFECYCLE_EVERY_MS, finalizeDueEvents, REPLAY_EVERY_MS } from "@/features/events";
import { FAIRPLAY_EVERY_MS, runFairPlayMonitor } from "@/features/fairplay";
import { fillMarketHistory } from "@/features/market";
import { LEAGUE_REFRESH_MS, LEAGUE_ROLLOVER_MS, refreshLeagues, rolloverLeagues } from "@/features/leagues";
import { pruneSnapshots, SNAPSHOT_EVERY_MS, takeSnapshots } from "@/features/portfolio";
import { EVENT_REFRESH_MS, PRACTICE_REFRESH_MS, refreshLiveEventBoards, refreshPracticeAndXp } from "@/features/ranking";
import { accrueMarginDay, MARGIN_ACCRUAL_EVERY_MS } from "@/features/trading";
import type { ScheduledTask } from "@/server/jobs/scheduler";
import { PRUNE_LIVE_EVENTS_EVERY_MS, pruneLiveEvents } from "@/server/realtime/hub";

export const SCHEDULED_TASKS: readonly ScheduledTask[] = [
  // A first start's older years of candles, after the server said ready (docs/decisions/058); a no-op once written.
  { name: "market-history", everyMs: 60_000, run: ({ db, fence }) => fillMarketHistory(db, { fence }) },
  { name: "equity-snapshots", everyMs: SNAPSHOT_EVERY_MS, run: ({ db, due }) => takeSnapshots(db, due) },
  // Live events are kept for streams that reconnect, a few minutes (docs/decisions/078).
  { name: "prune-live-events", everyMs: PRUNE_LIVE_EVENTS_EVERY_MS, run: ({ db, now }) => pruneLiveEvents(db, now) },
  { name: "prune-snapshots", everyMs: 3_600_000, run: ({ db, now }) => pruneSnapshots(db, now) },
  { name: "ranking-practice-xp", everyMs: PRACTICE_REFRESH_MS, run: ({ db, now, fence }) => refreshPracticeAndXp(db, { now, fence }) },
  // The weekly leagues: the week rolls over within seconds of Monday 00:00 UTC; standings every minute (docs/decisions/045).
  { name: "league-rollover", everyMs: LEAGUE_ROLLOVER_MS, run: ({ db, now, fence }) => rolloverLeagues(db, { now, fence }) },
  { name: "leagues", everyMs: LEAGUE_REFRESH_MS, run: ({ db, now, fence }) => refreshLeagues(db, { now, fence }) },
  { name: "ranking-live-events", everyMs: EVENT_REFRESH_MS, run: ({ db, now, fence }) => refreshLiveEventBoards(db, { now, fence }) },
  // The fair-play detectors over events' trades and the boards the refresh wrote (docs/decisions/046).
  { name: "fair-play", everyMs: FAIRPLAY_EVERY_MS, run: ({ db, now, fence }) => runFairPlayMonitor(db, { now, fence }) },
  // Ends events at their end instant (within a second), whatever else is running: orders cancelled, standings frozen.
  { name: "event-lifecycle", everyMs: EVENT_LIFECYCLE_EVERY_MS, run: ({ db, now, fence }) => finalizeDueEvents({ db, now, fence }) },
  // Records the position weights at each assignment's due instant (within a second), for its max-weight tasks.
  { name: "assignment-due", everyMs: ASSIGNMENT_DUE_EVERY_MS, run: ({ db, now, fence }) => freezeDueAssignments({ db, now, fence }) },
  // Plays replay events on their own clocks: resting orders their paths cross, day orders at each dataset day's end.
  { name: "event-replays", everyMs: REPLAY_EVERY_MS, run: ({ db, now, fence }) => advanceReplays({ db, now, fence }) },
  // Yesterday's interest and borrow fees, once per portfolio and day (docs/decisions/070): the first look after midnight books them.
  { name: "margin-accruals", everyMs: MARGIN_ACCRUAL_EVERY_MS, run: ({ db, now, fence }) => accrueMarginDay(db, { now, fence }) },
];
