/** Equity snapshots, today's change, the performance series, reset, and the watchlist, on a real database. */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { addToWatchlist, getWatchlist, portfolioPerformance, portfolioSummary, pruneSnapshots, removeFromWatchlist, takeSnapshots, WATCHLIST_LIMIT } from "@/features/portfolio";
import { placeOrder, processPriceMove, resetPracticePortfolio } from "@/features/trading";
import type { Db } from "@/server/db";
import { auditLog, equitySnapshots, instruments, orders, portfolios, positions } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The benchmark row snapshots read (the seeded market is not loaded in these tests). */
async function benchmarkAt(db: Db, level: string) {
  const [row] = await db.select().from(instruments).where(eq(instruments.symbol, "TLX"));
  if (row) await db.update(instruments).set({ lastPrice: level }).where(eq(instruments.symbol, "TLX"));
  else await createInstrument(db, { symbol: "TLX", name: "Tickerlab Composite", sector: "Index", kind: "etf", lastPrice: level });
}

async function snapshotsOf(db: Db, portfolioId: string) {
  return db.select().from(equitySnapshots).where(eq(equitySnapshots.portfolioId, portfolioId)).orderBy(equitySnapshots.takenAt);
}

async function openedAt(db: Db, portfolioId: string, at: Date) {
  await db.update(portfolios).set({ createdAt: at }).where(eq(portfolios.id, portfolioId));
  return portfolioRow(db, portfolioId);
}

describe("equity snapshots", () => {
  it("value each portfolio exactly (cash + Σ quantity × last price, shorts negative) with the benchmark, once per instant", async () => {
    const db = database.db;
    await benchmarkAt(db, "1000.00");
    const a = await createInstrument(db, { lastPrice: "33.33" });
    const b = await createInstrument(db, { lastPrice: "10.01" });
    const portfolio = await createPortfolio(db);
    await db.insert(positions).values([
      { portfolioId: portfolio.id, symbol: a.symbol, quantity: 3, costBasis: "99.99" },
      { portfolioId: portfolio.id, symbol: b.symbol, quantity: -7, costBasis: "-70.07" },
    ]);
    await db.update(portfolios).set({ cash: "12345.67" }).where(eq(portfolios.id, portfolio.id));
    const at = new Date(Date.now() + 60_000);
    expect(await takeSnapshots(db, at)).toBeGreaterThanOrEqual(1);
    // 12,345.67 + 3 × 33.33 − 7 × 10.01 = 12,375.59
    expect(await snapshotsOf(db, portfolio.id)).toEqual([{ portfolioId: portfolio.id, takenAt: at, equity: "12375.59", benchmark: "1000.00", units: "100000.00000000" }]);
    // The same instant again (a retry, a second runner) writes nothing.
    expect(await takeSnapshots(db, at)).toBe(0);
    expect(await snapshotsOf(db, portfolio.id)).toHaveLength(1);
  });

  it("skip portfolios opened after the instant", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    await takeSnapshots(db, new Date(portfolio.createdAt.getTime() - 60_000));
    expect(await snapshotsOf(db, portfolio.id)).toEqual([]);
  });

  it("thin out: 5-minute rows after 2 days, hourly rows after 35 days, daily rows kept", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    const now = new Date("2026-06-30T12:00:00Z");
    const at = (iso: string) => ({ portfolioId: portfolio.id, takenAt: new Date(iso), equity: "100000.00" });
    await db.insert(equitySnapshots).values([
      at("2026-06-30T11:55:00Z"), // recent 5-minute row: kept
      at("2026-06-27T10:05:00Z"), // 5-minute row, 3 days old: goes
      at("2026-06-27T10:00:00Z"), // hourly row, 3 days old: kept
      at("2026-05-01T10:00:00Z"), // hourly row, 60 days old: goes
      at("2026-05-01T00:00:00Z"), // daily row: kept
    ]);
    expect(await pruneSnapshots(db, now)).toBeGreaterThanOrEqual(2);
    expect((await snapshotsOf(db, portfolio.id)).map((s) => s.takenAt.toISOString())).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-06-27T10:00:00.000Z",
      "2026-06-30T11:55:00.000Z",
    ]);
  });
});

