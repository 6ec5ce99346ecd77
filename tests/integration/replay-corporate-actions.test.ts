/**
 * A replay dataset's dividends and splits (docs/decisions/063) on a real database: imported with
 * the CSV, applied by the replay task at the start of their trading day to the event's own
 * portfolios through the trading engine — a holder's position doubles and its open orders are
 * split before the day's open can meet them, a holder is owed the dividend and a short owes it,
 * every equity unchanged to the cent across each action, entries and ledger lines with their
 * reasons, the dividend paid at the next trading day — once, even when the task plays the
 * instant again; and nothing of it reaches the practice market's symbol of the same name.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advanceReplays, createEvent, joinEvent, replayStatusOf } from "@/features/events";
import { getDataset, importDataset } from "@/features/market/server/datasets";
import { listCorporateActions } from "@/features/market/server/corporate-actions";
import { equityOf, listPortfolioActions, placeOrder } from "@/features/trading";
import { parseMoney } from "@/domain/trading";
import { corporateActionEntries, corporateActions, events, ledgerEntries, orders, portfolios, positions } from "@/server/db/schema";
import { DatasetImportError } from "@/features/market/server/datasets";
import { portfolioRow } from "../factories/accounting";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;

const SECOND = 1000;
const HOUR = 3_600_000;
/** One dataset day per real minute. */
const DAY = 60 * SECOND;

// Flat days, so the raw open of each action's day is exactly the adjusted previous close: 100.00
// split 2:1 is 50.00, and 50.00 less a 0.42 dividend is 49.58.
const CSV = [
  "Date,Open,High,Low,Close,Volume,Dividend,Split",
  "2008-10-06,100.00,100.00,100.00,100.00,1000,,",
  "2008-10-07,50.00,50.00,50.00,50.00,2000,,2:1",
  "2008-10-08,49.58,49.58,49.58,49.58,2000,0.42,",
  "2008-10-09,49.58,50.00,49.00,49.80,2000,,",
].join("\n");

const letters = () => Array.from({ length: 4 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(Math.random() * 26)]).join("");
const at = (start: number, ms: number) => new Date(start + ms);

async function equity(portfolioId: string) {
  return (await equityOf(database.db, [portfolioId])).get(portfolioId)!.equity;
}

/** cash = Σ ledger, and the reservation = Σ open orders' (the position is no longer Σ fills after a split). */
async function expectBooks(portfolioId: string) {
  const db = database.db;
  const p = await portfolioRow(db, portfolioId);
  const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolioId));
  expect(ledger.reduce((t, e) => t + m(e.amount), 0n)).toBe(m(p.cash));
  const open = await db.select().from(orders).where(and(eq(orders.portfolioId, portfolioId), eq(orders.status, "open")));
  expect(open.reduce((t, o) => t + m(o.reservedCash), 0n)).toBe(m(p.reservedCash));
}

