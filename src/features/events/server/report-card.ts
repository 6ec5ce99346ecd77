/**
 * A participant's report card for an event that has ended (issue #11): return against the
 * event's benchmark and the risk figures (the performance panel's "Event" figures, which the
 * board ranks by), the final holdings, how diversified the holdings were day by day, every
 * trade with its journal note, the best and worst closed trade (realised P&L, booked again by
 * the engine's own applyFill), and the lessons passed during the event. Figures come from
 * their owners; this gathers them.
 *
 * Who: the participant, for their own card; the event's organiser (who created it) and admins
 * for anyone's (`?user=`). Anyone else, and a card of someone who took no part: 404.
 */
import { and, asc, eq } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { eventPhase } from "@/domain/events";
import { addMoney, bookFills, concentrationOf, formatMoney, formatRatio, parseMoney, type Position } from "@/domain/trading";
import { passedLessons } from "@/features/learn";
import { portfolioPerformance, portfolioSummary } from "@/features/portfolio";
import { serializeFill, serializeOrder } from "@/features/trading";
import { hasRole } from "@/lib/roles";
import type { Db } from "@/server/db";
import { eventParticipants, events, fills, orders, portfolios, users } from "@/server/db/schema";
import { rankOf } from "./standings";

export interface ReportCardViewer {
  id: string;
  role?: string;
}

const NOT_FOUND = "There is no report card here.";
const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export async function reportCardFor(db: Db, viewer: ReportCardViewer, slug: string, options: { userId?: string | null; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event) throw failures.notFound(NOT_FOUND);
  const mayViewAny = hasRole(viewer.role, "admin") || (event.createdBy !== null && event.createdBy === viewer.id);
  const userId = options.userId || viewer.id;
  if (userId !== viewer.id && !mayViewAny) throw failures.notFound(NOT_FOUND);
  const [participant] = await db
    .select({ portfolio: portfolios, name: users.name, removedAt: eventParticipants.removedAt })
    .from(eventParticipants)
    .innerJoin(portfolios, eq(portfolios.id, eventParticipants.portfolioId))
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, userId)));
  if (!participant) throw failures.notFound(NOT_FOUND);
  if (eventPhase(event, now) !== "ended" || event.finalizedAt === null) {
    throw failures.conflict("EVENT_NOT_ENDED", "The report card is ready once the event has ended and its final standings are in.");
  }
  const portfolio = participant.portfolio;

  const [performance, summary, orderRows, fillRows, lessons, rank] = await Promise.all([
    portfolioPerformance(db, portfolio, "all", now),
    portfolioSummary(db, portfolio, now),
    db.select().from(orders).where(eq(orders.portfolioId, portfolio.id)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select().from(fills).where(eq(fills.portfolioId, portfolio.id)).orderBy(asc(fills.createdAt), asc(fills.id)),
    passedLessons(db, [userId], { from: event.startsAt, to: event.endsAt }),
    participant.removedAt ? Promise.resolve(null) : rankOf(db, event, userId),
  ]);

  // A reversed fill and its compensation cancel out (docs/decisions/041-corrections.md): neither is a trade.
  const reversed = new Set(fillRows.flatMap((f) => (f.reversalOf ? [f.reversalOf] : [])));
  const standing = fillRows.filter((f) => !f.reversalOf && !reversed.has(f.id));
  // Every fill booked again in order: its realised P&L and the holdings after it.
  const booked = bookFills(standing.map((f) => ({ id: f.id, symbol: f.symbol, side: f.side, quantity: f.quantity, price: parseMoney(f.price), commission: parseMoney(f.commission) })));
  const realisedOf = new Map(booked.map((b) => [b.id, b]));

  // Diversification: the holdings at the end of each UTC day of the event.
  const days: Array<{ day: string; holdings: number; largestShare: string | null }> = [];
  let next = 0;
  let positions: ReadonlyMap<string, Position> = new Map();
  const lastDay = new Date(Math.floor((event.endsAt.getTime() - 1) / DAY_MS) * DAY_MS);
  for (let day = new Date(Math.floor(event.startsAt.getTime() / DAY_MS) * DAY_MS); day <= lastDay; day = new Date(day.getTime() + DAY_MS)) {
    const end = day.getTime() + DAY_MS;
    while (next < standing.length && standing[next]!.createdAt.getTime() < end) positions = booked[next++]!.positions;
    const c = concentrationOf(positions);
    days.push({ day: utcDay(day), holdings: c.holdings, largestShare: formatRatio(c.largestShare) });
  }

  const fillsByOrder = new Map<string, typeof standing>();
  for (const f of standing) fillsByOrder.set(f.orderId, [...(fillsByOrder.get(f.orderId) ?? []), f]);
  const trades = orderRows
    .filter((o) => fillsByOrder.has(o.id))
    .map((o) => {
      const own = fillsByOrder.get(o.id)!;
      const closing = own.some((f) => realisedOf.get(f.id)!.closing);
      const realised = addMoney(...own.map((f) => realisedOf.get(f.id)!.realisedPnl));
      return { order: serializeOrder(o), fills: own.map(serializeFill), realisedPnl: closing ? formatMoney(realised) : null };
    });
  const closed = trades.filter((t) => t.realisedPnl !== null);
  const byPnl = [...closed].sort((a, b) => {
    const d = parseMoney(b.realisedPnl!) - parseMoney(a.realisedPnl!);
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  });

  return {
    event: { slug: event.slug, title: event.title, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString(), metric: event.metric },
    participant: { id: userId, name: participant.name ?? "", removed: participant.removedAt !== null, you: userId === viewer.id },
    rank,
    startingCash: summary.startingCash,
    finalEquity: summary.equity,
    benchmark: performance.benchmark,
    metrics: performance.metrics,
    points: performance.points,
    holdings: summary.positions,
    diversification: days,
    trades,
    journalEntries: orderRows.filter((o) => o.note !== null).length,
    best: byPnl[0] ?? null,
    worst: byPnl.length > 1 ? byPnl[byPnl.length - 1]! : null,
    lessons: lessons.map(({ userId: _, ...lesson }) => lesson),
  };
}

export type ReportCard = Awaited<ReturnType<typeof reportCardFor>>;
