/**
 * A participant's report card for an event that has ended (issue #11): return against the
 * event's benchmark and the risk figures (the performance panel's "Event" figures, which the
 * board ranks by), the final holdings, how diversified the holdings were day by day, every
 * trade with its journal note, the best and worst closed trade (realised P&L, booked again by
 * the engine's own applyFill), and the lessons passed during the event. Figures come from
 * their owners; this gathers them.
 *
 * Who: the participant, for their own card (a team's member: the team's card); the event's
 * managers (`managesEvent`: admins, its organiser, a class contest's teachers) for anyone's
 * (`?user=`), and the list of every card (`reportCardIndex`). Anyone else, and a card of
 * someone who took no part: 404.
 */
import { and, asc, eq } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { eventPhase } from "@/domain/events";
import { addMoney, bookFills, concentrationOf, formatMoney, formatRatio, parseMoney, type Position } from "@/domain/trading";
import { passedLessons } from "@/features/learn";
import { portfolioPerformance, portfolioSummary } from "@/features/portfolio";
import { serializeFill, serializeOrder } from "@/features/trading";
import type { Db, DbOrTx } from "@/server/db";
import { eventParticipants, events, fills, orders, portfolios, teams, users } from "@/server/db/schema";
import { managesEvent, reportCardHref } from "./managers";
import { eventStandingsOf, rankOf } from "./standings";
import { teamParticipantOf } from "./access";

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
  const userId = options.userId || viewer.id;
  if (userId !== viewer.id && !(await managesEvent(db, event, viewer))) throw failures.notFound(NOT_FOUND);
  // Their own row, or (a team event) their team's: a member who did not found it reads the team's card.
  const row = await participantRowOf(db, event.id, userId);
  if (!row) throw failures.notFound(NOT_FOUND);
  if (eventPhase(event, now) !== "ended" || event.finalizedAt === null) {
    throw failures.conflict("EVENT_NOT_ENDED", "The report card is ready once the event has ended and its final standings are in.");
  }
  const [participant] = await db
    .select({ portfolio: portfolios, name: users.name, team: teams.name })
    .from(portfolios)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(teams, eq(teams.id, portfolios.teamId))
    .where(eq(portfolios.id, row.portfolioId));
  if (!participant) throw failures.notFound(NOT_FOUND);
  const portfolio = participant.portfolio;

  const [performance, summary, orderRows, fillRows, lessons, rank] = await Promise.all([
    portfolioPerformance(db, portfolio, "all", now),
    portfolioSummary(db, portfolio, now),
    db.select().from(orders).where(eq(orders.portfolioId, portfolio.id)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select().from(fills).where(eq(fills.portfolioId, portfolio.id)).orderBy(asc(fills.createdAt), asc(fills.id)),
    passedLessons(db, [userId], { from: event.startsAt, to: event.endsAt }),
    row.removedAt ? Promise.resolve(null) : rankOf(db, event, row.userId),
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
    participant: { id: userId, name: participant.name ?? "", team: participant.team, removed: row.removedAt !== null, you: userId === viewer.id },
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

async function participantRowOf(db: DbOrTx, eventId: string, userId: string) {
  const [own] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
  return own ?? (await teamParticipantOf(db, eventId, userId));
}

/**
 * Every report card of an ended event, for its managers (404 for anyone else, as for no
 * card): the final board's rows in its order, each with the address of its card. A row whose
 * account was deleted since has no card (its standing stays on the board).
 */
export async function reportCardIndex(db: Db, viewer: ReportCardViewer, slug: string, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event || !(await managesEvent(db, event, viewer))) throw failures.notFound(NOT_FOUND);
  if (eventPhase(event, now) !== "ended" || event.finalizedAt === null) {
    throw failures.conflict("EVENT_NOT_ENDED", "The report cards are ready once the event has ended and its final standings are in.");
  }
  const [board, present] = await Promise.all([
    eventStandingsOf(db, event),
    db.select({ userId: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, event.id)),
  ]);
  const cards = new Set(present.map((p) => p.userId));
  return {
    event: { slug: event.slug, title: event.title, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString(), metric: event.metric },
    items: board.items.map((item) => ({ rank: item.rank, tied: item.tied, name: item.name, userId: item.userId, href: cards.has(item.userId) ? reportCardHref(event.slug, item.userId) : null })),
  };
}

export type ReportCardIndex = Awaited<ReturnType<typeof reportCardIndex>>;
