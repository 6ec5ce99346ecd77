/**
 * Across any corporate action, every portfolio's equity is unchanged to the cent
 * (docs/decisions/052-corporate-actions.md): random portfolios — cash, longs and shorts with
 * any cost basis, dividends already receivable or owed, open orders of every side — and a
 * random dividend or split (reverse splits included), applied as the engine applies them:
 * the market's price adjustment (domain/market), then the positions, orders and cash
 * (domain/trading). Equity is valued at the price just before and just after. Then the
 * dividend's payment at its pay date moves no equity either, and P&L still adds up.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjustedPriceCents, type CorporateAction } from "@/domain/market";
import {
  dividendAtEx,
  equityOf,
  type Money,
  type OrderTerms,
  payDividend,
  type PortfolioState,
  releaseCash,
  restorePosition,
  splitOrderTerms,
  splitPosition,
  unrealisedPnl,
  ZERO,
} from "@/domain/trading";

const SYMBOLS = ["AAA", "BBB", "CCC"] as const;
const cents = (value: bigint | number) => BigInt(value) as Money;

const positionArb = fc.record({
  quantity: fc.integer({ min: -5_000, max: 5_000 }),
  costBasis: fc.bigInt({ min: -50_000_000n, max: 50_000_000n }),
  realisedPnl: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
});

const orderArb = fc.record({
  side: fc.constantFrom("buy", "sell", "short", "cover") as fc.Arbitrary<OrderTerms["side"]>,
  quantity: fc.integer({ min: 1, max: 3_000 }),
  limitPrice: fc.option(fc.integer({ min: 1, max: 500_000 }).map(cents), { nil: null }),
  stopPrice: fc.option(fc.integer({ min: 1, max: 500_000 }).map(cents), { nil: null }),
  reservedCash: fc.integer({ min: 0, max: 1_000_000 }).map(cents),
});

const portfolioArb = fc.record({
  cash: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
  receivable: fc.bigInt({ min: -100_000n, max: 100_000n }),
  positions: fc.tuple(positionArb, positionArb, positionArb),
  prices: fc.tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 2_000_000 })),
  orders: fc.array(orderArb, { maxLength: 6 }),
});

const actionArb: fc.Arbitrary<CorporateAction> = fc.oneof(
  fc.record({ amountCents: fc.integer({ min: 1, max: 50_000 }) }).map(({ amountCents }) => ({ id: "a1", symbol: "AAA", kind: "dividend" as const, exDate: "2026-05-15", payDate: "2026-05-29", amountCents })),
  fc
    .record({ to: fc.integer({ min: 1, max: 20 }), from: fc.integer({ min: 1, max: 20 }) })
    .filter(({ to, from }) => to !== from)
    .map((ratio) => ({ id: "a1", symbol: "AAA", kind: "split" as const, exDate: "2026-05-15", ratio })),
);

type RandomPortfolio = typeof portfolioArb extends fc.Arbitrary<infer T> ? T : never;

function build(p: RandomPortfolio) {
  const reserved = p.orders.reduce((total, o) => total + o.reservedCash, 0n);
  const state: PortfolioState = {
    cash: cents(p.cash),
    reservedCash: cents(reserved),
    receivable: cents(p.receivable),
    positions: new Map(SYMBOLS.map((symbol, i) => [symbol, restorePosition({ quantity: p.positions[i]!.quantity, costBasis: cents(p.positions[i]!.costBasis), realisedPnl: cents(p.positions[i]!.realisedPnl) })])),
  };
  const prices = new Map(SYMBOLS.map((symbol, i) => [symbol, cents(p.prices[i]!)]));
  return { state, prices };
}

/** Realised + unrealised P&L of every position: what "P&L adds up" is measured by. */
function pnl(state: PortfolioState, prices: ReadonlyMap<string, Money>): bigint {
  let total = 0n;
  for (const [symbol, position] of state.positions) total += position.realisedPnl + unrealisedPnl(position, prices.get(symbol)!);
  return total;
}

