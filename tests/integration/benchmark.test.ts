/**
 * The benchmark index TLX on a real database: the market seed writes it with its history on a
 * fresh install and on an install that had its market before the index existed; every tick
 * moves it to the domain's level of its constituents' new prices in the same transaction; a
 * snapshot then carries a benchmark; it cannot be traded. Over HTTP (the test server's fresh
 * install): it is listed, its candles answer 200, an order on it is refused.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { backfill, BUNDLED_UNIVERSE, indexHistory, indexLevel, stepTo, TLX, type Candle, type CandleInterval, type MarketState } from "@/domain/market";
import { fillMarketHistory } from "@/features/market/server/history";
import { seedMarket } from "@/features/market/server/seed";
import { SimulatorJob } from "@/features/market/server/simulator-job";
import { takeSnapshots } from "@/features/portfolio";
import { placeOrder } from "@/features/trading";
import type { Db } from "@/server/db";
import { candles, equitySnapshots, instruments, marketState, orders, seededContent } from "@/server/db/schema";
import { Hub, type RealtimeEvent } from "@/server/realtime/hub";
import { createPortfolio } from "../factories/trading";
import { uniqueEmail } from "../factories/emails";
import { onPostgres, useTestDatabase } from "../setup/db";
import { Client } from "./http-client";

const database = useTestDatabase();
const kind = onPostgres ? "postgres" : "pglite";
const SEED = "benchmark-test-seed";
/** Mid-day, so the backfilled day has minutes and the year has a previous close. */
const T0 = new Date("2031-05-06T12:00:00.000Z");
const constituents = TLX.constituents.map((c) => c.symbol);

async function row(db: Db, symbol: string) {
  const [found] = await db.select().from(instruments).where(eq(instruments.symbol, symbol));
  return found;
}

async function pricesOf(db: Db, column: "lastPrice" | "previousClose"): Promise<Record<string, string>> {
  const rows = await db.select().from(instruments).where(inArray(instruments.symbol, constituents));
  return Object.fromEntries(rows.map((r) => [r.symbol, r[column]]));
}

async function candlesOf(db: Db, symbols: string[], interval: CandleInterval): Promise<Record<string, Candle[]>> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(inArray(candles.symbol, symbols), eq(candles.interval, interval)))
    .orderBy(asc(candles.start));
  const bySymbol: Record<string, Candle[]> = {};
  for (const r of rows) (bySymbol[r.symbol] ??= []).push({ ...r, interval });
  return bySymbol;
}

const candleCount = async (db: Db, symbol: string, interval: CandleInterval) =>
  (await db.select({ n: count() }).from(candles).where(and(eq(candles.symbol, symbol), eq(candles.interval, interval))))[0]!.n;

