/**
 * The market's day so far (features/market marketDay, GET /api/market/day): the last close of
 * each 15-minute step since 00:00 UTC from the minute candles, the volume from the day's
 * candle, gaps as null — in ONE statement however many instruments there are.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { DAY_PATH_STEP_MINUTES, forgetMarketDay, marketDay } from "@/features/market";
import { seedMarket } from "@/features/market/server/seed";
import type { Db } from "@/server/db";
import { candles } from "@/server/db/schema";
import { createInstrument } from "../factories/trading";
import { useTestDatabase } from "../setup/db";
import { statementCounter } from "../setup/statement-counter";
import { Client, signedInMember } from "./http-client";

const { onQuery, statementsOf } = statementCounter();
const database = useTestDatabase({ onQuery });

// Wednesday 18 November 2026, 10:07 UTC: 41 steps of 15 minutes have begun since 00:00.
const NOW = new Date("2026-11-18T10:07:00Z");
const DAY = new Date("2026-11-18T00:00:00Z");
const minute = (hhmm: string, day = "2026-11-18") => new Date(`${day}T${hhmm}:00Z`);

async function minuteCandle(db: Db, symbol: string, start: Date, close: string, volume = 100) {
  await db.insert(candles).values({ symbol, interval: "1m", start, open: close, high: close, low: close, close, volume });
}

describe("the market's day so far", () => {
  // Each test writes candles into steps that have ended: what the process kept from an earlier read must not answer.
  beforeEach(() => forgetMarketDay());

  it("keeps the last close of each step, the day's volume, and null for a step without prices", async () => {
    const db = database.db;
    const a = await createInstrument(db);
    const quiet = await createInstrument(db);
    await minuteCandle(db, a.symbol, minute("23:59", "2026-11-17"), "1.00"); // yesterday: not today's path
    await minuteCandle(db, a.symbol, minute("00:00"), "10.00");
    await minuteCandle(db, a.symbol, minute("00:14"), "10.50");
    await minuteCandle(db, a.symbol, minute("00:15"), "11.00");
    await minuteCandle(db, a.symbol, minute("01:00"), "9.00");
    await minuteCandle(db, a.symbol, minute("10:06"), "12.00");
    await db.insert(candles).values([
      { symbol: a.symbol, interval: "1d", start: DAY, open: "10.00", high: "12.00", low: "9.00", close: "12.00", volume: 12_345 },
      { symbol: a.symbol, interval: "1d", start: minute("00:00", "2026-11-17"), open: "1.00", high: "1.00", low: "1.00", close: "1.00", volume: 999 },
    ]);

    const day = await marketDay(db, { now: NOW });
    expect(day.start).toBe(DAY.toISOString());
    expect(day.stepMinutes).toBe(DAY_PATH_STEP_MINUTES);
    const path = day.items.find((i) => i.symbol === a.symbol)!;
    expect(path.volume).toBe(12_345);
    expect(path.closes).toHaveLength(41);
    expect(path.closes.slice(0, 5)).toEqual(["10.50", "11.00", null, null, "9.00"]);
    expect(path.closes.slice(5, 40).every((c) => c === null)).toBe(true);
    expect(path.closes[40]).toBe("12.00");
    const none = day.items.find((i) => i.symbol === quiet.symbol)!;
    expect(none).toEqual({ symbol: quiet.symbol, volume: 0, closes: Array(41).fill(null) });

    // Only the symbols asked for; none asked, none answered (and nothing sent).
    expect((await marketDay(db, { now: NOW, symbols: [quiet.symbol] })).items.map((i) => i.symbol)).toEqual([quiet.symbol]);
    const empty = await statementsOf(() => marketDay(db, { now: NOW, symbols: [] }));
    expect(empty.result.items).toEqual([]);
    expect(empty.statements).toHaveLength(0);
  });

  it("reads a finished step once: a later read asks only for the steps since, and a few symbols are served from the whole market's read", async () => {
    const db = database.db;
    const a = await createInstrument(db);
    await minuteCandle(db, a.symbol, minute("00:05"), "20.00");
    await minuteCandle(db, a.symbol, minute("10:01"), "21.00");
    const first = (await marketDay(db, { now: NOW })).items.find((i) => i.symbol === a.symbol)!;
    expect([first.closes[0], first.closes[40]]).toEqual(["20.00", "21.00"]);
    // Written into a step that ended long ago (nothing does that but a test): not read again.
    await db.update(candles).set({ close: "99.99" }).where(and(eq(candles.symbol, a.symbol), eq(candles.start, minute("00:05"))));
    // The current step is read again every time.
    await minuteCandle(db, a.symbol, minute("10:07"), "22.00");
    const again = await statementsOf(() => marketDay(db, { now: NOW }));
    expect(again.statements).toHaveLength(1);
    const second = again.result.items.find((i) => i.symbol === a.symbol)!;
    expect([second.closes[0], second.closes[40]]).toEqual(["20.00", "22.00"]);
    expect((await marketDay(db, { now: NOW, symbols: [a.symbol] })).items[0]!.closes).toEqual(second.closes);
    // Without what it kept, the process reads the whole day again.
    forgetMarketDay();
    expect((await marketDay(db, { now: NOW, symbols: [a.symbol] })).items[0]!.closes[0]).toBe("99.99");
    // An instrument listed after the read had no candles before it: its earlier steps are empty.
    const fresh = await createInstrument(db);
    await marketDay(db, { now: NOW });
    await minuteCandle(db, fresh.symbol, minute("10:07"), "5.00");
    const listed = (await marketDay(db, { now: NOW })).items.find((i) => i.symbol === fresh.symbol)!;
    expect(listed.closes.filter((c) => c !== null)).toEqual(["5.00"]);
  });

  it("agrees with the minute candles on a random day: each step's close is its latest minute's", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const starts = new Set<number>();
    while (starts.size < 300) starts.add(DAY.getTime() + Math.floor(Math.random() * 607) * 60_000);
    const rows = [...starts].map((t) => ({ start: new Date(t), close: (10 + Math.random() * 90).toFixed(2) }));
    await db.insert(candles).values(rows.map((r) => ({ symbol: instrument.symbol, interval: "1m" as const, start: r.start, open: r.close, high: r.close, low: r.close, close: r.close, volume: 1 })));
    const expected: Array<string | null> = Array(41).fill(null);
    for (const r of [...rows].sort((x, y) => x.start.getTime() - y.start.getTime())) {
      expected[Math.floor((r.start.getTime() - DAY.getTime()) / (DAY_PATH_STEP_MINUTES * 60_000))] = r.close;
    }
    const [path] = (await marketDay(db, { now: NOW, symbols: [instrument.symbol] })).items;
    expect(path!.closes).toEqual(expected);
  });

  it("is one statement for 3 instruments and for 40 more", async () => {
    const db = database.db;
    for (let i = 0; i < 3; i++) await createInstrument(db);
    const few = await statementsOf(() => marketDay(db, { now: NOW }));
    expect(few.statements).toHaveLength(1);
    for (let i = 0; i < 40; i++) await createInstrument(db);
    const many = await statementsOf(() => marketDay(db, { now: NOW }));
    expect(many.statements).toHaveLength(1);
    expect(many.result.items.length).toBeGreaterThanOrEqual(few.result.items.length + 40);
  });

  // Seeding a year of the bundled market takes seconds on PGlite: a generous cap for a loaded machine.
  it("draws the bundled instruments' whole day from their backfill: every step has a close, the volume is the day's", { timeout: 120_000 }, async () => {
    const db = database.db;
    // Seven minutes into the current step: the backfill stops before the minute "now" is in,
    // which the running simulator fills, so the step's first minute would have no candle yet.
    const stepMs = DAY_PATH_STEP_MINUTES * 60_000;
    const now = new Date(Math.floor(Date.now() / stepMs) * stepMs + 7 * 60_000);
    // The seed backfills only a database without candles (the other tests here wrote some).
    await db.delete(candles);
    // A few of the bundled instruments: the backfill's cost grows with each one.
    const universe = BUNDLED_UNIVERSE.slice(0, 4);
    await seedMarket(db, universe, now);
    const day = await marketDay(db, { now, symbols: universe.map((i) => i.symbol) });
    expect(day.items).toHaveLength(universe.length);
    const steps = Math.floor((now.getTime() - Date.parse(day.start)) / stepMs) + 1;
    for (const item of day.items) {
      expect(item.closes, item.symbol).toHaveLength(steps);
      expect(item.closes.filter((c) => c === null || !/^\d+\.\d{2}$/.test(c)), item.symbol).toEqual([]);
      expect(item.volume, item.symbol).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/market/day", () => {
  it("answers a member with today's paths, and 401 without a session", async () => {
    expect((await new Client().request("/api/market/day")).status).toBe(401);
    const { client } = await signedInMember("marketday");
    const res = await client.request("/api/market/day");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { start: string; stepMinutes: number; items: Array<{ symbol: string; volume: number; closes: Array<string | null> }> };
    expect(body.start).toMatch(/T00:00:00\.000Z$/);
    expect(body.stepMinutes).toBe(DAY_PATH_STEP_MINUTES);
    expect(body.items.length).toBeGreaterThanOrEqual(30);
    expect(body.items.find((i) => i.symbol === "TLX")?.closes.some((c) => c !== null)).toBe(true);
  });
});
