/**
 * An event's rules against gambling on a real database (docs/decisions/044): each enforced
 * through the real order path with its stable code and its human message, on the practice
 * market and on a replay's clock, for resting orders when they fill, and saved, returned and
 * validated by the events use-cases the API calls.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, getEventFor, joinEvent, updateEvent } from "@/features/events";
import { importDataset } from "@/features/market/server/datasets";
import { setPrice } from "@/features/market/server/test-prices";
import { cancelOrder, placeOrder, type PlaceOrderResult } from "@/features/trading";
import { orders } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";
import { expectIdentities } from "../factories/accounting";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);
const rejectionOf = (answer: PlaceOrderResult) => answer.rejection;

/** An event on the practice market that started `startedAgo` ms ago (default 25 hours: past its first day) and ends in a day. */
async function liveEvent(rules: Record<string, unknown>, options: { startedAgo?: number } = {}) {
  const db = database.db;
  const organiser = await createTestUser(db, { role: "admin" });
  const now = Date.now();
  const startsAt = now - (options.startedAgo ?? 25 * HOUR);
  const made = await createEvent(
    db,
    { id: organiser.id },
    { title: `Fair cup ${Math.random().toString(36).slice(2, 8)}`, startsAt: iso(startsAt), endsAt: iso(now + 24 * HOUR), startingCash: "10000.00", visibility: "public", ...rules } as never,
    new Date(startsAt - HOUR),
  );
  const member = await createTestUser(db);
  const { portfolioId } = await joinEvent(db, member, made.slug);
  const order = (input: { symbol: string; side: string; quantity: number; type?: string; limitPrice?: string }, now?: Date) =>
    placeOrder(db, { userId: member.id, portfolioId, input: { type: "market", ...input }, ...(now && { now }) });
  return { ...made, member, portfolioId, order, startsAt };
}

describe("minimum share price", () => {
  it("refuses buying a share below it with MIN_SHARE_PRICE, keeps the rejection in the history, and lets people sell", async () => {
    const db = database.db;
    const cheap = await createInstrument(db, { lastPrice: "4.99" });
    const fine = await createInstrument(db, { lastPrice: "5.00" });
    const { order, portfolioId } = await liveEvent({ minSharePrice: "5.00" });
    const refused = await order({ symbol: cheap.symbol, side: "buy", quantity: 1 });
    expect(rejectionOf(refused)).toEqual({
      code: "MIN_SHARE_PRICE",
      message: `This order would buy ${cheap.symbol} at 4.99; this event allows buying or shorting only shares priced at 5.00 or more.`,
    });
    expect(refused.order).toMatchObject({ status: "rejected" });
    expect((await order({ symbol: fine.symbol, side: "buy", quantity: 10 })).rejection).toBeNull();
    await setPrice(db, fine.symbol, "3.00");
    expect((await order({ symbol: fine.symbol, side: "sell", quantity: 10 })).rejection).toBeNull();
    await expectIdentities(db, portfolioId);
  });

  it("refuses a resting buy when the price it fills at has fallen below the minimum", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "10.00" });
    const { order, portfolioId } = await liveEvent({ minSharePrice: "5.00" });
    const resting = await order({ symbol: stock.symbol, side: "buy", type: "limit", limitPrice: "9.00", quantity: 10 });
    expect(resting.order.status).toBe("open");
    await setPrice(db, stock.symbol, "4.50");
    const [row] = await db.select().from(orders).where(eq(orders.id, resting.order.id));
    expect(row).toMatchObject({ status: "rejected", rejectCode: "MIN_SHARE_PRICE" });
    expect(row!.rejectMessage).toContain("at 4.50");
    await expectIdentities(db, portfolioId);
  });
});

