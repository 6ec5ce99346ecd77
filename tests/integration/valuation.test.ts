/**
 * One valuation: the SQL views (position_marks, portfolio_valuations) and the domain's
 * valuePortfolio agree to the cent on random portfolios, marks price an event's positions
 * before the last price, and an ended event's figures stay the end's.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents, formatMoney, parseMoney, type Position, valuePortfolio } from "@/domain/trading";
import { equityOf, freezeMarks, holdingsOf, writeMarks } from "@/features/trading";
import { events, instruments, portfolios, positions } from "@/server/db/schema";
import { createInstrument, createPortfolio } from "../factories/trading";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

const holdingArb = fc.record({
  quantity: fc.integer({ min: -5_000, max: 5_000 }),
  costBasis: fc.bigInt({ min: -50_000_000n, max: 50_000_000n }),
  price: fc.bigInt({ min: 1n, max: 2_000_000n }),
});

describe("the SQL valuation and the domain's", () => {
  it("agree to the cent on random portfolios (longs, shorts, closed positions, any cash, dividends owed either way)", async () => {
    const db = database.db;
    const symbols = await Promise.all(Array.from({ length: 6 }, () => createInstrument(db).then((i) => i.symbol)));
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 100_000_000n }), fc.bigInt({ min: -500_000n, max: 500_000n }), fc.array(holdingArb, { minLength: 0, maxLength: 6 }), async (cash, receivable, held) => {
        const portfolio = await createPortfolio(db, { cash: formatMoney(cents(cash)) });
        // Dividends between their ex-date and pay date (decision 052): part of equity in both.
        await db.update(portfolios).set({ receivable: formatMoney(cents(receivable)) }).where(eq(portfolios.id, portfolio.id));
        const state = { cash: cents(cash), reservedCash: cents(0), receivable: cents(receivable), positions: new Map<string, Position>() };
        const prices = new Map<string, ReturnType<typeof cents>>();
        for (const [i, h] of held.entries()) {
          const symbol = symbols[i]!;
          await db.update(instruments).set({ lastPrice: formatMoney(cents(h.price)) }).where(eq(instruments.symbol, symbol));
          await db.insert(positions).values({ portfolioId: portfolio.id, symbol, quantity: h.quantity, costBasis: formatMoney(cents(h.costBasis)), realisedPnl: "0.00" });
          state.positions.set(symbol, { quantity: h.quantity, costBasis: cents(h.costBasis), averageCost: cents(0), realisedPnl: cents(0) });
          prices.set(symbol, cents(h.price));
        }
        const domain = valuePortfolio(state, prices);
        const [view] = await db.execute<{ equity: string; long_value: string; short_value: string }>(
          sql`select equity::text, long_value::text, short_value::text from portfolio_valuations where portfolio_id = ${portfolio.id}`,
        ).then((r) => r.rows);
        expect(parseMoney(view!.equity)).toBe(domain.equity);
        expect(parseMoney(view!.long_value)).toBe(domain.longMarketValue);
        expect(parseMoney(view!.short_value)).toBe(domain.shortMarketValue);
        const holdings = await holdingsOf(db, portfolio);
        expect(holdings.valuation).toEqual(domain);
        expect((await equityOf(db, [portfolio.id])).get(portfolio.id)!.equity).toBe(formatMoney(domain.equity));
      }),
      { numRuns: 25 },
    );
  });
});

describe("price marks", () => {
  it("price an event's positions before the last price, and freeze them at the event's end", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const [event] = await db
      .insert(events)
      .values({
        slug: `marks-${instrument.symbol.toLowerCase()}`,
        title: "Marks",
        description: "",
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 3_600_000),
        startingCash: "10000.00",
        commissionFlat: "0.00",
        commissionBps: "0.00",
        allowShort: true,
        visibility: "public",
        lateEntry: true,
        metric: "return",
      })
      .returning();
    const portfolio = await createPortfolio(db, { cash: "10000.00" });
    await db.update(portfolios).set({ kind: "event", eventId: event!.id }).where(eq(portfolios.id, portfolio.id));
    await db.insert(positions).values({ portfolioId: portfolio.id, symbol: instrument.symbol, quantity: 10, costBasis: "1000.00", realisedPnl: "0.00" });
    expect((await equityOf(db, [portfolio.id])).get(portfolio.id)!.equity).toBe("11000.00");
    await writeMarks(db, event!.id, new Map([[instrument.symbol, "90.00"]]), new Date());
    expect((await equityOf(db, [portfolio.id])).get(portfolio.id)!.equity).toBe("10900.00");
    // An ended event: every held symbol keeps its price; the practice market moving changes nothing.
    await db.update(instruments).set({ lastPrice: "120.00" }).where(eq(instruments.symbol, instrument.symbol));
    expect((await equityOf(db, [portfolio.id])).get(portfolio.id)!.equity).toBe("10900.00");
    const other = await createInstrument(db, { lastPrice: "50.00" });
    await db.insert(positions).values({ portfolioId: portfolio.id, symbol: other.symbol, quantity: 2, costBasis: "100.00", realisedPnl: "0.00" });
    await freezeMarks(db, event!.id, new Date());
    await db.update(instruments).set({ lastPrice: "70.00" }).where(eq(instruments.symbol, other.symbol));
    expect((await equityOf(db, [portfolio.id])).get(portfolio.id)!.equity).toBe("11000.00"); // 10,000 + 10 × 90 + 2 × 50
  });
});
