/** Reading a portfolio back from the database and checking PRODUCT.md's accounting identities. */
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { parseMoney } from "@/domain/trading";
import type { Db } from "@/server/db";
import { fills, ledgerEntries, orders, portfolioCorrections, portfolios, positions } from "@/server/db/schema";

const m = parseMoney;

export async function portfolioRow(db: Db, id: string) {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, id));
  return row!;
}

/**
 * cash = Σ ledger, cash = starting − Σ buys + Σ sells − Σ commissions + Σ adjustments + Σ
 * interest and borrow fees (a compensating fill is a fill of the opposite side with its
 * commission negative), position = Σ signed fills, cash ≥ 0 (a cash account: margin tests
 * check cash = Σ ledger instead), each correction matches its ledger lines, and each fill has
 * its trade line, whose order is the fill's.
 */
export async function expectIdentities(db: Db, portfolioId: string) {
  const p = await portfolioRow(db, portfolioId);
  const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolioId));
  const fillRows = await db.select().from(fills).where(eq(fills.portfolioId, portfolioId));
  const cash = m(p.cash);
  expect(cash >= 0n).toBe(true);
  expect(ledger.reduce((t, e) => t + m(e.amount), 0n)).toBe(cash);
  const flows = fillRows.reduce((t, f) => {
    const notional = m(f.price) * BigInt(f.quantity);
    const paying = f.side === "buy" || f.side === "cover";
    return t + (paying ? -notional : notional) - m(f.commission);
  }, 0n);
  const adjustments = ledger.filter((e) => e.kind === "adjustment").reduce((t, e) => t + m(e.amount), 0n);
  // A day's interest and borrow fees (decision 070) move cash too, each with its line.
  const accruals = ledger.filter((e) => e.kind === "interest" || e.kind === "borrow-fee").reduce((t, e) => t + m(e.amount), 0n);
  expect(m(p.startingCash) + flows + adjustments + accruals).toBe(cash);
  const corrections = await db.select().from(portfolioCorrections).where(eq(portfolioCorrections.portfolioId, portfolioId));
  expect(corrections.filter((c) => c.kind === "adjustment").reduce((t, c) => t + m(c.amount), 0n)).toBe(adjustments);
  for (const reversal of corrections.filter((c) => c.kind === "reversal")) {
    const compensation = fillRows.find((f) => f.id === reversal.reversalFillId)!;
    const original = fillRows.find((f) => f.id === reversal.fillId)!;
    expect(compensation.reversalOf).toBe(original.id);
    expect([compensation.quantity, compensation.price, m(compensation.commission)]).toEqual([original.quantity, original.price, -m(original.commission)]);
    const lines = ledger.filter((e) => e.fillId === compensation.id).reduce((t, e) => t + m(e.amount), 0n);
    expect(lines).toBe(m(reversal.amount));
  }
  // Every fill has its trade line, and its lines name its order (the write takes them from the fill: decision 087).
  const linesOf = new Map<string, typeof ledger>();
  for (const e of ledger) if (e.fillId !== null) linesOf.set(e.fillId, [...(linesOf.get(e.fillId) ?? []), e]);
  for (const f of fillRows) {
    const lines = linesOf.get(f.id) ?? [];
    expect(lines.filter((e) => e.kind === "trade")).toHaveLength(1);
    expect(lines.map((e) => e.orderId)).toEqual(lines.map(() => f.orderId));
  }
  expect([...linesOf.keys()].every((id) => fillRows.some((f) => f.id === id))).toBe(true);
  // Every fill's order is the portfolio's (no per-row key checks it since decision 088: the writer writes them together).
  const ownOrders = new Set((await db.select({ id: orders.id }).from(orders).where(eq(orders.portfolioId, portfolioId))).map((o) => o.id));
  expect(fillRows.filter((f) => !ownOrders.has(f.orderId)).map((f) => f.id)).toEqual([]);
  const held = await db.select().from(positions).where(eq(positions.portfolioId, portfolioId));
  for (const position of held) {
    const signed = fillRows.filter((f) => f.symbol === position.symbol).reduce((t, f) => t + (f.side === "buy" || f.side === "cover" ? f.quantity : -f.quantity), 0);
    expect(position.quantity).toBe(signed);
  }
  const open = await db.select().from(orders).where(and(eq(orders.portfolioId, portfolioId), eq(orders.status, "open")));
  expect(open.reduce((t, o) => t + m(o.reservedCash), 0n)).toBe(m(p.reservedCash));
}