describe("corporate actions conserve equity", () => {
  it("a dividend or split leaves every portfolio's equity unchanged to the cent, and so does the dividend's payment", () => {
    fc.assert(
      fc.property(portfolioArb, actionArb, (p, action) => {
        const { state, prices } = build(p);
        const before = prices.get("AAA")!;
        // A dividend is never as large as the price (the market keeps at least a cent).
        fc.pre(action.kind === "split" || BigInt(action.amountCents) < before);
        const after = cents(adjustedPriceCents(action, Number(before)));
        const pricesAfter = new Map(prices).set("AAA", after);
        const equityBefore = equityOf(state, prices);

        let next = state;
        if (action.kind === "dividend") {
          expect(after).toBe(before - BigInt(action.amountCents));
          const due = dividendAtEx(state, "AAA", cents(action.amountCents));
          if (due) {
            next = due.state;
            expect(due.entitlement.quantity).toBe(p.positions[0].quantity);
          } else expect(p.positions[0].quantity).toBe(0);
          expect(equityOf(next, pricesAfter)).toBe(equityBefore);
          if (due) {
            const paid = payDividend(next, due.entitlement.amount);
            expect(equityOf(paid, pricesAfter)).toBe(equityBefore);
            expect(paid.receivable).toBe(state.receivable);
            expect(paid.cash).toBe(state.cash + due.entitlement.amount);
          }
          return;
        }

        const split = splitPosition(state, "AAA", action.ratio, { before, after });
        if (split) {
          next = split.state;
          const q = p.positions[0].quantity;
          const exact = (Math.abs(q) * action.ratio.to) / action.ratio.from;
          expect(Math.sign(split.quantityAfter) === Math.sign(q) || split.quantityAfter === 0).toBe(true);
          expect(Math.abs(split.quantityAfter)).toBe(Math.floor(exact));
        } else expect(p.positions[0].quantity).toBe(0);
        for (const order of p.orders) {
          const terms = splitOrderTerms(order, action.ratio);
          if (terms === null) {
            expect(Math.floor((order.quantity * action.ratio.to) / action.ratio.from)).toBe(0);
            next = releaseCash(next, order.reservedCash);
            continue;
          }
          expect(terms.quantity).toBe(Math.floor((order.quantity * action.ratio.to) / action.ratio.from));
          // Never a worse price than agreed, adjusted: a payer's limit at most, a receiver's at least, the exact quotient.
          for (const [was, now] of [
            [order.limitPrice, terms.limitPrice],
            [order.stopPrice, terms.stopPrice],
          ] as const) {
            if (was === null) {
              expect(now).toBeNull();
              continue;
            }
            const exact = Number(was) * (action.ratio.from / action.ratio.to);
            if (order.side === "buy" || order.side === "cover") expect(Number(now)).toBeLessThanOrEqual(Math.max(1, Math.ceil(exact)));
            else expect(Number(now)).toBeGreaterThanOrEqual(Math.floor(exact));
          }
        }
        expect(equityOf(next, pricesAfter)).toBe(equityBefore);
        // P&L (realised + unrealised) moves by exactly what equity does: nothing.
        expect(pnl(next, pricesAfter)).toBe(pnl(state, prices));
        // Only the split symbol changed.
        for (const symbol of ["BBB", "CCC"]) expect(next.positions.get(symbol)).toEqual(state.positions.get(symbol));
      }),
      { numRuns: 3_000 },
    );
  });

  it("a portfolio without the symbol is not touched", () => {
    const state: PortfolioState = { cash: cents(1_000_00), reservedCash: ZERO, positions: new Map() };
    expect(dividendAtEx(state, "AAA", cents(42))).toBeNull();
    expect(splitPosition(state, "AAA", { to: 2, from: 1 }, { before: cents(100_00), after: cents(50_00) })).toBeNull();
  });
});
