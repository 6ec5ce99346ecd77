/**
 * The market simulator job on a real database: deterministic ticks and candles, resting
 * orders filled by a tick, resuming after a reopen, the day roll; and on PostgreSQL the
 * lease: one leader, a stale leader fenced, fail-over within seconds, NOTIFY fan-out.
 */
import "../setup/test-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfill, BUNDLED_UNIVERSE, stepTo, type MarketState } from "@/domain/market";
import { seedMarket } from "@/features/market/server/seed";
import { FencedError, SimulatorJob } from "@/features/market/server/simulator-job";
import { placeOrder } from "@/features/trading";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { candles, instruments, jobLeases, marketState, orders } from "@/server/db/schema";
import { Hub, type RealtimeEvent } from "@/server/realtime/hub";
import { createPortfolio } from "../factories/trading";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";

const SEED = "market-simulator-test-seed";
const T0 = new Date("2031-03-04T23:58:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const kind = onPostgres ? "postgres" : "pglite";

/** A database that can be opened again (a folder on PGlite, a database on PostgreSQL). */
async function reopenableDatabase() {
  const server = await createServerDatabase();
  const dir = server ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-sim-"));
  return {
    url: server?.url,
    /** The server itself (LISTEN), in the pooler pass not the pooler. */
    directUrl: server?.directUrl,
    open: () => (server ? openDatabase({ url: server.url, directUrl: server.directUrl, maxConnections: 10 }) : openDatabase({ dataDir: dir! })),
    drop: async () => {
      await server?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function storedMarket(handle: DatabaseHandle): Promise<MarketState> {
  const [row] = await handle.db.select().from(marketState).where(eq(marketState.id, 1));
  return row!.state.market as MarketState;
}

async function pricesIn(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rows = await handle.db.select({ symbol: instruments.symbol, price: instruments.lastPrice }).from(instruments);
  return Object.fromEntries(rows.map((r) => [r.symbol, r.price]));
}

let database: Awaited<ReturnType<typeof reopenableDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await reopenableDatabase();
  handle = await database.open();
  // A fixed seed (an install draws a random one): prices are then known in advance.
  await handle.db.insert(marketState).values({ id: 1, state: { seed: SEED, market: null } });
  await seedMarket(handle.db, BUNDLED_UNIVERSE, T0);
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe(`the simulator job (${kind})`, () => {
  it("moves every price as the seeded domain walk says, writes candles and the state, and publishes quotes", async () => {
    const hub = new Hub({ db: async () => handle.db });
    await hub.start();
    const received: RealtimeEvent[] = [];
    hub.subscribe("quotes", (e) => received.push(e));
    const job = new SimulatorJob({ db: handle.db, kind, tickMs: 2000, hub });
    expect(await job.acquire()).toBe(true);
    const before = await storedMarket(handle);
    const seeded = backfill(BUNDLED_UNIVERSE, SEED, T0).state;
    expect(before).toEqual(seeded);
    const expected = stepTo(seeded, at(2000));

    const report = await job.tick(at(2000));
    expect(report).toMatchObject({ instruments: BUNDLED_UNIVERSE.length, rolledDay: false });
    const prices = await pricesIn(handle);
    for (const tick of expected.ticks) expect(prices[tick.symbol], tick.symbol).toBe(tick.price);
    expect((await storedMarket(handle)).time).toBe(at(2000).getTime());

    const minute = new Date(Math.floor(at(2000).getTime() / 60_000) * 60_000);
    const [candle] = await handle.db
      .select()
      .from(candles)
      .where(and(eq(candles.symbol, expected.ticks[0]!.symbol), eq(candles.interval, "1m"), eq(candles.start, minute)));
    expect(candle!.close).toBe(expected.ticks[0]!.price);
    expect(Number(candle!.high)).toBeGreaterThanOrEqual(Number(candle!.close));
    expect(Number(candle!.low)).toBeLessThanOrEqual(Number(candle!.close));

    await waitFor(() => received.length > 0, 5000);
    expect(received).toHaveLength(1);
    const data = received[0]!.data as { quotes: Array<{ symbol: string; price: string }> };
    // Every instrument, and the benchmark index beside them.
    expect(data.quotes).toHaveLength(BUNDLED_UNIVERSE.length + 1);
    expect(data.quotes.find((q) => q.symbol === expected.ticks[0]!.symbol)!.price).toBe(expected.ticks[0]!.price);
    await job.release();

    // Tick time for the report: a few ticks on this driver, 36 instruments.
    const timing = new SimulatorJob({ db: handle.db, kind, tickMs: 2000 });
    await timing.acquire();
    const ms: number[] = [];
    for (let i = 1; i <= 5; i++) ms.push((await timing.tick(at(2000 + i * 100)))!.ms);
    await timing.release();
    console.info(`[market-simulator] ${kind}: ms per tick (36 instruments): ${ms.map((m) => m.toFixed(1)).join(", ")}`);
  });

  it("fills a resting limit order when a tick crosses it", async () => {
    const job = new SimulatorJob({ db: handle.db, kind, tickMs: 2000 });
    await job.acquire();
    const state = await storedMarket(handle);
    // 90 s on (still before midnight, which a later test rolls): long enough that some price falls by more than a cent, whatever the seed.
    const next = at(90_000);
    const predicted = stepTo(state, next);
    const current = await pricesIn(handle);
    // A symbol whose price falls by more than a cent on the next tick: a buy limit a cent above the
    // new price rests now and is crossed then (a limit the price only touches fills by its place in
    // the queue, a draw: decision 056).
    const cents = (price: string) => Math.round(Number(price) * 100);
    const falling = predicted.ticks.find((t) => cents(t.price) < cents(current[t.symbol]!) - 1);
    expect(falling, "some instrument falls on this tick").toBeDefined();
    const limitPrice = ((cents(falling!.price) + 1) / 100).toFixed(2);
    const portfolio = await createPortfolio(handle.db);
    const placed = await placeOrder(handle.db, {
      userId: portfolio.userId,
      portfolioId: portfolio.id,
      input: { symbol: falling!.symbol, side: "buy", type: "limit", quantity: 1, limitPrice, timeInForce: "gtc" },
      now: at(2900),
    });
    const orderId = placed.order.id;
    expect(placed.order.status).toBe("open");

    const report = await job.tick(next);
    expect(report!.filled).toBeGreaterThanOrEqual(1);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe("filled");
    await job.release();
  });

  it("rolls the previous close at 00:00 UTC and resumes where it stopped after a reopen", async () => {
    const job = new SimulatorJob({ db: handle.db, kind, tickMs: 2000 });
    await job.acquire();
    const beforeMidnight = await pricesIn(handle);
    const report = await job.tick(new Date("2031-03-05T00:00:01.000Z"));
    expect(report!.rolledDay).toBe(true);
    const rows = await handle.db.select().from(instruments);
    for (const r of rows) expect(r.previousClose, r.symbol).toBe(beforeMidnight[r.symbol]);
    await job.stop();

    const state = await storedMarket(handle);
    const expected = stepTo(state, new Date("2031-03-05T00:00:05.000Z"));
    await handle.close();
    handle = await database.open();
    const again = new SimulatorJob({ db: handle.db, kind, tickMs: 2000 });
    expect(await again.acquire()).toBe(true);
    await again.tick(new Date("2031-03-05T00:00:05.000Z"));
    const prices = await pricesIn(handle);
    for (const tick of expected.ticks) expect(prices[tick.symbol], tick.symbol).toBe(tick.price);
    await again.release();
  });

  it("prunes minute candles older than two days", async () => {
    const job = new SimulatorJob({ db: handle.db, kind, tickMs: 2000 });
    await job.acquire();
    // Three days on: the backfilled minute candles are all older than the retention window.
    const report = await job.tick(new Date("2031-03-08T00:00:30.000Z"));
    expect(report!.pruned).toBeGreaterThan(1000);
    const left = await handle.db.select({ start: candles.start }).from(candles).where(eq(candles.interval, "1m"));
    expect(left.every((c) => c.start.getTime() >= new Date("2031-03-06T00:00:30.000Z").getTime())).toBe(true);
    await job.release();
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

describe.skipIf(!onPostgres)("the simulator lease on PostgreSQL", () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    second = await database.open();
  });
  afterAll(async () => {
    await second?.close();
  });

  it("lets exactly one of two runners lead", async () => {
    const a = new SimulatorJob({ db: handle.db, kind: "postgres", tickMs: 100, leaseMs: 2000, pollMs: 100 });
    const b = new SimulatorJob({ db: second.db, kind: "postgres", tickMs: 100, leaseMs: 2000, pollMs: 100 });
    const [wonA, wonB] = await Promise.all([a.acquire(), b.acquire()]);
    expect([wonA, wonB].filter(Boolean)).toHaveLength(1);
    a.start();
    b.start();
    await sleep(600);
    expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("refuses every write of a stale leader once another took over", async () => {
    const a = new SimulatorJob({ db: handle.db, kind: "postgres", tickMs: 2000, leaseMs: 10_000 });
    const b = new SimulatorJob({ db: second.db, kind: "postgres", tickMs: 2000, leaseMs: 10_000 });
    // a leads, then "pauses": its lease runs out and b takes over.
    await handle.db.update(jobLeases).set({ expiresAt: new Date(0) });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    await handle.db.update(jobLeases).set({ expiresAt: new Date(0) });
    expect(await b.acquire()).toBe(true);
    expect(b.fencingToken).toBe(a.fencingToken! + 1);

    const stateBefore = await storedMarket(handle);
    const pricesBefore = await pricesIn(handle);
    const stale = await a.tick(new Date(stateBefore.time + 1000)).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(FencedError);
    expect(a.isLeader).toBe(false);
    expect((await storedMarket(handle)).time).toBe(stateBefore.time);
    expect(await pricesIn(handle)).toEqual(pricesBefore);

    expect(await b.tick(new Date(stateBefore.time + 1000))).not.toBeNull();
    expect((await storedMarket(handle)).time).toBe(stateBefore.time + 1000);
    await b.release();
  });

  it("hands the market to the follower within seconds when the leader dies", async () => {
    await handle.db.update(jobLeases).set({ expiresAt: new Date(0) });
    // The market's clock is in 2031 here: the runners' clocks run from just after it.
    const offset = (await storedMarket(handle)).time + 60_000 - Date.now();
    const clock = () => new Date(Date.now() + offset);
    const a = new SimulatorJob({ db: handle.db, kind: "postgres", tickMs: 200, leaseMs: 1500, pollMs: 200, clock });
    const b = new SimulatorJob({ db: second.db, kind: "postgres", tickMs: 200, leaseMs: 1500, pollMs: 200, clock });
    expect(await a.acquire()).toBe(true);
    a.start();
    b.start();
    await sleep(500);
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    // A crash: the loop stops and the lease is not given back.
    await a.stop({ release: false });
    const tookMs = await waitFor(() => b.isLeader, 5000);
    expect(tookMs).toBeLessThan(3000);
    const before = (await storedMarket(handle)).time;
    await waitFor(() => (b.lastTick?.at.getTime() ?? 0) > before, 2000);
    await b.stop();
  });

  it("reaches a second instance's hub through NOTIFY", async () => {
    const hubA = new Hub({ url: database.directUrl, db: async () => handle.db });
    const hubB = new Hub({ url: database.directUrl, db: async () => handle.db });
    await Promise.all([hubA.start(), hubB.start()]);
    const received: RealtimeEvent[] = [];
    const off = hubB.subscribe("quotes", (e) => received.push(e));
    await handle.db.update(jobLeases).set({ expiresAt: new Date(0) });
    const job = new SimulatorJob({ db: handle.db, kind: "postgres", tickMs: 2000, hub: hubA });
    expect(await job.acquire()).toBe(true);
    await job.tick(new Date((await storedMarket(handle)).time + 1000));
    await waitFor(() => received.length > 0, 3000);
    expect((received[0]!.data as { quotes: unknown[] }).quotes).toHaveLength(BUNDLED_UNIVERSE.length + 1);
    off();
    expect(hubB.listenerCount()).toBe(0);
    await job.release();
    await Promise.all([hubA.stop(), hubB.stop()]);
  });
});