describe("maximum trades per day", () => {
  it("counts the orders placed since 00:00 UTC that filled or still rest; rejected and cancelled ones do not count", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "10.00" });
    const other = await createInstrument(db, { lastPrice: "4.00" });
    const { order, member, portfolioId } = await liveEvent({ maxTradesPerDay: 2, minSharePrice: "5.00" });
    const midnight = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
    const before = (ms: number) => new Date(midnight - ms);
    const after = (ms: number) => new Date(midnight + ms);
    // Yesterday's two do not count today.
    expect((await order({ symbol: stock.symbol, side: "buy", quantity: 1 }, before(2 * MINUTE))).rejection).toBeNull();
    expect((await order({ symbol: stock.symbol, side: "buy", quantity: 1 }, before(MINUTE))).rejection).toBeNull();
    expect((await order({ symbol: stock.symbol, side: "buy", quantity: 1 }, after(0))).rejection).toBeNull();
    // A refusal for another reason is not a trade.
    expect((await order({ symbol: other.symbol, side: "buy", quantity: 1 }, after(MINUTE))).rejection?.code).toBe("MIN_SHARE_PRICE");
    const resting = await order({ symbol: stock.symbol, side: "buy", type: "limit", limitPrice: "9.00", quantity: 1 }, after(2 * MINUTE));
    expect(resting.order.status).toBe("open");
    const third = await order({ symbol: stock.symbol, side: "sell", quantity: 1 }, after(3 * MINUTE));
    expect(rejectionOf(third)).toEqual({ code: "MAX_TRADES_PER_DAY", message: "This event allows 2 trades a day; you have made 2 today. Try again after 00:00 UTC." });
    await cancelOrder(db, { userId: member.id, portfolioId, orderId: resting.order.id, now: after(4 * MINUTE) });
    expect((await order({ symbol: stock.symbol, side: "sell", quantity: 1 }, after(5 * MINUTE))).rejection).toBeNull();
    expect((await order({ symbol: stock.symbol, side: "sell", quantity: 1 }, after(6 * MINUTE))).rejection?.code).toBe("MAX_TRADES_PER_DAY");
  });
});

describe("minimum holding time", () => {
  it("refuses selling shares bought less than the minimum ago with MIN_HOLD_TIME, and allows it once the time is up", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "10.00" });
    const { order, portfolioId } = await liveEvent({ minHoldMinutes: 30 });
    const bought = new Date(Math.floor((Date.now() - 2 * HOUR) / MINUTE) * MINUTE);
    expect((await order({ symbol: stock.symbol, side: "buy", quantity: 10 }, bought)).rejection).toBeNull();
    const early = await order({ symbol: stock.symbol, side: "sell", quantity: 5 }, new Date(bought.getTime() + 29 * MINUTE));
    const allowedAt = new Date(bought.getTime() + 30 * MINUTE).toISOString().slice(11, 16);
    expect(rejectionOf(early)).toEqual({
      code: "MIN_HOLD_TIME",
      message: `You bought ${stock.symbol} 29 minutes ago; this event asks you to hold a position at least 30 minutes before selling it. Try again after ${allowedAt} UTC.`,
    });
    expect((await order({ symbol: stock.symbol, side: "sell", quantity: 5 }, new Date(bought.getTime() + 30 * MINUTE))).rejection).toBeNull();
    await expectIdentities(db, portfolioId);
  });
});

describe("minimum number of holdings", () => {
  it("after the first day, refuses a sale that would leave fewer positions with MIN_HOLDINGS; selling part is fine", async () => {
    const db = database.db;
    const a = await createInstrument(db, { lastPrice: "10.00" });
    const b = await createInstrument(db, { lastPrice: "20.00" });
    const { order } = await liveEvent({ minHoldings: 2 });
    expect((await order({ symbol: a.symbol, side: "buy", quantity: 10 })).rejection).toBeNull();
    expect((await order({ symbol: b.symbol, side: "buy", quantity: 10 })).rejection).toBeNull();
    const closing = await order({ symbol: a.symbol, side: "sell", quantity: 10 });
    expect(rejectionOf(closing)).toEqual({
      code: "MIN_HOLDINGS",
      message: `This event asks you to keep at least 2 positions in different instruments after its first day; this order would close ${a.symbol} and leave you 1 position. Sell part of it, or buy another instrument first.`,
    });
    expect((await order({ symbol: a.symbol, side: "sell", quantity: 9 })).rejection).toBeNull();
  });

  it("does not apply in the event's first 24 hours", async () => {
    const db = database.db;
    const a = await createInstrument(db, { lastPrice: "10.00" });
    const { order } = await liveEvent({ minHoldings: 2 }, { startedAgo: HOUR });
    expect((await order({ symbol: a.symbol, side: "buy", quantity: 10 })).rejection).toBeNull();
    expect((await order({ symbol: a.symbol, side: "sell", quantity: 10 })).rejection).toBeNull();
  });
});

