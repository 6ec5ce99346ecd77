/**
 * The fair-play monitor learns the exploits of realistic execution (issue #22 §4, decision 072):
 * orders sized to illiquid instruments, trading at the edge of a margin call, washing a position
 * through a bracket. Each is built from real orders through the one engine and real price moves,
 * the monitor runs as its task would, and the flag and its evidence are asserted — beside an
 * honest look-alike that trades in the same way but not the exploit's, which raises nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BRACKET_WASH_MIN_GROUPS, ILLIQUID_MIN_ORDERS } from "@/domain/fairplay";
import { createEvent, joinEvent } from "@/features/events";
import { eventFlagsFor, runFairPlayMonitor } from "@/features/fairplay";
import { setPrice } from "@/features/market/server/test-prices";
import { placeOrder } from "@/features/trading";
import { events, fairplayFlags, orders } from "@/server/db/schema";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** An event on the practice market, live from two hours ago for four hours, no spread (round prices), with these rules. */
async function liveEvent(rules: Record<string, unknown> = {}) {
  const db = database.db;
  const organiser = await createTestUser(db, { role: "organiser" });
  const start = Math.floor((Date.now() - 2 * HOUR) / 1000) * 1000;
  const made = await createEvent(
    db,
    { id: organiser.id },
    {
      title: `Execution cup ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 4 * HOUR).toISOString(),
      startingCash: "10000.00",
      visibility: "public",
      halfSpreadBps: 0,
      ...rules,
    } as never,
    new Date(start - HOUR),
  );
  const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
  return { event: event!, slug: made.slug, start, organiser };
}

async function participant(slug: string) {
  const person = await createTestUser(database.db, { name: `Trader ${Math.random().toString(36).slice(2, 7)}` });
  const { portfolioId } = await joinEvent(database.db, person, slug);
  const order = (input: Record<string, unknown>, at: number) =>
    placeOrder(database.db, { userId: person.id, portfolioId, input: { type: "market", timeInForce: "gtc", ...input } as never, now: new Date(at) });
  return { person, portfolioId, order };
}

async function flagsOf(eventId: string, kind: string) {
  return (await database.db.select().from(fairplayFlags).where(eq(fairplayFlags.eventId, eventId))).filter((f) => f.kind === kind);
}

describe("orders sized to illiquid instruments", () => {
  it("flags three orders each for 6 % of a thin stock's daily volume, with each order and its share; four-percent orders and a stock of unknown volume raise nothing", async () => {
    const db = database.db;
    const { event, start, organiser } = await liveEvent();
    const thin = await createInstrument(db, { lastPrice: "10.00", averageDailyVolume: 2_000 });
    const unknown = await createInstrument(db, { lastPrice: "10.00" });
    const cornering = await participant(event.slug);
    const careful = await participant(event.slug);
    for (let i = 0; i < ILLIQUID_MIN_ORDERS; i++) {
      expect((await cornering.order({ symbol: thin.symbol, side: "buy", quantity: 120 }, start + (10 + i) * MINUTE)).rejection).toBeNull();
      // The look-alike: as many orders on the same stock, under the line (80 = 4 %), and big ones on a stock whose volume is unknown.
      expect((await careful.order({ symbol: thin.symbol, side: "buy", quantity: 80 }, start + (10 + i) * MINUTE)).rejection).toBeNull();
      expect((await careful.order({ symbol: unknown.symbol, side: "buy", quantity: 200 }, start + (11 + i) * MINUTE)).rejection).toBeNull();
    }
    // The engine fills them in parts (over 1 % of the volume): the orders still count, as tried.
    const placed = await db.select().from(orders).where(eq(orders.portfolioId, cornering.portfolioId));
    expect(placed.every((o) => o.status !== "filled")).toBe(true);

    await runFairPlayMonitor(db, { now: new Date() });
    const flags = await flagsOf(event.id, "illiquid-sizing");
    expect(flags.map((f) => f.userId)).toEqual([cornering.person.id]);
    expect(flags[0]!.evidence).toMatchObject({
      orders: 3,
      instruments: 1,
      minShareOfVolume: 0.05,
      list: placed.map((o) => expect.objectContaining({ orderId: o.id, symbol: thin.symbol, side: "buy", quantity: 120, averageDailyVolume: 2000, shareOfVolume: 0.06 })),
    });
    const review = await eventFlagsFor(db, organiser, event.slug);
    expect(review.items.map((i) => [i.kind, i.title])).toEqual([["illiquid-sizing", "Orders sized to illiquid instruments"]]);
  });
});

describe("trading at the edge of a margin call", () => {
  it("flags buying again and again while a call stands, with each order and the call; meeting a call by selling raises nothing", async () => {
    const db = database.db;
    const { event, start } = await liveEvent({ margin: {} });
    const stock = await createInstrument(db, { lastPrice: "100.00" });
    const gambler = await participant(event.slug);
    const prudent = await participant(event.slug);
    // Both borrow to the hilt: 200 shares on 10,000.00 of equity at 2×.
    for (const who of [gambler, prudent]) expect((await who.order({ symbol: stock.symbol, side: "buy", quantity: 200 }, start + 10 * MINUTE)).rejection).toBeNull();
    // 60.00: equity 2,000.00 under 25 % of 12,000.00 — a call on both.
    const calledAt = start + 20 * MINUTE;
    await setPrice(db, stock.symbol, "60.00", new Date(calledAt));
    // The gambler keeps adding (refused for buying power, still tried) and sells a little; the prudent one sells to meet the call.
    await gambler.order({ symbol: stock.symbol, side: "buy", quantity: 20 }, calledAt + MINUTE);
    await gambler.order({ symbol: stock.symbol, side: "sell", quantity: 5 }, calledAt + 2 * MINUTE);
    await gambler.order({ symbol: stock.symbol, side: "buy", quantity: 10 }, calledAt + 3 * MINUTE);
    for (let i = 1; i <= 3; i++) expect((await prudent.order({ symbol: stock.symbol, side: "sell", quantity: 20 }, calledAt + i * MINUTE)).rejection).toBeNull();

    await runFairPlayMonitor(db, { now: new Date() });
    const flags = await flagsOf(event.id, "margin-call-edge");
    expect(flags.map((f) => f.userId)).toEqual([gambler.person.id]);
    expect(flags[0]!.evidence).toMatchObject({ orders: 3, adding: 2, calls: 1 });
    const list = (flags[0]!.evidence as { list: Array<Record<string, unknown>> }).list;
    expect(list.map((o) => [o.side, o.quantity])).toEqual([["buy", 20], ["sell", 5], ["buy", 10]]);
    expect(new Date(String(list[0]!.callRaisedAt)).getTime()).toBe(calledAt);
  });
});

describe("washing a position through a bracket", () => {
  it("flags brackets whose take-profit filled minutes after the entry at almost its price; brackets that took a real move raise nothing", async () => {
    const db = database.db;
    const { event, start } = await liveEvent();
    const washStock = await createInstrument(db, { lastPrice: "100.00" });
    const realStock = await createInstrument(db, { lastPrice: "100.00" });
    const washer = await participant(event.slug);
    const swing = await participant(event.slug);
    let at = start + 10 * MINUTE;
    for (let i = 0; i < BRACKET_WASH_MIN_GROUPS; i++) {
      // Entry at 100.00 (plus the 5 bps slippage), out at 100.20 on the next tick, a minute later.
      const washed = await washer.order({ symbol: washStock.symbol, side: "buy", quantity: 10, orderClass: "bracket", takeProfit: { limitPrice: "100.20" }, stopLoss: { stopPrice: "90.00" } }, at);
      expect(washed.rejection).toBeNull();
      // The look-alike: the same brackets on another stock, out at a real 5 % move within the same minutes.
      const real = await swing.order({ symbol: realStock.symbol, side: "buy", quantity: 10, orderClass: "bracket", takeProfit: { limitPrice: "105.00" }, stopLoss: { stopPrice: "90.00" } }, at);
      expect(real.rejection).toBeNull();
      await setPrice(db, washStock.symbol, "100.25", new Date(at + MINUTE));
      await setPrice(db, realStock.symbol, "105.10", new Date(at + MINUTE));
      await setPrice(db, washStock.symbol, "100.00", new Date(at + 2 * MINUTE));
      await setPrice(db, realStock.symbol, "100.00", new Date(at + 2 * MINUTE));
      at += 5 * MINUTE;
    }
    const exits = await db.select().from(orders).where(eq(orders.portfolioId, washer.portfolioId));
    expect(exits.filter((o) => o.leg === "take-profit" && o.status === "filled")).toHaveLength(BRACKET_WASH_MIN_GROUPS);

    await runFairPlayMonitor(db, { now: new Date() });
    const flags = await flagsOf(event.id, "bracket-wash");
    expect(flags.map((f) => f.userId)).toEqual([washer.person.id]);
    expect(flags[0]!.evidence).toMatchObject({ groups: 3, windowMinutes: 15, maxMove: 0.0025 });
    const list = (flags[0]!.evidence as { list: Array<Record<string, unknown>> }).list;
    expect(list.map((g) => [g.symbol, g.exitLeg, g.exitPrice, g.minutes])).toEqual(Array.from({ length: 3 }, () => [washStock.symbol, "take-profit", "100.20", 1]));
  });
});
