/**
 * The report card of an ended event, in process on PGlite and PostgreSQL
 * (docs/decisions/040-journal-dashboard-report-card.md): figures from their owners, trades
 * with journal notes, best and worst closed trade, who may read whose card, not before the end.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, finalizeDueEvents, joinEvent, reportCardFor } from "@/features/events";
import { setPrice } from "@/features/market/server/test-prices";
import { placeOrder } from "@/features/trading";
import { events } from "@/server/db/schema";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const HOUR = 3_600_000;
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string });

describe("the report card", () => {
  it("after the end: return against the benchmark, trades with their notes, best and worst closed trade; only for the participant, the organiser and admins", async () => {
    const db = database.db;
    const a = await createInstrument(db, { lastPrice: "100.00" });
    const b = await createInstrument(db, { lastPrice: "50.00" });
    const organiser = await createTestUser(db, { role: "admin" });
    const now = Date.now();
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: "Report cup", startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString(), startingCash: "10000.00", visibility: "public" } as never,
      new Date(now - 2 * HOUR),
    );
    const ada = await createTestUser(db, { name: "Ada" });
    const { portfolioId } = await joinEvent(db, ada, made.slug);
    const order = (input: Record<string, unknown>) => placeOrder(db, { userId: ada.id, portfolioId, input: input as never });
    await order({ symbol: a.symbol, side: "buy", type: "market", quantity: 10, note: "A looks cheap." });
    await order({ symbol: b.symbol, side: "buy", type: "market", quantity: 10, note: "B for balance." });
    await setPrice(db, a.symbol, "120.00");
    await setPrice(db, b.symbol, "40.00");
    await order({ symbol: a.symbol, side: "sell", type: "market", quantity: 5, note: "Took half the gain." });
    await order({ symbol: b.symbol, side: "sell", type: "market", quantity: 10 });

    const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
    expect(await errorOf(reportCardFor(db, ada, made.slug))).toMatchObject({ kind: "conflict", code: "EVENT_NOT_ENDED" });
    const end = new Date(event!.endsAt.getTime() + 300);
    await finalizeDueEvents({ db, now: end });
    const after = new Date(end.getTime() + 1000);

    const card = await reportCardFor(db, ada, made.slug, { now: after });
    expect(card.participant).toMatchObject({ name: "Ada", you: true, removed: false });
    expect(card.rank).toBe(1);
    expect(card.startingCash).toBe("10000.00");
    expect(card.metrics.totalReturn).not.toBeNull();
    expect(card.trades.map((t) => t.order.note)).toEqual(["A looks cheap.", "B for balance.", "Took half the gain.", null]);
    expect(card.journalEntries).toBe(3);
    // Slippage makes the exact fills the engine's; the best closed trade is A's (a gain), the worst B's (a loss).
    expect(card.best!.order.symbol).toBe(a.symbol);
    expect(Number(card.best!.realisedPnl)).toBeGreaterThan(0);
    expect(card.worst!.order.symbol).toBe(b.symbol);
    expect(Number(card.worst!.realisedPnl)).toBeLessThan(0);
    // The card's realised P&L is the engine's own, kept with the position.
    const held = card.holdings.find((h) => h.symbol === a.symbol)!;
    expect(held.quantity).toBe(5);
    expect(card.best!.realisedPnl).toBe(held.realisedPnl);
    expect(card.diversification.length).toBeGreaterThanOrEqual(1);
    expect(card.diversification[card.diversification.length - 1]).toMatchObject({ holdings: 1, largestShare: "1.0000" });

    const stranger = await createTestUser(db);
    expect(await errorOf(reportCardFor(db, stranger, made.slug, { now: after }))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(reportCardFor(db, stranger, made.slug, { userId: ada.id, now: after }))).toMatchObject({ kind: "not-found" });
    expect((await reportCardFor(db, { id: organiser.id, role: "admin" }, made.slug, { userId: ada.id, now: after })).participant).toMatchObject({ name: "Ada", you: false });
  });
});