describe("on a replay's clock", () => {
  const CSV = ["Date,Open,High,Low,Close,Volume", "2008-10-06,100.00,104.00,90.00,95.00,1000", "2008-10-07,95.00,99.00,80.00,85.00,1000", "2008-10-08,85.00,95.00,84.00,94.00,1000"].join("\n");

  it("counts trades per replayed trading day and says when the next one starts", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const symbol = `Q${Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[^A-Z]/g, "Q")}`;
    const dataset = await importDataset(db, organiser.id, { name: `Crash ${symbol}`, symbol, sector: "Technology", csv: CSV });
    // 60 trading days per real hour: a replayed day lasts one real minute.
    const start = Math.ceil((Date.now() + HOUR) / MINUTE) * MINUTE;
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: `Replay ${symbol}`, startsAt: iso(start), endsAt: iso(start + 3 * MINUTE), startingCash: "10000.00", visibility: "public", maxTradesPerDay: 1, replay: { datasets: [dataset.id], from: "2008-10-06", speed: 60 } } as never,
      new Date(),
    );
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, made.slug, { now: new Date(start) });
    const buy = (ms: number) => placeOrder(db, { userId: member.id, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 1 }, now: new Date(start + ms) });
    expect((await buy(10_000)).rejection).toBeNull();
    const again = await buy(20_000);
    expect(rejectionOf(again)).toEqual({
      code: "MAX_TRADES_PER_DAY",
      message: `This event allows 1 trade a day; you have made 1 today. Try again after ${new Date(start + MINUTE).toISOString().slice(11, 16)} UTC.`,
    });
    expect((await buy(MINUTE + 1_000)).rejection).toBeNull();
  });
});

describe("saving the rules", () => {
  it("returns them on the event, keeps them on an edit before the start, and locks them once live", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const rules = { minHoldings: 3, maxTradesPerDay: 5, minHoldMinutes: 30, minSharePrice: "5.00" };
    const start = Date.now() + HOUR;
    const made = await createEvent(db, { id: organiser.id }, { title: "Fair spring", startsAt: iso(start), endsAt: iso(start + HOUR), startingCash: "10000.00", visibility: "public", ...rules });
    expect(made.event).toMatchObject(rules);
    const edited = await updateEvent(db, { id: organiser.id }, made.slug, { maxTradesPerDay: 10, minSharePrice: null });
    expect(edited.event).toMatchObject({ minHoldings: 3, maxTradesPerDay: 10, minHoldMinutes: 30, minSharePrice: null });
    const viewer = await createTestUser(db);
    expect(await getEventFor(db, viewer, made.slug)).toMatchObject({ minHoldings: 3, maxTradesPerDay: 10 });
    const locked = await failure(updateEvent(db, { id: organiser.id }, made.slug, { minHoldMinutes: 5 }, new Date(start)));
    expect(locked).toMatchObject({ code: "EVENT_LOCKED", fields: { minHoldMinutes: expect.stringContaining("holding time") } });
  });

  it("refuses bad values with a message per field", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const start = Date.now() + HOUR;
    const bad = await failure(
      createEvent(db, { id: organiser.id }, {
        title: "Unfair",
        startsAt: iso(start),
        endsAt: iso(start + HOUR),
        startingCash: "10000.00",
        visibility: "public",
        minHoldings: 0,
        maxTradesPerDay: 1.5,
        minHoldMinutes: -1,
        minSharePrice: "cheap",
      }),
    );
    expect(bad).toMatchObject({
      kind: "invalid",
      fields: {
        minHoldings: "The minimum number of holdings must be a whole number from 1 to 50, or none.",
        maxTradesPerDay: "The trades per day must be a whole number from 1 to 1,000, or no limit.",
        minHoldMinutes: "The minimum holding time must be a whole number of minutes from 1 to 10,080 (a week), or none.",
        minSharePrice: 'Enter the minimum share price as an amount from 0.01 to 10,000.00 with at most 2 decimals, like "5.00", or none.',
      },
    });
  });
});
