/**
 * Corrections on a real database (docs/decisions/041-corrections.md): cash adjustments and
 * fill reversals by a class's teacher, an event's organiser and an admin; refused for the
 * owner and everyone else; the accounting identities after each; both rows of a reversal in
 * the history, marked; audited; and, on PostgreSQL, corrections racing orders.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { createClass, joinClass } from "@/features/classes";
import { adjustCash, correctionsOf, fillsForCorrector, reverseFill } from "@/features/corrections";
import { createEvent, joinEvent } from "@/features/events";
import { getOrCreatePracticePortfolio, listFills, placeOrder, resetPracticePortfolio } from "@/features/trading";
import type { Db } from "@/server/db";
import { auditLog, positions } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
const IP = "192.0.2.11";
type Role = "member" | "organiser" | "admin";
const viewer = (u: { id: string; role: Role }) => ({ id: u.id, role: u.role });
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string; message: string });
const market = (symbol: string, side: string, quantity: number) => ({ symbol, side, type: "market", quantity });

/** A class with its teacher and one student (own account, joined by code), the student's practice portfolio and an instrument. */
async function classroom(db: Db) {
  const teacher = viewer(await createTestUser(db, { role: "organiser", name: "Tess Teacher" }));
  const student = viewer(await createTestUser(db, { name: "Sam Student" }));
  const klass = await createClass(db, teacher, { name: "Markets 10A" }, { ip: IP });
  await joinClass(db, student, klass.joinCode, { ip: IP });
  const portfolio = await getOrCreatePracticePortfolio(db, student.id);
  const instrument = await createInstrument(db, { lastPrice: "50.00" });
  return { teacher, student, klass, portfolio, instrument };
}

async function trade(db: Db, userId: string, portfolioId: string, symbol: string, side: string, quantity: number) {
  const placed = await placeOrder(db, { userId, portfolioId, input: market(symbol, side, quantity) });
  if (!placed.fill) throw new Error(`The ${side} did not fill: ${placed.rejection?.message}`);
  return placed.fill;
}

describe("cash adjustments", () => {
  it("a teacher adds and removes cash in a student's practice portfolio, with a reason the student can read, audited", async () => {
    const db = database.db;
    const { teacher, student, portfolio } = await classroom(db);
    const added = await adjustCash(db, teacher, portfolio.id, { amount: m("250.00"), reason: "Prize for the best journal" }, { ip: IP });
    expect(added).toMatchObject({ kind: "adjustment", amount: "250.00", reason: "Prize for the best journal", by: "teacher", fill: null });
    await adjustCash(db, teacher, portfolio.id, { amount: m("-100.50"), reason: "Penalty" });
    expect((await portfolioRow(db, portfolio.id)).cash).toBe("100149.50");
    await expectIdentities(db, portfolio.id);

    const seen = await correctionsOf(db, student, portfolio.id, { page: 1, pageSize: 20 });
    expect(seen.total).toBe(2);
    expect(seen.items.map((c) => c.amount)).toEqual(["-100.50", "250.00"]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portfolio.cash-adjusted"), eq(auditLog.subjectId, student.id)))
      .limit(1);
    expect(entry).toMatchObject({ actorId: teacher.id, detail: expect.objectContaining({ amount: "250.00", reason: "Prize for the best journal", as: "teacher" }) });
  });

  it("is refused with ADJUSTMENT_NEGATIVE_CASH when it would take more cash than there is", async () => {
    const db = database.db;
    const { teacher, portfolio } = await classroom(db);
    const refused = await errorOf(adjustCash(db, teacher, portfolio.id, { amount: m("-100000.01"), reason: "Too much" }));
    expect(refused).toMatchObject({ kind: "refused", code: "ADJUSTMENT_NEGATIVE_CASH" });
    expect((await portfolioRow(db, portfolio.id)).cash).toBe("100000.00");
    await expectIdentities(db, portfolio.id);
  });
});

describe("fill reversals", () => {
  it("books a compensating fill at the original price, keeps both rows marked, and rebuilds the position from what remains", async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const s = instrument.symbol;
    const bought = await trade(db, student.id, portfolio.id, s, "buy", 10);
    const sold = await trade(db, student.id, portfolio.id, s, "sell", 4);
    const before = (await db.select().from(positions).where(eq(positions.portfolioId, portfolio.id)))[0]!;
    expect(before.quantity).toBe(6);

    const reversal = await reverseFill(db, teacher, portfolio.id, sold.id, { reason: "Sold by mistake in class" }, { ip: IP });
    expect(reversal).toMatchObject({ kind: "reversal", by: "teacher", fill: { id: sold.id, side: "sell", quantity: 4, price: sold.price } });
    const [position] = await db.select().from(positions).where(eq(positions.portfolioId, portfolio.id));
    // As if only the buy had happened: 10 shares at its cost, nothing realised.
    expect(position).toMatchObject({ quantity: 10, costBasis: (m(bought.price) * 10n).toString().replace(/(\d\d)$/, ".$1"), realisedPnl: "0.00" });
    await expectIdentities(db, portfolio.id);

    const history = await listFills(db, portfolio.id, { page: 1, pageSize: 20 });
    expect(history.total).toBe(3);
    const compensation = history.items.find((f) => f.reversalOf === sold.id)!;
    expect(compensation).toMatchObject({ side: "buy", quantity: 4, price: sold.price, reversedBy: null });
    expect(compensation.reason).toContain("Sold by mistake in class");
    expect(history.items.find((f) => f.id === sold.id)).toMatchObject({ reversedBy: compensation.id });
    expect(history.items.find((f) => f.id === bought.id)).toMatchObject({ reversedBy: null });
    // The teacher reads the same history through the corrections feature.
    expect((await fillsForCorrector(db, teacher, portfolio.id, { page: 1, pageSize: 20 })).total).toBe(3);
  });

  it("refuses a second reversal (409 FILL_ALREADY_REVERSED), a reversal of a compensation, and one that would leave the wrong sign", async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const s = instrument.symbol;
    const bought = await trade(db, student.id, portfolio.id, s, "buy", 5);
    await trade(db, student.id, portfolio.id, s, "sell", 5);
    expect(await errorOf(reverseFill(db, teacher, portfolio.id, bought.id, { reason: "Undo" }))).toMatchObject({ kind: "refused", code: "REVERSAL_WRONG_SIGN" });

    const second = await trade(db, student.id, portfolio.id, s, "buy", 3);
    const done = await reverseFill(db, teacher, portfolio.id, second.id, { reason: "Undo" });
    expect(await errorOf(reverseFill(db, teacher, portfolio.id, second.id, { reason: "Again" }))).toMatchObject({ kind: "conflict", code: "FILL_ALREADY_REVERSED" });
    expect(await errorOf(reverseFill(db, teacher, portfolio.id, done.reversalFillId!, { reason: "Undo the undo" }))).toMatchObject({ kind: "refused", code: "FILL_IS_REVERSAL" });
    expect(await errorOf(reverseFill(db, teacher, portfolio.id, "no-such-fill", { reason: "?" }))).toMatchObject({ kind: "not-found" });
    await expectIdentities(db, portfolio.id);
  });

  it("is refused with REVERSAL_NEGATIVE_CASH when the sale's proceeds were spent", async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const s = instrument.symbol;
    await trade(db, student.id, portfolio.id, s, "buy", 1000);
    const sold = await trade(db, student.id, portfolio.id, s, "sell", 1000);
    await trade(db, student.id, portfolio.id, s, "buy", 1990);
    expect(await errorOf(reverseFill(db, teacher, portfolio.id, sold.id, { reason: "Undo" }))).toMatchObject({ kind: "refused", code: "REVERSAL_NEGATIVE_CASH" });
    await expectIdentities(db, portfolio.id);
  });
});

