/**
 * Historical-replay events on a real database: prices from the dataset on the event's own
 * clock, market and resting orders at replay prices, isolation from the practice market on
 * a shared symbol, day orders at the dataset day's end, standings frozen at the end.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advanceReplays, createEvent, finalizeDueEvents, joinEvent, replayStatusOf, standingsFor } from "@/features/events";
import { deactivateInstrument } from "@/features/market/server/instruments";
import { importDataset } from "@/features/market/server/datasets";
import { portfolioSummary } from "@/features/portfolio";
import { placeOrder } from "@/features/trading";
import { setPrice } from "@/features/market/server/test-prices";
import { eventStandings, events, fills, instruments, orders, priceMarks } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

const SECOND = 1000;
const HOUR = 3_600_000;
/** 60 trading days per real hour: one dataset day per real minute. */
const SPEED = 60;
const DAY = 60 * SECOND;

// Day 1 closes below its open (open → high → low → close); day 2 too; day 3 and 4 close above it.
const CSV = [
  "Date,Open,High,Low,Close,Volume",
  "2008-10-06,100.00,104.00,90.00,95.00,1000",
  "2008-10-07,95.00,99.00,80.00,85.00,1000",
  "2008-10-08,85.00,95.00,84.00,94.00,1000",
  "2008-10-09,94.00,96.00,93.00,96.00,1000",
].join("\n");

const letters = () =>
  Array.from({ length: 5 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(Math.random() * 26)]).join("");

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);

/**
 * A practice instrument and a dataset with the SAME symbol, and a replay event of that dataset
 * starting in an hour (every call below passes its own `now` on the event's clock).
 */
