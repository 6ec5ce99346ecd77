/**
 * Dividends and splits end to end on a real database (docs/decisions/052-corporate-actions.md):
 * admin-entered actions on the seeded market, applied by the simulator's tick that crosses
 * their ex-date — the price drop, the holders' entitlements (a short's owed), the split's
 * positions, open orders, cash in lieu and split-adjusted candles — exactly once across
 * further ticks and another runner; then the pay date's cash with its ledger reason.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { parseMoney } from "@/domain/trading";
import { addCorporateAction, instrumentFigures, listCorporateActions } from "@/features/market/server/corporate-actions";
import { seedMarket } from "@/features/market/server/seed";
import { SimulatorJob } from "@/features/market/server/simulator-job";
import { listPortfolioActions, placeOrder, resetPracticePortfolio, reversePortfolioFill } from "@/features/trading";
import { candles, corporateActionEntries, corporateActions, fills, instruments, ledgerEntries, marketState, orders, portfolios, positions } from "@/server/db/schema";
import { createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
const kind = onPostgres ? "postgres" : "pglite";
/** The evening before the ex-date. The simulated schedule has nothing for these two symbols on these days (its actions near them fall on other symbols). */
const T0 = new Date("2031-05-20T23:59:58.000Z");
const EX = "2031-05-21";
const PAY = "2031-05-22";
const DIVIDEND = "BHFD";
const SPLIT = "NWRB";

async function priceOf(symbol: string) {
  const [row] = await database.db.select({ price: instruments.lastPrice }).from(instruments).where(eq(instruments.symbol, symbol));
  return row!.price;
}

async function book(portfolioId: string) {
  const [p] = await database.db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  const held = await database.db.select().from(positions).where(eq(positions.portfolioId, portfolioId));
  return { cash: m(p!.cash), receivable: m(p!.receivable), positions: new Map(held.map((h) => [h.symbol, h])) };
}

/** cash + receivable + Σ quantity × price, at the prices given (others count at zero: they did not move in the action). */
function equityAt(b: Awaited<ReturnType<typeof book>>, prices: Record<string, bigint>) {
  let equity = b.cash + b.receivable;
  for (const [symbol, p] of b.positions) equity += BigInt(p.quantity) * (prices[symbol] ?? 0n);
  return equity;
}

let job: SimulatorJob;
let admin: string;

beforeAll(async () => {
  const db = database.db;
  await db.insert(marketState).values({ id: 1, state: { seed: "corporate-actions-test", market: null } });
  await seedMarket(db, BUNDLED_UNIVERSE, T0);
  admin = (await createTestUser(db, { role: "admin" })).id;
  job = new SimulatorJob({ db, kind, tickMs: 1000, clock: () => T0 });
  expect(await job.acquire()).toBe(true);
});