describe("who may correct", () => {
  it("never the owner (forbidden), nobody outside the class (not found); an admin always; a reset clears the corrections", async () => {
    const db = database.db;
    const { student, portfolio } = await classroom(db);
    const stranger = viewer(await createTestUser(db, { role: "organiser" }));
    const member = viewer(await createTestUser(db));
    const admin = viewer(await createTestUser(db, { role: "admin" }));
    const input = { amount: m("10.00"), reason: "Test" };
    expect(await errorOf(adjustCash(db, student, portfolio.id, input))).toMatchObject({ kind: "forbidden" });
    expect(await errorOf(adjustCash(db, stranger, portfolio.id, input))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(adjustCash(db, member, portfolio.id, input))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(correctionsOf(db, stranger, portfolio.id, { page: 1, pageSize: 5 }))).toMatchObject({ kind: "not-found" });
    expect(await adjustCash(db, admin, portfolio.id, input)).toMatchObject({ by: "admin" });
    await resetPracticePortfolio(db, { userId: student.id, portfolioId: portfolio.id });
    expect((await correctionsOf(db, student, portfolio.id, { page: 1, pageSize: 5 })).total).toBe(0);
    await expectIdentities(db, portfolio.id);
  });

  it("a teacher of one class cannot correct a student of another", async () => {
    const db = database.db;
    const first = await classroom(db);
    const second = await classroom(db);
    expect(await errorOf(adjustCash(db, second.teacher, first.portfolio.id, { amount: m("1.00"), reason: "x" }))).toMatchObject({ kind: "not-found" });
  });

  it("the organiser who created an event corrects its portfolios; another organiser cannot", async () => {
    const db = database.db;
    const host = viewer(await createTestUser(db, { role: "organiser" }));
    const other = viewer(await createTestUser(db, { role: "organiser" }));
    const player = viewer(await createTestUser(db));
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const made = await createEvent(db, { id: host.id }, { title: `Cup ${now}`, startsAt: iso(now - 60_000), endsAt: iso(now + 3_600_000), startingCash: "5000.00", visibility: "public" } as never, new Date(now - 120_000));
    const joined = await joinEvent(db, player, made.slug);
    expect(await adjustCash(db, host, joined.portfolioId, { amount: m("50.00"), reason: "Late start" })).toMatchObject({ by: "organiser" });
    expect(await errorOf(adjustCash(db, other, joined.portfolioId, { amount: m("50.00"), reason: "x" }))).toMatchObject({ kind: "not-found" });
    expect((await portfolioRow(db, joined.portfolioId)).cash).toBe("5050.00");
    await expectIdentities(db, joined.portfolioId);
  });
});

describe("corrections racing orders", () => {
  it(`keep the identities when adjustments and a reversal run among concurrent orders${onPostgres ? " (really racing on PostgreSQL)" : ""}`, async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const s = instrument.symbol;
    const first = await trade(db, student.id, portfolio.id, s, "buy", 100);
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      work.push(placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: market(s, i % 3 === 2 ? "sell" : "buy", 7) }));
      if (i % 4 === 0) work.push(adjustCash(db, teacher, portfolio.id, { amount: m(i % 8 === 0 ? "125.25" : "-80.10"), reason: `Round ${i}` }));
    }
    work.push(errorOf(reverseFill(db, teacher, portfolio.id, first.id, { reason: "Race" })));
    await Promise.all(work);
    await expectIdentities(db, portfolio.id);
    const corrections = await correctionsOf(db, teacher, portfolio.id, { page: 1, pageSize: 50 });
    expect(corrections.items.filter((c) => c.kind === "adjustment")).toHaveLength(3);
  });
});