describe(`the benchmark index (${kind})`, () => {
  it("is seeded on a fresh install: an index at the level of its constituents' prices, with a year of days and a day of minutes from theirs", async () => {
    const db = database.db;
    await db.insert(marketState).values({ id: 1, state: { seed: SEED, market: null } });
    const seeded = await seedMarket(db, BUNDLED_UNIVERSE, T0);
    expect(seeded.benchmark.inserted).toBe(true);
    // The older years of the index, like its constituents', come after ready (decision 058).
    expect((await fillMarketHistory(db)).done).toBe(true);
    const [kept] = await db.select({ state: marketState.state }).from(marketState);

    const tlx = await row(db, "TLX");
    expect(tlx).toMatchObject({ symbol: "TLX", name: "Tickerlab Composite", kind: "index", active: true, startingPrice: "1000.00" });
    expect(tlx!.lastPrice).toBe(indexLevel(TLX, await pricesOf(db, "lastPrice")));
    expect(tlx!.previousClose).toBe(indexLevel(TLX, await pricesOf(db, "previousClose")));

    // Exactly the domain's candles of the backfill the seed made (its seed: the install's, or a later candidate of it, decision 058).
    const history = backfill(BUNDLED_UNIVERSE, kept!.state.seed, T0);
    const computed = indexHistory(TLX, history);
    for (const interval of ["1d", "1m"] as const) {
      const expected = interval === "1d" ? computed.daily : computed.minute;
      const stored = (await candlesOf(db, ["TLX"], interval)).TLX ?? [];
      expect(stored.length, interval).toBe(expected.length);
      expect(stored.at(-1), interval).toEqual(expected.at(-1));
      expect(stored[0], interval).toEqual(expected[0]);
    }
    expect(await candleCount(db, "TLX", "1d")).toBeGreaterThanOrEqual(365);
    expect(await candleCount(db, "TLX", "1m")).toBeGreaterThanOrEqual(700);
    // The chart ends where the quote stands, and today's range holds today's minutes.
    const today = (await candlesOf(db, ["TLX"], "1d")).TLX!.at(-1)!;
    expect(today.close).toBe(tlx!.lastPrice);
    const todaysMinutes = (await candlesOf(db, ["TLX"], "1m")).TLX!.filter((m) => m.start.getTime() >= today.start.getTime());
    expect(Number(today.high)).toBe(Math.max(...todaysMinutes.map((m) => Number(m.high))));
    expect(Number(today.low)).toBe(Math.min(...todaysMinutes.map((m) => Number(m.low))));
    // Seeding a whole market with a year of backfill: ~10 s on a quiet machine, over 30 s on a loaded 2-core one.
  }, 180_000);

  it("is seeded once: a second start changes nothing", async () => {
    const db = database.db;
    const before = { row: await row(db, "TLX"), days: await candleCount(db, "TLX", "1d"), minutes: await candleCount(db, "TLX", "1m") };
    const again = await seedMarket(db, BUNDLED_UNIVERSE, new Date(T0.getTime() + 60_000));
    expect(again).toMatchObject({ instruments: 0, candles: 0, benchmark: { inserted: false, candles: 0 } });
    expect(await row(db, "TLX")).toEqual(before.row);
    expect(await candleCount(db, "TLX", "1d")).toBe(before.days);
    expect(await candleCount(db, "TLX", "1m")).toBe(before.minutes);
  });

  it("reaches an install whose market was seeded before the index existed, with history from the stored candles", async () => {
    const db = database.db;
    // That install: constituents and candles, no TLX row, candles or seed mark.
    await db.delete(instruments).where(eq(instruments.symbol, "TLX"));
    await db.delete(seededContent).where(eq(seededContent.key, "instrument:TLX"));
    expect(await candleCount(db, "TLX", "1d")).toBe(0);
    const later = new Date(T0.getTime() + 3_600_000);

    const seeded = await seedMarket(db, BUNDLED_UNIVERSE, later);
    expect(seeded.benchmark.inserted).toBe(true);
    expect(seeded.candles).toBe(seeded.benchmark.candles);
    const tlx = await row(db, "TLX");
    expect(tlx).toMatchObject({ kind: "index", lastPrice: indexLevel(TLX, await pricesOf(db, "lastPrice")), updatedAt: later });
    // Exactly the domain's history of the stored candles: every day, and the last day of minutes (as a fresh backfill has).
    const storedMinutes = Object.fromEntries(
      Object.entries(await candlesOf(db, constituents, "1m")).map(([symbol, list]) => [symbol, list.filter((c) => c.start.getTime() >= later.getTime() - 86_400_000)]),
    );
    const expected = indexHistory(TLX, { daily: await candlesOf(db, constituents, "1d"), minute: storedMinutes });
    expect((await candlesOf(db, ["TLX"], "1d")).TLX).toEqual(expected.daily);
    const minutes = (await candlesOf(db, ["TLX"], "1m")).TLX!;
    expect(minutes).toEqual(expected.minute);
    expect(minutes.length).toBeGreaterThan(700);
  });

  it("moves on every tick to the domain's level of its constituents' new prices, in the same transaction, quoted and charted", async () => {
    const db = database.db;
    const hub = new Hub({ db: async () => db });
    await hub.start();
    const received: RealtimeEvent[] = [];
    hub.subscribe("quotes", (e) => received.push(e));
    const job = new SimulatorJob({ db, kind, tickMs: 2000, hub });
    expect(await job.acquire()).toBe(true);
    const [stored] = await db.select().from(marketState);
    const at = new Date((stored!.state.market as MarketState).time + 2000);
    const expected = stepTo(stored!.state.market as MarketState, at);
    const before = await row(db, "TLX");

    const report = await job.tick(at);
    const moved = Object.fromEntries(expected.ticks.map((t) => [t.symbol, t.price]));
    const level = indexLevel(TLX, moved);
    expect(report).toMatchObject({ instruments: BUNDLED_UNIVERSE.length, benchmark: level });
    const tlx = await row(db, "TLX");
    expect(tlx).toMatchObject({ lastPrice: level, previousClose: before!.previousClose, updatedAt: at });
    expect(tlx!.lastPrice).not.toBe(before!.lastPrice);

    // One transaction wrote the index and its constituents: the same transaction id created their row versions.
    const versions = await db.execute<{ symbol: string; xmin: string }>(sql`select symbol, xmin::text as xmin from instruments where symbol in ('TLX', ${constituents[0]!})`);
    const xmins = new Set(versions.rows.map((r) => r.xmin));
    expect(versions.rows).toHaveLength(2);
    expect(xmins.size).toBe(1);

    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    const [candle] = await db
      .select()
      .from(candles)
      .where(and(eq(candles.symbol, "TLX"), eq(candles.interval, "1m"), eq(candles.start, minute)));
    expect(candle).toMatchObject({ close: level, volume: 0 });
    expect(Number(candle!.high)).toBeGreaterThanOrEqual(Number(level));
    expect(Number(candle!.low)).toBeLessThanOrEqual(Number(level));

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
    const quotes = (received[0]!.data as { quotes: Array<{ symbol: string; price: string; previousClose: string }> }).quotes;
    expect(quotes).toHaveLength(BUNDLED_UNIVERSE.length + 1);
    expect(quotes.find((q) => q.symbol === "TLX")).toMatchObject({ price: level, previousClose: before!.previousClose });
    await job.release();
  });

  it("gives a snapshot taken after a tick its level as the benchmark", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    const at = new Date(Date.now() + 60_000);
    await takeSnapshots(db, at);
    const [snapshot] = await db.select().from(equitySnapshots).where(eq(equitySnapshots.portfolioId, portfolio.id));
    expect(snapshot!.benchmark).not.toBeNull();
    expect(snapshot!.benchmark).toBe((await row(db, "TLX"))!.lastPrice);
  });

  it("cannot be traded: an order on it is kept as rejected with INDEX_NOT_TRADABLE, and nothing moves", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    const answer = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: "TLX", side: "buy", type: "market", quantity: 1 } });
    expect(answer).toMatchObject({ rejection: { code: "INDEX_NOT_TRADABLE" }, order: { symbol: "TLX", status: "rejected" } });
    const [order] = await db.select().from(orders).where(eq(orders.portfolioId, portfolio.id));
    expect(order).toMatchObject({ status: "rejected", rejectCode: "INDEX_NOT_TRADABLE", reservedCash: "0.00" });
  });
});