describe("today's change", () => {
  it("is equity now − equity at 00:00 UTC, commissions and slippage included", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00", previousClose: "90.00" });
    const created = await createPortfolio(db);
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const portfolio = await openedAt(db, created.id, new Date(midnight.getTime() - 3 * DAY));
    await db.insert(equitySnapshots).values({ portfolioId: portfolio.id, takenAt: midnight, equity: "100000.00" });
    expect((await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10 } })).rejection).toBeNull();
    await db.update(instruments).set({ lastPrice: "103.00" }).where(eq(instruments.symbol, instrument.symbol));
    const summary = await portfolioSummary(db, await portfolioRow(db, portfolio.id));
    // Bought 10 at 100.05 (slippage) = 1,000.50; now worth 1,030.00: +29.50 since midnight.
    // (The position formula would say 10 × (103 − 90) = 130.00: the shares were not held at midnight.)
    expect(summary).toMatchObject({ equity: "100029.50", dayChange: "29.50", dayChangePct: "0.0003" });
  });

  it("of a portfolio opened today is measured from its starting cash", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db, { cash: "5000.00" });
    const instrument = await createInstrument(db, { lastPrice: "50.00", previousClose: "10.00" });
    await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10 } });
    const summary = await portfolioSummary(db, await portfolioRow(db, portfolio.id));
    // 10 × 50.03 (5 bps up, rounded against the buyer) = 500.30 for shares worth 500.00.
    expect(summary).toMatchObject({ equity: "4999.70", dayChange: "-0.30" });
  });
});

describe("the performance series", () => {
  it("draws the range's snapshots, starts a young portfolio at its starting cash, ends at equity now, and scales the benchmark", async () => {
    const db = database.db;
    await benchmarkAt(db, "1100.00");
    const now = new Date("2030-01-10T12:02:00Z");
    const created = await createPortfolio(db);
    const portfolio = await openedAt(db, created.id, new Date("2030-01-10T09:58:00Z"));
    const snap = (iso: string, equity: string, benchmark: string) => ({ portfolioId: portfolio.id, takenAt: new Date(iso), equity, benchmark });
    await db.insert(equitySnapshots).values([snap("2030-01-10T10:00:00Z", "100000.00", "1000.00"), snap("2030-01-10T11:00:00Z", "102000.00", "1050.00"), snap("2030-01-10T11:05:00Z", "101000.00", "1040.00")]);
    const day = await portfolioPerformance(db, portfolio, "day", now);
    expect(day.points.map((p) => p.at)).toEqual(["2030-01-10T09:58:00.000Z", "2030-01-10T10:00:00.000Z", "2030-01-10T11:00:00.000Z", "2030-01-10T11:05:00.000Z", now.toISOString()]);
    expect(day.points.map((p) => p.equity)).toEqual(["100000.00", "100000.00", "102000.00", "101000.00", "100000.00"]);
    // The benchmark as if 100,000.00 had gone into it at its first level (1000.00).
    expect(day.points.map((p) => p.benchmark)).toEqual([null, "100000.00", "105000.00", "104000.00", "110000.00"]);
    expect(day.metrics).toMatchObject({ totalReturn: "0.0000", benchmarkReturn: "0.1000", maxDrawdown: "0.0196", observations: 1 });
    // The week draws hourly rows only.
    const week = await portfolioPerformance(db, portfolio, "week", now);
    expect(week.points.map((p) => p.at)).not.toContain("2030-01-10T11:05:00.000Z");
    expect(week.stepMinutes).toBe(60);
  });

  it("gives annualised risk figures only from enough daily returns, each inside its plausible range (decision 053)", async () => {
    const db = database.db;
    const created = await createPortfolio(db);
    const portfolio = await openedAt(db, created.id, new Date("2029-10-01T12:00:00Z"));
    const wiggle = [0, 1000, 500, 2000, 1500, 3000, 2500];
    const days = Array.from({ length: 62 }, (_, i) => String(100_000 + wiggle[i % 7]! + 50 * i));
    const bench = Array.from({ length: 62 }, (_, i) => String(1000 + [0, 5, 2, 10, 8, 15, 12][i % 7]! + i));
    const snap = (i: number) => ({ portfolioId: portfolio.id, takenAt: new Date(Date.UTC(2029, 9, 2 + i)), equity: days[i]!, benchmark: bench[i] });
    // Six days: five daily returns, not the twenty volatility and Sharpe need.
    await db.insert(equitySnapshots).values([0, 1, 2, 3, 4, 5].map(snap));
    const early = await portfolioPerformance(db, portfolio, "all", new Date("2029-10-07T08:00:00Z"));
    expect(early.metrics).toMatchObject({ volatility: null, sharpe: null, beta: null, alpha: null, observations: 5, minObservations: 20, sampleMinutes: 1440 });
    expect(early.metrics.risk.volatility.reason?.message).toBe("Not enough history yet — 5 of 20 days");
    expect(early.metrics.risk.alpha.reason?.message).toBe("Not enough history yet — 5 of 60 days");

    await db.insert(equitySnapshots).values(Array.from({ length: 56 }, (_, k) => snap(k + 6)));
    const all = await portfolioPerformance(db, portfolio, "all", new Date("2029-12-02T08:00:00Z"));
    expect(all.metrics.observations).toBe(61);
    for (const key of ["volatility", "sharpe", "beta", "alpha"] as const) {
      expect(all.metrics[key], key).toMatch(/^-?\d+\.\d{4}$/);
      expect(all.metrics.risk[key].reason, key).toBeNull();
    }
    // Annualised: a daily volatility of about 1 % is ~19 % a year (√365).
    expect(Number(all.metrics.volatility)).toBeGreaterThan(0.1);
    expect(Number(all.metrics.volatility)).toBeLessThan(0.4);
  });
});