describe(`corporate actions through the simulator and the engine (${kind})`, () => {
  it("refuses a past ex-date, a 1:1 ratio and a negative amount with a clear error", async () => {
    const db = database.db;
    await expect(addCorporateAction(db, { symbol: DIVIDEND, input: { kind: "dividend", exDate: "2031-05-19", amount: "0.42" }, by: admin, now: T0 })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/in the past/),
    });
    await expect(addCorporateAction(db, { symbol: SPLIT, input: { kind: "split", exDate: EX, ratio: "1:1" }, by: admin, now: T0 })).rejects.toMatchObject({ message: expect.stringMatching(/changes nothing/) });
    await expect(addCorporateAction(db, { symbol: DIVIDEND, input: { kind: "dividend", exDate: EX, amount: "-0.42" }, by: admin, now: T0 })).rejects.toMatchObject({ message: expect.stringMatching(/cannot be negative/) });
    await expect(addCorporateAction(db, { symbol: "TLX", input: { kind: "split", exDate: EX, ratio: "2:1" }, by: admin, now: T0 })).rejects.toMatchObject({ code: "INDEX_HAS_NO_ACTIONS" });
  });

  it("applies a dividend and a split once at the ex-date, keeps every equity to the cent, and pays at the pay date", async () => {
    const db = database.db;
    const dividend = await addCorporateAction(db, { symbol: DIVIDEND, input: { kind: "dividend", exDate: EX, payDate: PAY, amount: "0.42" }, by: admin, now: T0 });
    const split = await addCorporateAction(db, { symbol: SPLIT, input: { kind: "split", exDate: EX, ratio: "2:1" }, by: admin, now: T0 });
    await expect(addCorporateAction(db, { symbol: SPLIT, input: { kind: "split", exDate: EX, ratio: "3:1" }, by: admin, now: T0 })).rejects.toMatchObject({ code: "CORPORATE_ACTION_EXISTS" });
    expect((await listCorporateActions(db, SPLIT)).map((a) => [a.kind, a.exDate, a.ratio, a.applied])).toEqual([["split", EX, "2:1", false]]);

    // A long holder with resting orders on the splitting stock, a short seller of the payer.
    const long = await createPortfolio(db);
    const ids = { userId: long.userId, portfolioId: long.id, now: T0 };
    for (const input of [
      { symbol: DIVIDEND, side: "buy", type: "market", quantity: 120, timeInForce: "day" },
      { symbol: SPLIT, side: "buy", type: "market", quantity: 3, timeInForce: "day" },
      { symbol: SPLIT, side: "buy", type: "limit", quantity: 5, limitPrice: "50.00", timeInForce: "gtc" },
      { symbol: SPLIT, side: "sell", type: "limit", quantity: 3, limitPrice: "999.99", timeInForce: "gtc" },
    ] as const) {
      expect((await placeOrder(db, { ...ids, input })).rejection).toBeNull();
    }
    const short = await createPortfolio(db);
    const shortPrice = m(await priceOf(DIVIDEND));
    // Shorting needs a lesson; the book of a short sale is written as the engine would.
    await db
      .update(portfolios)
      .set({ cash: (m("100000.00") + 100n * shortPrice).toString().replace(/(\d\d)$/, ".$1") })
      .where(eq(portfolios.id, short.id));
    await db.insert(positions).values({ portfolioId: short.id, symbol: DIVIDEND, quantity: -100, costBasis: `-${(100n * shortPrice).toString().replace(/(\d\d)$/, ".$1")}` });

    const before = { long: await book(long.id), short: await book(short.id) };
    const candleBefore = (await db.select().from(candles).where(and(eq(candles.symbol, SPLIT), eq(candles.interval, "1d"))).orderBy(candles.start)).at(0)!;

    const report = await job.tick(new Date("2031-05-21T00:00:01.000Z"));
    expect(report!.corporateActions).toBe(2);
    const [d, s] = await Promise.all([dividend.id, split.id].map(async (id) => (await db.select().from(corporateActions).where(eq(corporateActions.id, id)))[0]!));
    expect(m(d!.priceBefore!) - m(d!.priceAfter!)).toBe(m("0.42"));
    expect(m(s!.priceAfter!)).toBe((m(s!.priceBefore!) + 1n) / 2n);

    const after = { long: await book(long.id), short: await book(short.id) };
    const pricesBefore = { [DIVIDEND]: m(d!.priceBefore!), [SPLIT]: m(s!.priceBefore!) };
    const pricesAfter = { [DIVIDEND]: m(d!.priceAfter!), [SPLIT]: m(s!.priceAfter!) };
    for (const who of ["long", "short"] as const) expect(equityAt(after[who], pricesAfter)).toBe(equityAt(before[who], pricesBefore));

    // The long: entitled to 120 × 0.42, six shares of the split stock, its orders doubled and halved.
    expect(after.long.receivable).toBe(m("50.40"));
    expect(after.long.cash).toBe(before.long.cash + 3n * pricesBefore[SPLIT]! - 6n * pricesAfter[SPLIT]!);
    expect(after.long.positions.get(SPLIT)).toMatchObject({ quantity: 6, costBasis: before.long.positions.get(SPLIT)!.costBasis });
    const resting = await db.select().from(orders).where(and(eq(orders.portfolioId, long.id), eq(orders.status, "open"))).orderBy(orders.side);
    expect(resting.map((o) => [o.side, o.quantity, o.limitPrice])).toEqual([
      ["buy", 10, "25.00"],
      ["sell", 6, "500.00"],
    ]);
    // The short owes 100 × 0.42.
    expect(after.short.receivable).toBe(m("-42.00"));
    // The split stock's history reads split-adjusted.
    const candleAfter = (await db.select().from(candles).where(and(eq(candles.symbol, SPLIT), eq(candles.interval, "1d"), eq(candles.start, candleBefore.start))))[0]!;
    expect(m(candleAfter.close)).toBe((m(candleBefore.close) + 1n) / 2n);
    expect(candleAfter.volume).toBe(candleBefore.volume * 2);
    // The entries the history shows.
    const entries = await db.select().from(corporateActionEntries).where(eq(corporateActionEntries.portfolioId, long.id));
    expect(entries.map((e) => e.reason).sort()).toEqual(["Dividend 0.42 × 120 shares", expect.stringMatching(/^Split 2:1: 3 → 6 shares/)]);

    expect((await listPortfolioActions(db, long.id)).map((a) => [a.kind, a.symbol, a.reason, a.paid])).toEqual(
      expect.arrayContaining([
        ["dividend", DIVIDEND, "Dividend 0.42 × 120 shares", false],
        ["split", SPLIT, expect.stringMatching(/^Split 2:1: 3 → 6 shares/), undefined],
      ]),
    );
    // A fill from before the split cannot be reversed: the position is no longer its fills'.
    const [bought] = await db.select().from(fills).where(and(eq(fills.portfolioId, long.id), eq(fills.symbol, SPLIT)));
    await expect(reversePortfolioFill(db, { portfolioId: long.id, fillId: bought!.id, reason: "test", by: { userId: admin, role: "admin" } })).rejects.toMatchObject({ code: "REVERSAL_AFTER_SPLIT" });

    // Further ticks, and another runner after a restart, apply nothing again.
    await job.tick(new Date("2031-05-21T00:00:02.000Z"));
    await job.stop({ release: true });
    job = new SimulatorJob({ db, kind, tickMs: 1000, clock: () => T0 });
    expect(await job.acquire()).toBe(true);
    await job.tick(new Date("2031-05-21T00:00:03.000Z"));
    expect((await book(long.id)).positions.get(SPLIT)!.quantity).toBe(6);
    expect((await book(long.id)).receivable).toBe(m("50.40"));
    expect(await db.select().from(corporateActionEntries).where(eq(corporateActionEntries.actionId, dividend.id))).toHaveLength(2);

    // The pay date: receivable becomes cash, with the reason on the ledger line; once.
    const unpaid = await book(long.id);
    await job.tick(new Date("2031-05-22T00:00:01.000Z"));
    await job.tick(new Date("2031-05-22T00:00:02.000Z"));
    const paid = { long: await book(long.id), short: await book(short.id) };
    expect(paid.long.receivable).toBe(0n);
    expect(paid.long.cash).toBe(unpaid.cash + m("50.40"));
    expect(paid.short.receivable).toBe(0n);
    const lines = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.portfolioId, long.id), eq(ledgerEntries.kind, "dividend")));
    expect(lines.map((l) => [l.amount, l.reason, l.corporateActionId])).toEqual([["50.40", "Dividend 0.42 × 120 shares", dividend.id]]);
    const shortLines = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.portfolioId, short.id), eq(ledgerEntries.kind, "dividend")));
    expect(shortLines.map((l) => l.amount)).toEqual(["-42.00"]);
    // Σ ledger = cash for the long (the short's book was written by hand).
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, long.id));
    expect(ledger.reduce((t, l) => t + m(l.amount), 0n)).toBe(paid.long.cash);
    expect((await listCorporateActions(db, DIVIDEND)).find((a) => a.id === dividend.id)).toMatchObject({ applied: true, paid: true, amount: "0.42", payDate: PAY });

    // The instrument list's figures: the indicated yield from the latest dividend announced (the
    // simulator announces the next quarter's too), the volume from the daily candles.
    const figures = await instrumentFigures(db, new Date("2031-05-22T00:00:02.000Z"));
    const latest = (await listCorporateActions(db, DIVIDEND)).filter((a) => a.kind === "dividend").sort((a, b) => b.exDate.localeCompare(a.exDate))[0]!;
    expect(latest.exDate > EX).toBe(true);
    expect(figures.get(DIVIDEND)!.dividendYield).toBe(((Number(m(latest.amount!)) * 4) / Number(m(await priceOf(DIVIDEND)))).toFixed(4));
    expect(figures.get("NWRB")!.dividendYield).toBe("0.0000");
    expect(figures.get(DIVIDEND)!.averageDailyVolume).toBeGreaterThan(0);

    // Starting over clears what was owed.
    await resetPracticePortfolio(db, { userId: short.userId, portfolioId: short.id });
    expect((await book(short.id)).receivable).toBe(0n);
  });
});
