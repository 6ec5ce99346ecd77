/**
 * Issue #23 §2, decision 057: a teacher's cash adjustment is a deposit or a withdrawal, never a
 * gain. The summary (and its own line for the adjustments), the performance line and its
 * figures, and the practice board all read the time-weighted return; a reversal cancels the
 * open orders it leaves without shares, saying why.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatRatio, parseMoney } from "@/domain/trading";
import { createClass, joinClass } from "@/features/classes";
import { adjustCash, reverseFill } from "@/features/corrections";
import { portfolioPerformance, portfolioSummary, snapshotInstant, takeSnapshots } from "@/features/portfolio";
import { practiceBoard, refreshPracticeBoards } from "@/features/ranking";
import { getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import type { Db } from "@/server/db";
import { orders, portfolios } from "@/server/db/schema";
import { storedPracticeBoard } from "../factories/boards";
import { expectIdentities } from "../factories/accounting";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
type Role = "member" | "organiser" | "admin";
const viewer = (u: { id: string; role: Role }) => ({ id: u.id, role: u.role });

async function classroom(db: Db) {
  const teacher = viewer(await createTestUser(db, { role: "organiser", name: "Tess Teacher" }));
  const student = viewer(await createTestUser(db, { name: "Sam Student" }));
  const klass = await createClass(db, teacher, { name: "Markets 10A" }, { ip: "192.0.2.11" });
  await joinClass(db, student, klass.joinCode, { ip: "192.0.2.11" });
  const portfolio = await getOrCreatePracticePortfolio(db, student.id);
  const instrument = await createInstrument(db, { lastPrice: "50.00" });
  return { teacher, student, portfolio, instrument };
}

const row = async (db: Db, id: string) => (await db.select().from(portfolios).where(eq(portfolios.id, id)))[0]!;

describe("a teacher's cash adjustment is a flow, not return (decision 057)", () => {
  it("leaves the summary's return, today's change, the performance line and the practice board where they were, and shows itself as its own line", async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const bought = await placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10 } });
    expect(bought.fill).toBeTruthy();
    // A snapshot before the adjustment: the line's first point.
    const at = snapshotInstant(new Date(Date.now() + 300_000));
    await takeSnapshots(db, at);
    const later = new Date(at.getTime() + 60_000);
    const before = await portfolioSummary(db, await row(db, portfolio.id), later);

    await adjustCash(db, teacher, portfolio.id, { amount: m("500.00"), reason: "Prize" }, {});
    const after = await portfolioSummary(db, await row(db, portfolio.id), later);
    expect(Number(after.equity) - Number(before.equity)).toBeCloseTo(500, 2);
    expect(after.totalReturn).toBe(before.totalReturn);
    expect(after.dayChange).toBe(before.dayChange);
    expect(after.dayChangePct).toBe(before.dayChangePct);
    expect(after.cashAdjustments).toBe("500.00");
    expect(before.cashAdjustments).toBe("0.00");
    await expectIdentities(db, portfolio.id);

    // The line: no jump of 500.00; its return is the summary's since the snapshot.
    const performance = await portfolioPerformance(db, await row(db, portfolio.id), "day", later);
    const equities = performance.points.map((p) => Number(p.equity));
    expect(equities.at(-1)).toBe(Number(after.equity));
    expect(Math.max(...equities) - Math.min(...equities)).toBeLessThan(1);
    expect(performance.metrics.maxDrawdown).toBe("0.0000");

    // The board: the same return as the summary (a withdrawal too).
    await adjustCash(db, teacher, portfolio.id, { amount: m("-20000.00"), reason: "Penalty" }, {});
    await refreshPracticeBoards(db, { now: later });
    const own = (await storedPracticeBoard(db, practiceBoard("all"))).find((r) => r.userId === student.id)!;
    const summary = await portfolioSummary(db, await row(db, portfolio.id), later);
    expect(summary.totalReturn).toBe(before.totalReturn);
    expect(formatRatio(own.totalReturn!)).toBe(summary.totalReturn);
    expect(formatRatio(own.value!)).toBe(summary.totalReturn);
  });
});

describe("a reversed fill's dependent open orders", () => {
  it("are cancelled with a reason: a stop-sell on shares the reversal took away", async () => {
    const db = database.db;
    const { teacher, student, portfolio, instrument } = await classroom(db);
    const s = instrument.symbol;
    const bought = await placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: { symbol: s, side: "buy", type: "market", quantity: 10 } });
    const stop = await placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: { symbol: s, side: "sell", type: "stop", quantity: 10, stopPrice: "40.00", timeInForce: "gtc" } });
    const limit = await placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: { symbol: s, side: "buy", type: "limit", quantity: 1, limitPrice: "30.00", timeInForce: "gtc" } });
    expect(stop.order.status).toBe("open");

    await reverseFill(db, teacher, portfolio.id, bought.fill!.id, { reason: "Bought by mistake" }, {});
    const [cancelled] = await db.select().from(orders).where(eq(orders.id, stop.order.id));
    expect(cancelled).toMatchObject({ status: "cancelled" });
    expect(cancelled!.rejectMessage).toMatch(/reversed.*no longer held/);
    // An order that does not depend on the shares stays.
    const [kept] = await db.select().from(orders).where(eq(orders.id, limit.order.id));
    expect(kept!.status).toBe("open");
    await expectIdentities(db, portfolio.id);
  });
});
