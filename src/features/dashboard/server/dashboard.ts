/**
 * The dashboard's figures, each read from its owner: the practice portfolio's summary and its
 * last day of equity (portfolio), its open orders (trading), the open assignments of the
 * person's classes with their progress (classes), "my events" with ranks (events,
 * ranking), today's movers and their paths (market), learning and the own ranks. The number
 * of statements does not grow with the number of instruments, orders or events
 * (tests/integration/dashboard.test.ts counts them).
 */
import { topMovers } from "@/domain/market";
import { openAssignmentsFor } from "@/features/classes";
import { listEventsFor, myEvents } from "@/features/events";
import { learnerSummary } from "@/features/learn";
import { listInstruments, marketDay } from "@/features/market";
import { portfolioPerformance, portfolioSummary } from "@/features/portfolio";
import { ownRanks } from "@/features/ranking";
import { getOrCreatePracticePortfolio, listOrders } from "@/features/trading";
import { findUserById } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { hasRole } from "@/lib/roles";
import type { DashboardProps } from "../types";
import { adminStats } from "./admin-stats";

/** Open orders shown; the rest are a link away. */
export const DASHBOARD_OPEN_ORDERS = 5;
/** Gainers and losers shown, each. */
export const DASHBOARD_MOVERS = 3;
/** "My events" shown. */
export const DASHBOARD_EVENTS = 5;
/** Events offered to someone who is in none. */
const OPEN_EVENTS = 3;

/** Everything the dashboard shows for `userId`, or null when there is no such person. */
export async function dashboardFor(db: Db, userId: string, options: { timeZone: string; now?: Date }): Promise<DashboardProps | null> {
  const now = options.now ?? new Date();
  const row = await findUserById(db, userId);
  if (!row) return null;
  const viewer = { id: row.id, role: row.role };
  const portfolio = await getOrCreatePracticePortfolio(db, row.id);
  const [summary, performance, orders, mine, ranks, instruments, learning, stats, assignments] = await Promise.all([
    portfolioSummary(db, portfolio, now),
    portfolioPerformance(db, portfolio, "day", now),
    listOrders(db, portfolio.id, { status: "open", page: 1, pageSize: DASHBOARD_OPEN_ORDERS }),
    myEvents(db, viewer, { now, limit: DASHBOARD_EVENTS }),
    ownRanks(db, row.id, now),
    listInstruments(db),
    learnerSummary(db, row.id, options.timeZone, now),
    hasRole(row.role, "admin") ? adminStats(db) : Promise.resolve(null),
    openAssignmentsFor(db, row.id, { now }),
  ]);
  // Someone in no event is shown a few they could join (the events list's own order and rules).
  const open =
    mine.length > 0
      ? []
      : (await listEventsFor(db, viewer, { page: 1, pageSize: 10, now })).items
          .filter((e) => !e.joined && !e.removed && (e.status === "upcoming" || (e.status === "live" && e.lateEntry)))
          .slice(0, OPEN_EVENTS);
  const { gainers, losers } = topMovers(instruments, DASHBOARD_MOVERS);
  const day = await marketDay(db, { now, symbols: [...gainers, ...losers].map((i) => i.symbol) });
  const closes = new Map(day.items.map((p) => [p.symbol, p.closes]));
  const withPath = <T extends { symbol: string }>(i: T) => ({ ...i, closes: closes.get(i.symbol) ?? [] });
  return {
    user: {
      name: row.name ?? "",
      email: row.email,
      username: row.username,
      roster: row.kind === "roster",
      role: row.role,
      emailVerified: Boolean(row.emailVerified),
      timeZone: row.timeZone,
      memberSince: row.createdAt.toISOString(),
    },
    adminStats: stats,
    learning,
    portfolio: {
      equity: summary.equity,
      dayChange: summary.dayChange,
      dayStart: summary.dayStart ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString(),
      totalReturn: summary.totalReturn,
      cash: summary.cash,
      holdings: summary.positions.length,
      curve: { from: performance.points[0]?.at ?? now.toISOString(), equity: performance.points.map((p) => p.equity) },
    },
    ranks,
    openOrders: { items: orders.items, total: orders.total },
    assignments,
    events: { mine, open },
    movers: { start: day.start, stepMinutes: day.stepMinutes, gainers: gainers.map(withPath), losers: losers.map(withPath) },
    serverNow: now.toISOString(),
  };
}