describe("a replay dataset's dividends and splits", () => {
  it("stores the file's actions with the dataset and refuses a bad one with its line", async () => {
    const db = database.db;
    const admin = await createTestUser(db, { role: "admin" });
    const dataset = await importDataset(db, admin.id, { name: `Actions ${letters()}`, symbol: `D${letters()}`, sector: "Utilities", csv: CSV });
    const { rows } = await getDataset(db, dataset.id);
    expect(rows.filter((r) => r.dividend !== undefined || r.split !== undefined)).toEqual([
      expect.objectContaining({ date: "2008-10-07", split: "2:1" }),
      expect.objectContaining({ date: "2008-10-08", dividend: "0.42" }),
    ]);
    expect(rows[0]).not.toHaveProperty("dividend");
    const bad = `${CSV.split("\n").slice(0, 2).join("\n")}\n2008-10-07,50,50,50,50,1,-0.42,\n2008-10-08,50,50,50,50,1,,1:1`;
    const refused = await importDataset(db, admin.id, { name: `Bad ${letters()}`, symbol: "BAD", sector: "Utilities", csv: bad }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DatasetImportError);
    expect((refused as DatasetImportError).problems.map((p) => p.line)).toEqual([3, 4]);
  });

  it("splits a holder's position and orders, owes a holder the dividend and charges a short, equity unchanged to the cent, once", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const symbol = `R${letters()}`;
    // The practice market has an instrument of the same symbol: none of this is its.
    await createInstrument(db, { symbol, lastPrice: "100.00", previousClose: "100.00" });
    const dataset = await importDataset(db, organiser.id, { name: `Actions ${symbol}`, symbol, sector: "Utilities", csv: CSV });
    const start = Math.ceil((Date.now() + HOUR) / SECOND) * SECOND;
    const made = await createEvent(
      db,
      { id: organiser.id },
      {
        title: `Dividends ${symbol}`,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 4 * DAY).toISOString(),
        startingCash: "10000.00",
        visibility: "public",
        replay: { datasets: [dataset.id], from: "2008-10-06", speed: 60 },
      } as never,
      new Date(),
    );
    const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
    const holder = await createTestUser(db);
    const { portfolioId: long } = await joinEvent(db, holder, made.slug, { now: new Date(start) });
    const seller = await createTestUser(db);
    const { portfolioId: short } = await joinEvent(db, seller, made.slug, { now: new Date(start) });

    const ids = { userId: holder.id, portfolioId: long };
    expect((await placeOrder(db, { ...ids, input: { symbol, side: "buy", type: "market", quantity: 60 }, now: at(start, SECOND) })).rejection).toBeNull();
    // Resting orders the overnight fall to 50.00 would cross at their old terms: a buy at 90 and a sell at 60.
    const buy = await placeOrder(db, { ...ids, input: { symbol, side: "buy", type: "limit", quantity: 5, limitPrice: "90.00", timeInForce: "gtc" }, now: at(start, 2 * SECOND) });
    const sell = await placeOrder(db, { ...ids, input: { symbol, side: "sell", type: "limit", quantity: 60, limitPrice: "150.00", timeInForce: "gtc" }, now: at(start, 2 * SECOND) });
    expect([buy.order.status, sell.order.status]).toEqual(["open", "open"]);
    // Shorting needs its lesson: the short seller's book is written as the engine would (100 sold at 100.00).
    await db.update(portfolios).set({ cash: "20000.00" }).where(eq(portfolios.id, short));
    await db.insert(positions).values({ portfolioId: short, symbol, quantity: -100, costBasis: "-10000.00", realisedPnl: "0" });

    // The evening before the split, then across it.
    await advanceReplays({ db, now: at(start, DAY - SECOND) });
    const before = { long: await equity(long), short: await equity(short) };
    await advanceReplays({ db, now: at(start, DAY + SECOND) });
    expect({ long: await equity(long), short: await equity(short) }).toEqual(before);
    const held = async (portfolioId: string) => (await db.select().from(positions).where(and(eq(positions.portfolioId, portfolioId), eq(positions.symbol, symbol))))[0]!;
    expect((await held(long)).quantity).toBe(120);
    expect((await held(short)).quantity).toBe(-200);
    // The orders were split before the open could meet them: twice the shares at half the price, still open.
    const resting = await db.select().from(orders).where(and(eq(orders.portfolioId, long), eq(orders.status, "open"))).orderBy(orders.side);
    expect(resting.map((o) => [o.side, o.quantity, o.limitPrice])).toEqual([
      ["buy", 10, "45.00"],
      ["sell", 120, "75.00"],
    ]);
    const [split] = await db.select().from(corporateActions).where(and(eq(corporateActions.eventId, event!.id), eq(corporateActions.kind, "split")));
    expect(split).toMatchObject({ symbol, source: "dataset", exDate: "2008-10-07", ratioTo: 2, ratioFrom: 1, priceBefore: "100.00", priceAfter: "50.00", appliedAt: at(start, DAY) });

    // The task plays the instant again (a cursor set back, as after a lost write): nothing changes.
    await db.update(events).set({ replayCursor: at(start, DAY - SECOND) }).where(eq(events.id, event!.id));
    await advanceReplays({ db, now: at(start, DAY + 2 * SECOND) });
    expect((await held(long)).quantity).toBe(120);
    expect(await db.select().from(corporateActionEntries).where(eq(corporateActionEntries.actionId, split!.id))).toHaveLength(2);
    expect((await db.select().from(orders).where(and(eq(orders.portfolioId, long), eq(orders.status, "open")))).map((o) => o.quantity).sort()).toEqual([10, 120]);

    // The dividend's ex-date: the holder is owed 120 × 0.42, the short owes 200 × 0.42; equity unchanged.
    await advanceReplays({ db, now: at(start, 2 * DAY - SECOND) });
    const beforeDividend = { long: await equity(long), short: await equity(short) };
    const cashBefore = { long: m((await portfolioRow(db, long)).cash), short: m((await portfolioRow(db, short)).cash) };
    await advanceReplays({ db, now: at(start, 2 * DAY + SECOND) });
    expect({ long: await equity(long), short: await equity(short) }).toEqual(beforeDividend);
    expect(m((await portfolioRow(db, long)).receivable)).toBe(m("50.40"));
    expect(m((await portfolioRow(db, short)).receivable)).toBe(m("-84.00"));
    const status = await replayStatusOf(db, event!, at(start, 2 * DAY + SECOND));
    expect(status!.actions).toEqual([
      { symbol, kind: "split", exDate: "2008-10-07", day: 2, ratio: "2:1", applied: true },
      { symbol, kind: "dividend", exDate: "2008-10-08", day: 3, amount: "0.42", payDate: "2008-10-09", applied: true },
    ]);

    // Paid at the start of the next trading day, once, each with its reason on the ledger line.
    await advanceReplays({ db, now: at(start, 3 * DAY - SECOND) });
    expect(m((await portfolioRow(db, long)).receivable)).toBe(m("50.40"));
    await advanceReplays({ db, now: at(start, 3 * DAY + SECOND) });
    await advanceReplays({ db, now: at(start, 3 * DAY + 2 * SECOND) });
    expect(m((await portfolioRow(db, long)).receivable)).toBe(0n);
    expect(m((await portfolioRow(db, long)).cash)).toBe(cashBefore.long + m("50.40"));
    expect(m((await portfolioRow(db, short)).cash)).toBe(cashBefore.short - m("84.00"));
    const [dividend] = await db.select().from(corporateActions).where(and(eq(corporateActions.eventId, event!.id), eq(corporateActions.kind, "dividend")));
    const lines = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.corporateActionId, dividend!.id)));
    expect(lines.map((l) => [l.portfolioId, l.kind, l.amount, l.reason]).sort()).toEqual(
      [
        [long, "dividend", "50.40", "Dividend 0.42 × 120 shares"],
        [short, "dividend", "-84.00", "Dividend 0.42 × −200 shares (owed on a short)"],
      ].sort(),
    );
    expect(dividend).toMatchObject({ source: "dataset", payDate: "2008-10-09", paidAt: at(start, 3 * DAY) });

    // The portfolio's history has both lines, newest first.
    expect((await listPortfolioActions(db, long)).map((a) => [a.kind, a.symbol, a.reason, a.paid])).toEqual([
      ["dividend", symbol, "Dividend 0.42 × 120 shares", true],
      ["split", symbol, "Split 2:1: 60 → 120 shares", undefined],
    ]);
    await expectBooks(long);
    // The practice instrument of the same symbol has no actions.
    expect(await listCorporateActions(db, symbol)).toEqual([]);
  });
});