describe("resetting the practice portfolio", () => {
  it("empties holdings, orders, history and snapshots, restores 100,000.00 and records it in the audit log", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 100 } });
    await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 10, limitPrice: "15.00", timeInForce: "gtc" } });
    await takeSnapshots(db, new Date(Date.now() + 1000));
    await resetPracticePortfolio(db, ids);
    const after = await portfolioRow(db, portfolio.id);
    expect(after).toMatchObject({ cash: "100000.00", startingCash: "100000.00", reservedCash: "0.00" });
    expect(after.createdAt.getTime()).toBeGreaterThan(portfolio.createdAt.getTime());
    expect(await db.select().from(orders).where(eq(orders.portfolioId, portfolio.id))).toEqual([]);
    expect(await db.select().from(positions).where(eq(positions.portfolioId, portfolio.id))).toEqual([]);
    expect(await snapshotsOf(db, portfolio.id)).toEqual([]);
    await expectIdentities(db, portfolio.id);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "portfolio.reset"), eq(auditLog.actorId, portfolio.userId)));
    expect(entry).toBeDefined();
    // The old resting order is gone: a price move finds nothing.
    expect(await processPriceMove(db, instrument.symbol, m("20.00"), m("10.00"))).toMatchObject({ candidates: 0 });
  });

  it("is refused for someone else's portfolio (404) and for an event portfolio (422)", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    const stranger = await createTestUser(db);
    await expect(resetPracticePortfolio(db, { userId: stranger.id, portfolioId: portfolio.id })).rejects.toMatchObject({ kind: "not-found" });
    await db.update(portfolios).set({ kind: "event" }).where(eq(portfolios.id, portfolio.id));
    await expect(resetPracticePortfolio(db, { userId: portfolio.userId, portfolioId: portfolio.id })).rejects.toMatchObject({ kind: "refused", code: "RESET_NOT_ALLOWED" });
  });

  it(`keeps the accounting identities when orders race a reset${onPostgres ? " (really racing on PostgreSQL)" : ""}`, async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "10.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    await Promise.all([
      ...Array.from({ length: 10 }, () => placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 50 } })),
      resetPracticePortfolio(db, ids),
      ...Array.from({ length: 5 }, () => placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 5, limitPrice: "9.00" } })),
    ]);
    await expectIdentities(db, portfolio.id);
  });
});

describe("the watchlist", () => {
  it("adds once, lists in the order added with quotes, removes, and 404s an unknown symbol", async () => {
    const db = database.db;
    const user = await createTestUser(db);
    const a = await createInstrument(db, { lastPrice: "12.00", previousClose: "10.00" });
    const b = await createInstrument(db);
    await addToWatchlist(db, user.id, b.symbol);
    await addToWatchlist(db, user.id, a.symbol);
    const list = await addToWatchlist(db, user.id, b.symbol);
    expect(list.items.map((i) => i.symbol)).toEqual([b.symbol, a.symbol]);
    expect(list.items[1]).toMatchObject({ lastPrice: "12.00", dayChange: "2.00", dayChangePct: "0.2000" });
    await expect(addToWatchlist(db, user.id, "NOPE")).rejects.toMatchObject({ kind: "not-found" });
    expect((await removeFromWatchlist(db, user.id, b.symbol)).items.map((i) => i.symbol)).toEqual([a.symbol]);
    // Another person's list is their own.
    expect((await getWatchlist(db, (await createTestUser(db)).id)).items).toEqual([]);
  });

  it(`holds at most ${WATCHLIST_LIMIT}, also when adds race`, async () => {
    const db = database.db;
    const user = await createTestUser(db);
    const many = [];
    for (let i = 0; i < WATCHLIST_LIMIT + 4; i++) many.push(await createInstrument(db));
    for (const instrument of many.slice(0, WATCHLIST_LIMIT - 2)) await addToWatchlist(db, user.id, instrument.symbol);
    const results = await Promise.allSettled(many.slice(WATCHLIST_LIMIT - 2).map((i) => addToWatchlist(db, user.id, i.symbol)));
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      expect.objectContaining({ code: "WATCHLIST_FULL" }),
      expect.objectContaining({ code: "WATCHLIST_FULL" }),
      expect.objectContaining({ code: "WATCHLIST_FULL" }),
      expect.objectContaining({ code: "WATCHLIST_FULL" }),
    ]);
    expect((await getWatchlist(db, user.id)).items).toHaveLength(WATCHLIST_LIMIT);
  });
});
