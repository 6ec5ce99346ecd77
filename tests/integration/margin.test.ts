/**
 * Margin and borrowing end to end on a real database (docs/decisions/070-margin-and-borrowing.md):
 * an event's margin terms saved, validated and locked; an order on margin taking cash below
 * zero within buying power (and the same order refused in a cash account); a price move raising
 * a margin call with its deadline, and the forced sales after it with their reason; the day's
 * interest and borrow fees booked as ledger lines exactly once, however often the task runs.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/domain/errors";
import { parseMoney, valuePortfolio, DEFAULT_MARGIN } from "@/domain/trading";
import { createEvent, getEventFor, joinEvent, updateEvent } from "@/features/events";
import { setPrice } from "@/features/market/server/test-prices";
import { portfolioSummary } from "@/features/portfolio";
import { accrueMarginDay, placeOrder, stateOf } from "@/features/trading";
import { fills, ledgerEntries, orders, portfolioAccruals, portfolios, positions } from "@/server/db/schema";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);

/** An event on the practice market, live since 25 hours, ending in a day, no spread (round figures), with these rules. */
async function liveEvent(rules: Record<string, unknown>) {
  const db = database.db;
  const organiser = await createTestUser(db, { role: "admin" });
  const now = Date.now();
  const startsAt = now - 25 * HOUR;
  const made = await createEvent(
    db,
    { id: organiser.id },
    { title: `Margin cup ${Math.random().toString(36).slice(2, 8)}`, startsAt: iso(startsAt), endsAt: iso(now + 24 * HOUR), startingCash: "10000.00", visibility: "public", halfSpreadBps: 0, ...rules } as never,
    new Date(startsAt - HOUR),
  );
  const member = await createTestUser(db);
  const { portfolioId } = await joinEvent(db, member, made.slug);
  const order = (input: { symbol: string; side: string; quantity: number }, at?: Date) =>
    placeOrder(db, { userId: member.id, portfolioId, input: { type: "market", timeInForce: "day", ...input }, ...(at && { now: at }) });
  return { ...made, organiser, member, portfolioId, order };
}

async function row(portfolioId: string) {
  const [p] = await database.db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  return p!;
}

/** cash = Σ ledger lines: every cash movement, interest and fees included, has its line. */
async function expectLedgerIsCash(portfolioId: string) {
  const lines = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolioId));
  expect(lines.reduce((t, l) => t + m(l.amount), 0n)).toBe(m((await row(portfolioId)).cash));
}

describe("an event's margin terms", () => {
  it("are validated by field with a clear message, returned with the event, and locked once it is live", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const now = Date.now();
    const bad = await failure(
      createEvent(db, { id: organiser.id }, { title: "Too much leverage", startsAt: iso(now + HOUR), endsAt: iso(now + 48 * HOUR), startingCash: "10000.00", visibility: "public", margin: { multiplier: 5 } } as never),
    );
    expect(bad).toBeInstanceOf(DomainError);
    expect(bad!.fields).toEqual({ "margin.multiplier": expect.stringMatching(/above 1 and at most 4/) });
    const maintenance = await failure(
      createEvent(db, { id: organiser.id }, { title: "Called at once", startsAt: iso(now + HOUR), endsAt: iso(now + 48 * HOUR), startingCash: "10000.00", visibility: "public", margin: { maintenancePct: 60 } } as never),
    );
    expect(maintenance!.fields).toEqual({ "margin.maintenancePct": expect.stringMatching(/below the initial margin of 50/) });

    const live = await liveEvent({ margin: { debitRatePct: 6.5 } });
    const view = await getEventFor(db, live.member, live.slug);
    expect(view).toMatchObject({ margin: { ...DEFAULT_MARGIN, debitRatePct: 6.5 }, borrowFees: true });
    const locked = await failure(updateEvent(db, { id: live.organiser.id }, live.slug, { margin: null, borrowFees: false }));
    expect(locked).toMatchObject({ kind: "refused", code: "EVENT_LOCKED" });
    expect(Object.keys(locked!.fields!).sort()).toEqual(["borrowFees", "margin"]);
  });
});

