/** The practice portfolio, who may see a portfolio, and its summary. */
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import {
  absMoney,
  formatMoney,
  type Money,
  moneyRatio,
  multiplyMoney,
  parseMoney,
  round4,
  roundCents,
  STARTING_CASH,
  subtractMoney,
  totalReturn,
  unrealisedPnl,
  valuePortfolio,
  ZERO,
} from "@/domain/trading";
import type { Db, DbOrTx } from "@/server/db";
import { instruments, ledgerEntries, orders, portfolios, positions } from "@/server/db/schema";
import { failures } from "@/domain/errors";
import { priceSourceFor } from "./pricing";
import { equityAt } from "./snapshots";
import { type PortfolioRow } from "./state";

/**
 * The person's practice portfolio, created with 100,000.00 on first call. Safe to run twice
 * or concurrently (Next retries page data): the partial unique index lets one insert win,
 * and everyone reads that row.
 */
export async function getOrCreatePracticePortfolio(db: Db, userId: string): Promise<PortfolioRow> {
  const existing = await findPractice(db, userId);
  if (existing) return existing;
  const starting = formatMoney(STARTING_CASH);
  await db.transaction(async (tx) => {
    const [created] = await tx.insert(portfolios).values({ userId, kind: "practice", startingCash: starting, cash: starting, reservedCash: "0.00" }).onConflictDoNothing().returning();
    if (created) await tx.insert(ledgerEntries).values({ portfolioId: created.id, kind: "deposit", amount: starting });
  });
  const row = await findPractice(db, userId);
  if (!row) throw new Error("The practice portfolio could not be created.");
  return row;
}

async function findPractice(db: DbOrTx, userId: string): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.kind, "practice")));
  return row;
}

export interface Viewer {
  id: string;
  role?: string;
}

/** A portfolio the viewer owns (admins may read any): 404 otherwise, so ids reveal nothing. */
export async function findPortfolioFor(db: DbOrTx, portfolioId: string, viewer: Viewer, purpose: "read" | "trade" = "read"): Promise<PortfolioRow> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  const allowed = row && (row.userId === viewer.id || (purpose === "read" && viewer.role === "admin"));
  if (!allowed) throw failures.notFound("There is no such portfolio.");
  return row;
}

const ratio = (value: number | null) => (value === null ? null : round4(value).toFixed(4));

/** 00:00 UTC of `at`'s day: the practice market's day starts there. */
const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * What today's change is measured from: the equity snapshot at 00:00 UTC (or the last one
 * before it), the starting cash of a portfolio opened today, or null when neither exists
 * (an older portfolio on a server that took no snapshot yet).
 */
async function startOfDayEquity(db: DbOrTx, portfolio: PortfolioRow, now: Date): Promise<Money | null> {
  const dayStart = startOfUtcDay(now);
  if (portfolio.createdAt >= dayStart) return parseMoney(portfolio.startingCash);
  const equity = await equityAt(db, portfolio.id, dayStart);
  return equity === null ? null : parseMoney(equity);
}

/** How long the notice of an automatic cover stays on the portfolio page. */
const NOTICE_DAYS = 7;

/**
 * Orders the system placed for the person (maintenance covers) in the last week: each
 * carries the reason in its message, shown as a notice so nobody wonders where a short went.
 */
async function recentNotices(db: DbOrTx, portfolioId: string, now: Date) {
  const since = new Date(now.getTime() - NOTICE_DAYS * 86_400_000);
  const rows = await db
    .select({ id: orders.id, symbol: orders.symbol, quantity: orders.quantity, message: orders.rejectMessage, at: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.portfolioId, portfolioId), eq(orders.status, "filled"), isNotNull(orders.rejectMessage), gte(orders.createdAt, since)))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return rows.map((r) => ({ id: r.id, symbol: r.symbol, quantity: r.quantity, message: r.message!, at: r.at.toISOString() }));
}