async function replayEvent(options: { days?: number } = {}) {
  const db = database.db;
  const organiser = await createTestUser(db, { role: "admin" });
  const symbol = `R${letters().slice(0, 4)}`;
  await createInstrument(db, { symbol, lastPrice: "100.00", previousClose: "100.00" });
  const dataset = await importDataset(db, organiser.id, { name: `Crash ${symbol}`, symbol, sector: "Technology", csv: CSV });
  const start = Math.ceil((Date.now() + HOUR) / SECOND) * SECOND;
  const days = options.days ?? 4;
  const made = await createEvent(
    db,
    { id: organiser.id },
    {
      title: `Replay ${symbol}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + days * DAY).toISOString(),
      startingCash: "10000.00",
      visibility: "public",
      replay: { datasets: [dataset.id], from: "2008-10-06", speed: SPEED },
    } as never,
    new Date(),
  );
  const [row] = await db.select().from(events).where(eq(events.slug, made.slug));
  const member = await createTestUser(db);
  const joined = await joinEvent(db, member, made.slug, { now: new Date(start) });
  return { symbol, dataset, event: row!, slug: made.slug, start, member, portfolioId: joined.portfolioId, organiser };
}

const at = (start: number, ms: number) => new Date(start + ms);

describe("replay events", () => {
  it("refuses unknown datasets, two datasets of one symbol and a start outside the data", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const symbol = `R${letters().slice(0, 4)}`;
    const a = await importDataset(db, organiser.id, { name: `A ${symbol}`, symbol, sector: "Technology", csv: CSV });
    const b = await importDataset(db, organiser.id, { name: `B ${symbol}`, symbol, sector: "Technology", csv: CSV });
    const base = { title: "Bad replay", startsAt: new Date(Date.now() + HOUR).toISOString(), endsAt: new Date(Date.now() + 2 * HOUR).toISOString(), startingCash: "1000.00", visibility: "public" };
    const unknown = await failure(createEvent(db, { id: organiser.id }, { ...base, replay: { datasets: ["nope"], from: "2008-10-06", speed: 60 } } as never));
    expect(unknown).toMatchObject({ kind: "invalid" });
    expect(unknown!.fields).toHaveProperty(["replay.datasets"]);
    const twice = await failure(createEvent(db, { id: organiser.id }, { ...base, replay: { datasets: [a.id, b.id], from: "2008-10-06", speed: 60 } } as never));
    expect(twice!.fields).toHaveProperty(["replay.datasets"]);
    const outside = await failure(createEvent(db, { id: organiser.id }, { ...base, replay: { datasets: [a.id], from: "2009-01-01", speed: 60 } } as never));
    expect(outside!.fields).toHaveProperty(["replay.from"]);
    const made = await createEvent(db, { id: organiser.id }, { ...base, replay: { datasets: [a.id], from: "2008-10-07", speed: 60 } } as never);
    // The event's instruments are exactly its datasets' symbols.
    expect(made.event).toMatchObject({ instruments: [symbol] });
  });

  it("prices from the dataset at the event's trading day, and a market buy fills at the replay price", async () => {
    const db = database.db;
    const { symbol, event, start, member, portfolioId } = await replayEvent();
    // Day 2 (2008-10-07) opens at 95.00 one minute in; the practice market says 100.00.
    const now = at(start, DAY);
    const status = await replayStatusOf(db, event, now);
    expect(status).toMatchObject({ phase: "running", tradingDay: "2008-10-07", day: 2, days: 4, instruments: [{ symbol, price: "95.00", previousClose: "95.00" }] });
    const answer = await placeOrder(db, { userId: member.id, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 10 }, now });
    expect(answer.rejection).toBeNull();
    // 95.00 plus 5 bps of slippage, rounded up against the buyer.
    expect(answer.fill!.price).toBe("95.05");
    // Every reader values the portfolio at the replay's marks, which its task (every second) moves to now.
    await advanceReplays({ db, now });
    const summary = await portfolioSummary(db, await portfolioRow(db, portfolioId), now);
    expect(summary.positions[0]).toMatchObject({ symbol, quantity: 10, lastPrice: "95.00" });
    expect(summary.equity).toBe("9999.50");
    // Bought today at 95.05: the day's change is what the position lost since, not the day's move before it.
    expect(summary.positions[0]!.dayChange).toBe("-0.50");
    expect(summary.dayChange).toBe("-0.50");
    // The practice instrument of the same symbol did not move.
    const [practice] = await db.select().from(instruments).where(eq(instruments.symbol, symbol));
    expect(practice!.lastPrice).toBe("100.00");
    // A symbol outside the datasets is not tradable in the event.
    const other = await createInstrument(db);
    const refused = await placeOrder(db, { userId: member.id, portfolioId, input: { symbol: other.symbol, side: "buy", type: "market", quantity: 1 }, now });
    expect(refused.rejection).not.toBeNull();
    await expectIdentities(db, portfolioId);
  });

  it("fills a resting limit when the replay path crosses it, and practice moves on the same symbol never touch it", async () => {
    const db = database.db;
    const { symbol, start, member, portfolioId, organiser } = await replayEvent();
    const practice = await createPortfolio(db);
    // A practice limit at the same price on the same symbol: the replay must not touch it either.
    const practiceOrder = await placeOrder(db, { userId: practice.userId, portfolioId: practice.id, input: { symbol, side: "buy", type: "limit", quantity: 5, limitPrice: "82.00", timeInForce: "gtc" } });
    expect(practiceOrder.rejection).toBeNull();
    const placed = await placeOrder(db, {
      userId: member.id,
      portfolioId,
      input: { symbol, side: "buy", type: "limit", quantity: 5, limitPrice: "82.00", timeInForce: "gtc" },
      now: at(start, DAY + SECOND),
    });
    expect(placed.rejection).toBeNull();
    const orderId = placed.order.id;
    const [stored] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ status: "open", replay: true });

    // The practice market falls through 82.00 on that symbol: the replay order stays open.
    const moved = await setPrice(db, symbol, "70.00", at(start, DAY + 2 * SECOND));
    expect(moved.filled).toBe(1); // the practice order only
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("open");
    expect(await db.select().from(fills).where(eq(fills.portfolioId, portfolioId))).toHaveLength(0);
    // Withdrawing the practice instrument cancels practice orders only.
    const another = await placeOrder(db, { userId: practice.userId, portfolioId: practice.id, input: { symbol, side: "buy", type: "limit", quantity: 1, limitPrice: "60.00", timeInForce: "gtc" } });
    await deactivateInstrument(db, organiser.id, symbol);
    expect((await db.select().from(orders).where(eq(orders.id, another.order.id)))[0]!.status).toBe("cancelled");
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("open");

    // Day 2's path: 95 → 99 → 80 → 85. 100 s in it is still above 82.
    await advanceReplays({ db, now: at(start, DAY + 40 * SECOND) });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("open");
    // By 55 s it has been through the low at 80: the limit filled.
    await advanceReplays({ db, now: at(start, DAY + 55 * SECOND) });
    const [filled] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(filled!.status).toBe("filled");
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, orderId));
    // The path went through 82.00 on its way down (no gap): the fill is at the limit exactly.
    expect(fill!.price).toBe("82.00");
    // The replay's prices are its portfolios' price marks (the one valuation reads them); the cursor moved.
    const [mark] = await db.select().from(priceMarks).where(eq(priceMarks.symbol, symbol));
    expect(mark).toMatchObject({ price: "85.00" });
    const [practiceInstrument] = await db.select().from(instruments).where(eq(instruments.symbol, symbol));
    expect(practiceInstrument!.lastPrice).toBe("70.00");
    // Valued at the replay's close of 2008-10-07. The shares were bought that day at 82.00, so the
    // day's change counts from there (+3.00 each), not from the previous close of 95.00 (issue #23 §4).
    const summary = await portfolioSummary(db, await portfolioRow(db, portfolioId), at(start, DAY + 55 * SECOND));
    expect(summary.positions[0]).toMatchObject({ symbol, quantity: 5, lastPrice: "85.00", dayChange: "15.00" });
    expect(summary.dayChange).toBe("15.00");
    await expectIdentities(db, portfolioId);
    await expectIdentities(db, practice.id);
  });

  it("never fills an order on the part of the path the replay played before the order existed", async () => {
    const db = database.db;
    const { symbol, start, member, portfolioId } = await replayEvent();
    await advanceReplays({ db, now: at(start, 30 * SECOND) });
    // Day 1: 100 → 104 → 90 (about 42 s in) → 95 (54 s). At 50 s it is back above 93.
    const placed = await placeOrder(db, {
      userId: member.id,
      portfolioId,
      input: { symbol, side: "buy", type: "limit", quantity: 1, limitPrice: "91.00", timeInForce: "gtc" },
      now: at(start, 50 * SECOND),
    });
    expect(placed.order.status).toBe("open");
    // The task catches up over the low at 90, which came before the order: it stays open.
    await advanceReplays({ db, now: at(start, 58 * SECOND) });
    const orderId = placed.order.id;
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("open");
    await expectIdentities(db, portfolioId);
  });

  it("triggers a resting stop at its own price on the way down, then sells at market with slippage", async () => {
    const db = database.db;
    const { symbol, start, member, portfolioId } = await replayEvent();
    await placeOrder(db, { userId: member.id, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 10 }, now: at(start, SECOND) });
    // Day 1: 100 → 104 → 90 → 95. A stop sell at 92.00 is met on the way down to 90.
    const placed = await placeOrder(db, {
      userId: member.id,
      portfolioId,
      input: { symbol, side: "sell", type: "stop", quantity: 10, stopPrice: "92.00", timeInForce: "gtc" },
      now: at(start, 2 * SECOND),
    });
    const orderId = placed.order.id;
    await advanceReplays({ db, now: at(start, 50 * SECOND) });
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, orderId));
    // 92.00 less 5 bps, rounded down against the seller.
    expect(fill!.price).toBe("91.95");
    await expectIdentities(db, portfolioId);
  });

  it("expires a day order at the end of the dataset's trading day, not at midnight", async () => {
    const db = database.db;
    const { symbol, event, start, member, portfolioId } = await replayEvent();
    const placed = await placeOrder(db, {
      userId: member.id,
      portfolioId,
      input: { symbol, side: "buy", type: "limit", quantity: 10, limitPrice: "10.00", timeInForce: "day" },
      now: at(start, 5 * SECOND),
    });
    const orderId = placed.order.id;
    expect((await portfolioRow(db, portfolioId)).reservedCash).toBe("100.00");
    await advanceReplays({ db, now: at(start, DAY - SECOND) });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe("open");
    await advanceReplays({ db, now: at(start, DAY + SECOND) });
    const [expired] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(expired!.status).toBe("expired");
    // The cursor is on the event's row: whoever runs the task next resumes from it, and nothing is played twice.
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    expect(row!.replayCursor).toEqual(at(start, DAY + SECOND));
    expect(await advanceReplays({ db, now: at(start, DAY + SECOND) })).toBe(0);
    expect((await portfolioRow(db, portfolioId)).reservedCash).toBe("0.00");
    await expectIdentities(db, portfolioId);
  });

  it("freezes the final standings at the end, valued at the replay's prices of the end", async () => {
    const db = database.db;
    const { symbol, event, slug, start, member, portfolioId } = await replayEvent({ days: 3 });
    const bought = await placeOrder(db, { userId: member.id, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 10 }, now: at(start, 10 * SECOND) });
    expect(bought.rejection).toBeNull();
    const cash = (await portfolioRow(db, portfolioId)).cash;
    // Day 3 closes at 94.00 at the end instant (3 minutes in).
    const done = await finalizeDueEvents({ db, now: at(start, 3 * DAY + SECOND) });
    expect(done).toContain(event.id);
    const [row] = await db.select().from(eventStandings).where(and(eq(eventStandings.eventId, event.id), eq(eventStandings.userId, member.id)));
    const expected = (Number(cash) + 940).toFixed(2);
    expect(row!.equity).toBe(expected);
    // Whatever the practice market does afterwards, nothing changes.
    await setPrice(db, symbol, "500.00", at(start, 3 * DAY + 2 * SECOND));
    await advanceReplays({ db, now: at(start, 3 * DAY + 5 * SECOND) });
    const standings = await standingsFor(db, { id: member.id }, slug);
    expect(JSON.stringify(standings)).toContain(expected);
    const [after] = await db.select().from(eventStandings).where(and(eq(eventStandings.eventId, event.id), eq(eventStandings.userId, member.id)));
    expect(after!.equity).toBe(expected);
    await expectIdentities(db, portfolioId);
  });

  it("does not force-cover a short of an event that has ended", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const start = Date.now() - 2 * HOUR;
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: `Ended ${instrument.symbol}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString(), startingCash: "1000.00", visibility: "public" } as never,
      new Date(start - HOUR),
    );
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, made.slug, { now: new Date(start) });
    // Shorting needs its lesson: give the position directly, as a fill the engine would have written.
    const { positions, ledgerEntries, fills: fillsTable, orders: ordersTable } = await import("@/server/db/schema");
    const orderId = crypto.randomUUID();
    await db.insert(ordersTable).values({ id: orderId, portfolioId, symbol: instrument.symbol, side: "short", type: "market", quantity: 5, timeInForce: "day", status: "filled", createdAt: new Date(start + 1000), closedAt: new Date(start + 1000) });
    const [fill] = await db.insert(fillsTable).values({ orderId, portfolioId, symbol: instrument.symbol, side: "short", quantity: 5, price: "100.00", commission: "0", reason: "test" }).returning();
    await db.insert(ledgerEntries).values({ portfolioId, kind: "trade", amount: "500.00", orderId, fillId: fill!.id });
    await db.insert(positions).values({ portfolioId, symbol: instrument.symbol, quantity: -5, costBasis: "-500.00", realisedPnl: "0" });
    const { portfolios } = await import("@/server/db/schema");
    await db.update(portfolios).set({ cash: "1500.00" }).where(eq(portfolios.id, portfolioId));
    await finalizeDueEvents({ db, now: new Date() });
    // The price runs far enough to call any live short: the ended event's short stays.
    const moved = await setPrice(db, instrument.symbol, "400.00");
    expect(moved.maintenance).toBe(0);
    const held = await db.select().from(positions).where(eq(positions.portfolioId, portfolioId));
    expect(held[0]!.quantity).toBe(-5);
    await expectIdentities(db, portfolioId);
  });
});
