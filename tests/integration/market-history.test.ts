/**
 * A first start's older years, written after ready (docs/decisions/058): the seed writes the
 * most recent year of days (and the day of minutes) and leaves a marker; the market-history
 * task writes the rest newest first, a batch per fenced transaction, and removes the marker.
 * Stopped half-way and taken up by a new process (nothing held in memory), it makes the very
 * same candles again and finishes: every candle of the backfill once, none twice; a batch
 * run again after its marker was lost writes nothing twice; a runner that lost its lease
 * writes nothing. Meanwhile the realism report and the daily candles say the history is
 * still filling.
 */
import { and, count, eq, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backfill, BUNDLED_UNIVERSE, indexHistory, TLX, type Candle } from "@/domain/market";
import { forgetMarketRealism, marketRealism, type MarketRealism } from "@/features/market";
import { fillMarketHistory, forgetHeldHistory, HISTORY_BATCH_DAYS, historyFilling, READY_HISTORY_DAYS, readyHistoryFrom } from "@/features/market/server/history";
import { seedMarket } from "@/features/market/server/seed";
import { FencedError } from "@/server/jobs/lease";
import { candles, marketState } from "@/server/db/schema";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const SEED = "history-fill-seed";
/** Mid-day, as a first start usually is. */
const T0 = new Date("2031-05-06T12:00:00.000Z");
const DAY_MS = 86_400_000;

const dailyCount = async (before?: Date) =>
  (await database.db.select({ n: count() }).from(candles).where(and(eq(candles.interval, "1d"), before ? lt(candles.start, before) : undefined)))[0]!.n;

async function stored() {
  const [row] = await database.db.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1));
  return row!.state;
}

describe("the first start's older years", () => {
  it("are written after ready by the market-history task, resumably and exactly once, while the report waits", async () => {
    const db = database.db;
    await db.insert(marketState).values({ id: 1, state: { seed: SEED, market: null } });
    const seeded = await seedMarket(db, BUNDLED_UNIVERSE, T0);
    const from = readyHistoryFrom(T0);
    expect(from.toISOString()).toBe(new Date(Date.parse("2031-05-06T00:00:00.000Z") - (READY_HISTORY_DAYS - 1) * DAY_MS).toISOString());

    // Before ready: only the most recent year of days (today's included), none older; the marker says the rest is missing.
    const instrumentsWithDays = BUNDLED_UNIVERSE.length + 1; // the index too
    expect(await dailyCount()).toBe(instrumentsWithDays * READY_HISTORY_DAYS);
    expect(await dailyCount(from)).toBe(0);
    const marker = (await stored()).historyFill!;
    expect(marker).toMatchObject({ endTime: T0.toISOString(), before: from.toISOString() });
    expect(await historyFilling(db)).toBe(true);
    forgetMarketRealism();
    expect(await marketRealism(db, { now: T0 })).toMatchObject({ filling: true, unavailable: expect.stringMatching(/^Still filling history/) });
    expect(seeded.tries).toBeGreaterThanOrEqual(1);

    // What a complete history is: the backfill of the seed the install kept, and the index's days from it.
    const seed = (await stored()).seed;
    const history = backfill(BUNDLED_UNIVERSE, seed, T0);
    const expected: Candle[] = [...Object.values(history.daily).flat(), ...indexHistory(TLX, history).daily];
    const olderDays = Math.round((from.getTime() - history.daily[BUNDLED_UNIVERSE[0]!.symbol]![0]!.start.getTime()) / DAY_MS);
    expect(olderDays).toBe(5 * 365 + 1 - READY_HISTORY_DAYS);

    // Two batches, then the process stops (kill -9: nothing more of it runs).
    const firstRun = await fillMarketHistory(db, { maxBatches: 2 });
    expect(firstRun).toMatchObject({ batches: 2, done: false });
    const halfWay = new Date(from.getTime() - 2 * HISTORY_BATCH_DAYS * DAY_MS);
    expect((await stored()).historyFill!.before).toBe(halfWay.toISOString());
    expect(await dailyCount(from)).toBe(instrumentsWithDays * 2 * HISTORY_BATCH_DAYS);
    expect(await dailyCount(halfWay)).toBe(0);
    expect(await historyFilling(db)).toBe(true);

    // A runner that lost the task's lease writes nothing and moves nothing.
    const refused = fillMarketHistory(db, {
      fence: async () => {
        throw new FencedError("another runner holds the market-history lease");
      },
    });
    await expect(refused).rejects.toBeInstanceOf(FencedError);
    expect(await dailyCount(halfWay)).toBe(0);
    expect((await stored()).historyFill!.before).toBe(halfWay.toISOString());

    // A new process holds nothing in memory: it makes the same candles again from the marker and finishes.
    forgetHeldHistory();
    const finished = await fillMarketHistory(db);
    expect(finished.done).toBe(true);
    expect((await stored()).historyFill).toBeUndefined();
    expect(await historyFilling(db)).toBe(false);
    expect(await dailyCount()).toBe(expected.length);

    // Every candle of the backfill, exactly: none missing, none twice, none different.
    const rows = await db.select().from(candles).where(eq(candles.interval, "1d"));
    const key = (c: Pick<Candle, "symbol" | "start">) => `${c.symbol} ${c.start.toISOString()}`;
    const byKey = new Map(rows.map((r) => [key(r), r]));
    expect(byKey.size).toBe(rows.length);
    for (const c of expected) expect(byKey.get(key(c)), key(c)).toMatchObject({ open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume });

    // A batch run again (its marker update lost: the marker put back half-way) writes nothing twice.
    await db.update(marketState).set({ state: { ...(await stored()), historyFill: { ...marker, before: halfWay.toISOString() } } }).where(eq(marketState.id, 1));
    expect((await fillMarketHistory(db)).done).toBe(true);
    expect(await dailyCount()).toBe(expected.length);

    // Done: the task reads one row and returns; the report measures the five years, every row holding.
    expect(await fillMarketHistory(db)).toEqual({ written: 0, batches: 0, done: true });
    forgetMarketRealism();
    const report = (await marketRealism(db, { now: T0 })) as MarketRealism;
    expect(report.days).toBeGreaterThanOrEqual(5 * 365 - 2);
    expect(report.rows.filter((r) => !r.holds).map((r) => r.id)).toEqual([]);
  }, 300_000);
});