describe("buying on margin", () => {
  it("takes cash below zero within 2× equity, shows the debit, and refuses one share more; a cash account refuses it outright", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "100.00" });
    const margin = await liveEvent({ margin: {} });
    expect((await margin.order({ symbol: stock.symbol, side: "buy", quantity: 201 })).rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await margin.order({ symbol: stock.symbol, side: "buy", quantity: 200 })).rejection).toBeNull();
    const p = await row(margin.portfolioId);
    expect(p.cash).toBe("-10000.00");
    const summary = await portfolioSummary(db, p);
    expect(summary).toMatchObject({ equity: "10000.00", buyingPower: "0.00", debitBalance: "10000.00", margin: { maintenanceRequirement: "5000.00", dailyInterest: "2.20", call: null } });
    expect(summary.rules.margin).toEqual(DEFAULT_MARGIN);
    await expectLedgerIsCash(margin.portfolioId);

    const cash = await liveEvent({});
    const refused = await cash.order({ symbol: stock.symbol, side: "buy", quantity: 101 });
    expect(refused.rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await row(cash.portfolioId)).cash).toBe("10000.00");
  });
});

describe("a margin call", () => {
  it("is raised by the move that breaks the requirement, shown with its deadline, and met by forced sales with their reason once the deadline passes", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "100.00" });
    const { order, portfolioId } = await liveEvent({ margin: { callHours: 1 } });
    expect((await order({ symbol: stock.symbol, side: "buy", quantity: 200 })).rejection).toBeNull();

    // 70.00: equity 4,000.00 over 25 % of 14,000.00 — no call.
    const t0 = new Date();
    await setPrice(db, stock.symbol, "70.00", t0);
    expect((await row(portfolioId)).marginCallAt).toBeNull();

    // 60.00: equity 2,000.00 under 3,000.00 — a call, with an hour to meet it.
    const t1 = new Date(t0.getTime() + 60_000);
    await setPrice(db, stock.symbol, "60.00", t1);
    const called = await row(portfolioId);
    expect(called.marginCallAt?.toISOString()).toBe(t1.toISOString());
    const summary = await portfolioSummary(db, called, t1);
    expect(summary.margin?.call).toEqual({ raisedAt: t1.toISOString(), deadline: iso(t1.getTime() + HOUR) });
    expect(await db.select().from(fills).where(eq(fills.portfolioId, portfolioId))).toHaveLength(1);

    // Still 60.00 after the deadline: the engine sells the fewest shares that restore the requirement (67 of 200).
    const t2 = new Date(t1.getTime() + HOUR + 60_000);
    await setPrice(db, stock.symbol, "60.00", t2);
    const forced = await db
      .select()
      .from(orders)
      .where(and(eq(orders.portfolioId, portfolioId), eq(orders.side, "sell")));
    expect(forced.map((o) => [o.status, o.quantity])).toEqual([["filled", 67]]);
    expect(forced[0]!.rejectMessage).toMatch(/Margin call: the margin call of .* was not met by .*, so the engine sold 67 /);
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, forced[0]!.id));
    expect(fill!.reason).toMatch(/^Margin call:/);
    const after = await row(portfolioId);
    expect(after.marginCallAt).toBeNull();
    const held = await db.select().from(positions).where(eq(positions.portfolioId, portfolioId));
    const value = valuePortfolio(stateOf(after, held), new Map([[stock.symbol, m("60.00")]]), DEFAULT_MARGIN);
    expect(value.equity >= value.maintenanceRequirement).toBe(true);
    const notices = (await portfolioSummary(db, after, t2)).notices;
    expect(notices.map((n) => [n.side, n.quantity])).toEqual([["sell", 67]]);
    await expectLedgerIsCash(portfolioId);
  });
});