export async function portfolioSummary(db: DbOrTx, portfolio: PortfolioRow, now = new Date()) {
  const source = await priceSourceFor(db, portfolio);
  // A replay event's "day" is its dataset's trading day: its day change is against the previous close there.
  const [dayBaseline, notices] = await Promise.all([source.kind === "replay" ? Promise.resolve(null) : startOfDayEquity(db, portfolio, now), recentNotices(db, portfolio.id, now)]);
  const replayMarket = source.kind === "replay" ? await source.market(db, now) : null;
  const joined = await db
    .select({
      symbol: positions.symbol,
      quantity: positions.quantity,
      costBasis: positions.costBasis,
      realisedPnl: positions.realisedPnl,
      name: instruments.name,
      sector: instruments.sector,
      lastPrice: instruments.lastPrice,
      previousClose: instruments.previousClose,
    })
    .from(positions)
    .leftJoin(instruments, eq(instruments.symbol, positions.symbol))
    .where(eq(positions.portfolioId, portfolio.id));
  const rows = joined.flatMap((r) => {
    if (!replayMarket) return r.lastPrice === null ? [] : [{ ...r, name: r.name!, sector: r.sector!, lastPrice: r.lastPrice, previousClose: r.previousClose! }];
    // Replay prices only, whatever a practice instrument of the same symbol costs.
    const last = replayMarket.prices.get(r.symbol);
    if (last === undefined) return [];
    const previous = source.previousClose?.(r.symbol, now) ?? last;
    return [{ ...r, name: source.replay?.names.get(r.symbol) ?? r.symbol, sector: "Replay", lastPrice: formatMoney(last), previousClose: formatMoney(previous) }];
  });
  const prices = new Map(rows.map((r) => [r.symbol, parseMoney(r.lastPrice)]));
  const state = {
    cash: parseMoney(portfolio.cash),
    reservedCash: parseMoney(portfolio.reservedCash),
    positions: new Map(rows.map((r) => [r.symbol, { quantity: r.quantity, costBasis: parseMoney(r.costBasis), averageCost: ZERO, realisedPnl: parseMoney(r.realisedPnl) }])),
  };
  const value = valuePortfolio(state, prices);
  let realised = ZERO;
  let unrealised = ZERO;
  let dayChange = ZERO;
  const open = rows
    .map((r) => {
      const position = state.positions.get(r.symbol)!;
      const last = prices.get(r.symbol)!;
      realised = (realised + position.realisedPnl) as Money;
      if (r.quantity === 0) return null;
      const marketValue = multiplyMoney(last, r.quantity);
      const pnl = unrealisedPnl(position, last);
      unrealised = (unrealised + pnl) as Money;
      const change = multiplyMoney(subtractMoney(last, parseMoney(r.previousClose)), r.quantity);
      dayChange = (dayChange + change) as Money;
      const average = r.quantity > 0 ? roundCents(position.costBasis, BigInt(r.quantity), "up") : roundCents(-position.costBasis, BigInt(-r.quantity), "down");
      return {
        symbol: r.symbol,
        name: r.name,
        sector: r.sector,
        quantity: r.quantity,
        costBasis: formatMoney(position.costBasis),
        averageCost: formatMoney(average),
        lastPrice: formatMoney(last),
        marketValue: formatMoney(marketValue),
        unrealisedPnl: formatMoney(pnl),
        realisedPnl: formatMoney(position.realisedPnl),
        dayChange: formatMoney(change),
        weight: value.equity > 0n ? ratio(moneyRatio(absMoney(marketValue), value.equity)) : null,
      };
    })
    .filter((p) => p !== null)
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
  return {
    id: portfolio.id,
    kind: portfolio.kind,
    eventId: portfolio.eventId,
    startingCash: formatMoney(parseMoney(portfolio.startingCash)),
    cash: formatMoney(value.cash),
    reservedCash: formatMoney(value.reservedCash),
    longMarketValue: formatMoney(value.longMarketValue),
    shortMarketValue: formatMoney(value.shortMarketValue),
    equity: formatMoney(value.equity),
    buyingPower: formatMoney(value.buyingPower),
    totalReturn: ratio(totalReturn(parseMoney(portfolio.startingCash), value.equity)),
    /**
     * Equity now − equity at 00:00 UTC. Without a snapshot from before today, Σ quantity ×
     * (last − previous close) of the positions held now.
     */
    dayChange: formatMoney(dayBaseline === null ? dayChange : subtractMoney(value.equity, dayBaseline)),
    dayChangePct: dayBaseline === null ? null : ratio(totalReturn(dayBaseline, value.equity)),
    realisedPnl: formatMoney(realised),
    unrealisedPnl: formatMoney(unrealised),
    positions: open,
    notices,
    createdAt: portfolio.createdAt.toISOString(),
  };
}

export type PortfolioSummary = Awaited<ReturnType<typeof portfolioSummary>>;