describe("the benchmark index over HTTP (the test server's fresh install)", () => {
  async function member() {
    const client = new Client();
    const person = { email: uniqueEmail("benchmark"), password: "a good password", name: "Bench Marker" };
    await client.register(person);
    await client.signIn(person.email, person.password);
    return client;
  }

  it("is listed as an index, answers its candles, and refuses orders", async () => {
    const client = await member();
    const listed = (await (await client.request("/api/instruments")).json()) as { items: Array<{ symbol: string; kind: string; lastPrice: string }> };
    expect(listed.items.find((i) => i.symbol === "TLX")).toMatchObject({ kind: "index", lastPrice: expect.stringMatching(/^\d+\.\d{2}$/) });

    for (const interval of ["1d", "1m"]) {
      const res = await client.request(`/api/instruments/TLX/candles?interval=${interval}`);
      expect(res.status, interval).toBe(200);
      const body = (await res.json()) as { symbol: string; items: unknown[] };
      expect(body.symbol).toBe("TLX");
      expect(body.items.length, interval).toBeGreaterThan(interval === "1d" ? 300 : 100);
    }

    const portfolio = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const refused = await client.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol: "TLX", side: "buy", type: "market", quantity: 1 } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { code: "INDEX_NOT_TRADABLE", message: expect.stringContaining("TLX is an index") } });
  });
});