describe("the day's interest and borrow fees", () => {
  it("are booked once per portfolio and day as ledger lines with their reasons, however often the task runs", async () => {
    const db = database.db;
    const stock = await createInstrument(db, { lastPrice: "100.00", volatility: 0.3 });
    // A margin event's debit of 10,000.00 at 8 %: 2.19178… → 2.20.
    const event = await liveEvent({ margin: {} });
    expect((await event.order({ symbol: stock.symbol, side: "buy", quantity: 200 })).rejection).toBeNull();
    // A practice short of 100 at 100.00 (booked as the engine would; shorting needs a lesson): 2.15 % a year on 10,000.00 → 0.59.
    const practice = await createPortfolio(db);
    await db.update(portfolios).set({ cash: "110000.00" }).where(eq(portfolios.id, practice.id));
    await db.insert(ledgerEntries).values({ portfolioId: practice.id, kind: "trade", amount: "10000.00" });
    await db.insert(positions).values({ portfolioId: practice.id, symbol: stock.symbol, quantity: -100, costBasis: "-10000.00" });

    // Tomorrow's first look books today (the portfolios were opened today).
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const today = iso(Date.now()).slice(0, 10);
    const first = await accrueMarginDay(db, { now: tomorrow });
    expect(first.day).toBe(today);
    expect(first.booked).toBeGreaterThanOrEqual(2);

    const linesOf = async (portfolioId: string) =>
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolioId))).filter((l) => l.kind === "interest" || l.kind === "borrow-fee").map((l) => [l.kind, l.amount, l.reason]);
    expect(await linesOf(event.portfolioId)).toEqual([["interest", "-2.20", expect.stringMatching(new RegExp(`^Interest 8\\s% a year on a debit balance of 10,000\\.00, ${today}$`))]]);
    expect(await linesOf(practice.id)).toEqual([["borrow-fee", "-0.59", expect.stringMatching(new RegExp(`^Borrow fee 2\\.15\\s% a year on −100 ${stock.symbol} \\(worth 10,000\\.00\\), ${today}$`))]]);
    expect((await row(event.portfolioId)).cash).toBe("-10002.20");
    expect((await row(practice.id)).cash).toBe("109999.41");

    // The person sees them: the summary's charges, and the short's fee.
    const summary = await portfolioSummary(db, await row(practice.id), tomorrow);
    expect(summary.charges).toEqual([{ kind: "borrow-fee", amount: "-0.59", reason: expect.stringMatching(/^Borrow fee 2\.15/), at: tomorrow.toISOString() }]);
    expect(summary.positions.find((p) => p.symbol === stock.symbol)?.borrowFeePct).toBe("2.15");
    expect(summary.debitBalance).toBe("0.00");

    // Again (a restart, another look within the hour, another instance after it): nothing more.
    const again = await accrueMarginDay(db, { now: new Date(tomorrow.getTime() + 60_000) });
    expect(again.booked).toBe(0);
    expect(await linesOf(event.portfolioId)).toHaveLength(1);
    expect(await linesOf(practice.id)).toHaveLength(1);
    // Two runs at once for the next day (two instances; on PostgreSQL truly side by side): each portfolio's day once.
    const dayAfter = new Date(tomorrow.getTime() + 24 * HOUR);
    const [a, b] = await Promise.all([accrueMarginDay(db, { now: dayAfter }), accrueMarginDay(db, { now: dayAfter })]);
    expect(a.booked + b.booked).toBe(first.booked);
    expect(await linesOf(practice.id)).toHaveLength(2);
    // And the database itself refuses a second row for the day.
    await expect(db.insert(portfolioAccruals).values({ portfolioId: practice.id, day: today, interest: "0.00", borrowFees: "-0.59" })).rejects.toThrow();
    await expectLedgerIsCash(event.portfolioId);
    await expectLedgerIsCash(practice.id);
  });
});
