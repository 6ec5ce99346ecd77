/**
 * Rows ↔ the trading domain. Everything that changes a portfolio runs inside one
 * transaction that first locks the portfolio row (SELECT … FOR UPDATE): orders, fills,
 * positions, cash and ledger of a portfolio only change under that lock.
 */
import { eq } from "drizzle-orm";
import {
  type AppliedFill,
  type Fill,
  formatMoney,
  type Money,
  type OrderSpec,
  parseMoney,
  type PortfolioState,
  type Position,
  roundCents,
  ZERO,
} from "@/domain/trading";
import type { DbOrTx, Tx } from "@/server/db";
import { fills, instruments, ledgerEntries, orders, portfolios, positions } from "@/server/db/schema";

export type PortfolioRow = typeof portfolios.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;

export const money = (text: string): Money => parseMoney(text);
export const $ = formatMoney;

export async function lockPortfolio(tx: Tx, portfolioId: string): Promise<PortfolioRow | undefined> {
  const [row] = await tx.select().from(portfolios).where(eq(portfolios.id, portfolioId)).for("update");
  return row;
}

function averageCost(quantity: number, costBasis: Money): Money {
  if (quantity === 0) return ZERO;
  return quantity > 0 ? roundCents(costBasis, BigInt(quantity), "up") : roundCents(-costBasis, BigInt(-quantity), "down");
}

export async function loadState(tx: Tx, portfolio: PortfolioRow): Promise<PortfolioState> {
  const rows = await tx.select().from(positions).where(eq(positions.portfolioId, portfolio.id));
  const map = new Map<string, Position>();
  for (const r of rows) {
    const costBasis = money(r.costBasis);
    map.set(r.symbol, { quantity: r.quantity, costBasis, averageCost: averageCost(r.quantity, costBasis), realisedPnl: money(r.realisedPnl) });
  }
  return { cash: money(portfolio.cash), reservedCash: money(portfolio.reservedCash), positions: map };
}

export interface Market {
  prices: Map<string, Money>;
  inactiveSymbols: Set<string>;
  /** Listed, never traded: the benchmark index. */
  untradableSymbols?: Set<string>;
}

/** Last prices of the whole universe (a few dozen rows), which instruments are inactive, and which are indexes. */
export async function loadMarket(tx: DbOrTx): Promise<Market> {
  const rows = await tx.select({ symbol: instruments.symbol, lastPrice: instruments.lastPrice, active: instruments.active, kind: instruments.kind }).from(instruments);
  return {
    prices: new Map(rows.map((r) => [r.symbol, money(r.lastPrice)])),
    inactiveSymbols: new Set(rows.filter((r) => !r.active).map((r) => r.symbol)),
    untradableSymbols: new Set(rows.filter((r) => r.kind === "index").map((r) => r.symbol)),
  };
}

/** The domain's view of a stored order. A triggered stop-limit rests as a plain limit. */
export function specOf(row: Pick<OrderRow, "symbol" | "side" | "type" | "quantity" | "limitPrice" | "stopPrice" | "timeInForce" | "triggered">): OrderSpec {
  const base = { symbol: row.symbol, side: row.side, quantity: row.quantity, timeInForce: row.timeInForce };
  switch (row.type) {
    case "market":
      return { ...base, type: "market" };
    case "limit":
      return { ...base, type: "limit", limitPrice: money(row.limitPrice!) };
    case "stop":
      return { ...base, type: "stop", stopPrice: money(row.stopPrice!) };
    case "stop-limit":
      return row.triggered
        ? { ...base, type: "limit", limitPrice: money(row.limitPrice!) }
        : { ...base, type: "stop-limit", stopPrice: money(row.stopPrice!), limitPrice: money(row.limitPrice!) };
  }
}

/** Writes a fill: the fill row, the position, and the ledger (trade and commission). Cash is saved by saveCash. */
export async function bookFill(
  tx: Tx,
  options: { portfolioId: string; orderId: string; fill: Fill; applied: AppliedFill; state: PortfolioState; now: Date; reasonPrefix?: string },
): Promise<FillRow> {
  const { portfolioId, orderId, fill, applied, state, now } = options;
  const [row] = await tx
    .insert(fills)
    .values({
      orderId,
      portfolioId,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: $(fill.price),
      commission: $(applied.commission),
      reason: options.reasonPrefix ? `${options.reasonPrefix} ${fill.reason}` : fill.reason,
      createdAt: now,
    })
    .returning();
  const trade = (applied.cashChange + applied.commission) as Money;
  const entries: Array<typeof ledgerEntries.$inferInsert> = [{ portfolioId, kind: "trade", amount: $(trade), orderId, fillId: row!.id, createdAt: now }];
  if (applied.commission !== 0n) entries.push({ portfolioId, kind: "commission", amount: $(-applied.commission as Money), orderId, fillId: row!.id, createdAt: now });
  await tx.insert(ledgerEntries).values(entries);
  const position = state.positions.get(fill.symbol)!;
  const values = { quantity: position.quantity, costBasis: $(position.costBasis), realisedPnl: $(position.realisedPnl), updatedAt: now };
  await tx
    .insert(positions)
    .values({ portfolioId, symbol: fill.symbol, ...values })
    .onConflictDoUpdate({ target: [positions.portfolioId, positions.symbol], set: values });
  return row!;
}

export async function saveCash(tx: Tx, portfolioId: string, state: PortfolioState, now: Date): Promise<void> {
  await tx.update(portfolios).set({ cash: $(state.cash), reservedCash: $(state.reservedCash), updatedAt: now }).where(eq(portfolios.id, portfolioId));
}
