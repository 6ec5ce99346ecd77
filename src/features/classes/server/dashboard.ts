/**
 * The class dashboard (issue #11): per student their last activity, trades this week,
 * lessons passed, return and risk, and journal entries — for the class's teachers and admins
 * only (`managed`). Every figure comes from its owner: trading activity from the trading
 * feature, lessons from learn, return and risk from the performance panel's range figures
 * (`rangePoints` + `rangeMetrics`, over the practice portfolio's last 7 days of hourly
 * snapshots, the panel's "Week"). A fixed number of statements for the whole class.
 */
import { and, eq, inArray } from "drizzle-orm";
import { periodStart } from "@/domain/ranking";
import { lastLearningActivity, passedLessons } from "@/features/learn";
import { rangeMetrics, rangePoints, RANGE_WINDOWS, rangeStart, type RangeMetrics, snapshotSeriesOf } from "@/features/portfolio";
import { equityOf, tradingActivityOf } from "@/features/trading";
import type { Db } from "@/server/db";
import { classMembers, portfolios, users } from "@/server/db/schema";
import { managed, type Viewer } from "./classes";

/** The range the dashboard's return and risk cover: the performance panel's "Week". */
export const DASHBOARD_RANGE = "week" as const;

export interface DashboardStudent {
  id: string;
  name: string;
  /** The latest of their last order and their last step in Learn; null when they did neither. */
  lastActivityAt: string | null;
  /** Fills since Monday 00:00 UTC (the boards' week), over all their portfolios. */
  tradesThisWeek: number;
  lessonsPassed: number;
  journalEntries: number;
  /** Their practice portfolio's figures over the range; null when they never opened it. */
  practice: { equity: string; metrics: RangeMetrics } | null;
}

export async function classDashboard(db: Db, viewer: Viewer, classId: string, now = new Date()) {
  const { row } = await managed(db, classId, viewer);
  const students = await db
    .select({ id: users.id, name: users.name })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.role, "student")));
  students.sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  const ids = students.map((s) => s.id);
  const weekStart = periodStart("week", now)!;
  const practiceRows = ids.length
    ? await db
        .select({ id: portfolios.id, userId: portfolios.userId, startingCash: portfolios.startingCash, createdAt: portfolios.createdAt })
        .from(portfolios)
        .where(and(inArray(portfolios.userId, ids), eq(portfolios.kind, "practice")))
    : [];
  const practiceIds = practiceRows.map((p) => p.id);
  const [activity, learning, passed, values, series] = await Promise.all([
    tradingActivityOf(db, ids, weekStart),
    lastLearningActivity(db, ids),
    passedLessons(db, ids),
    equityOf(db, practiceIds),
    snapshotSeriesOf(db, practiceIds, DASHBOARD_RANGE, now),
  ]);
  const passedCount = new Map<string, number>();
  for (const p of passed) passedCount.set(p.userId, (passedCount.get(p.userId) ?? 0) + 1);
  const practiceOf = new Map(practiceRows.map((p) => [p.userId, p]));
  const { stepMs } = RANGE_WINDOWS[DASHBOARD_RANGE];
  const from = rangeStart(DASHBOARD_RANGE, now);

  const rows: DashboardStudent[] = students.map((s) => {
    const trading = activity.get(s.id)!;
    const learned = learning.get(s.id) ?? null;
    const last = [trading.lastOrderAt, learned].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    const portfolio = practiceOf.get(s.id);
    const current = portfolio && values.get(portfolio.id);
    let practice: DashboardStudent["practice"] = null;
    if (portfolio && current) {
      const snapshots = series.get(portfolio.id) ?? [];
      const raw = rangePoints(snapshots, { opened: portfolio.createdAt, from, startingCash: portfolio.startingCash, now, current });
      practice = { equity: current.equity, metrics: rangeMetrics(snapshots, raw, { stepMs, startingCash: portfolio.startingCash }) };
    }
    return {
      id: s.id,
      name: s.name ?? "",
      lastActivityAt: last?.toISOString() ?? null,
      tradesThisWeek: trading.tradesSince,
      lessonsPassed: passedCount.get(s.id) ?? 0,
      journalEntries: trading.journalEntries,
      practice,
    };
  });
  return { id: row.id, name: row.name, range: DASHBOARD_RANGE, weekStart: weekStart.toISOString(), students: rows };
}

export type ClassDashboard = Awaited<ReturnType<typeof classDashboard>>;
