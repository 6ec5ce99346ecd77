/**
 * Margin on the practice market, an admin's install setting (docs/decisions/073): never set, a
 * cash account; on, practice portfolios borrow up to the multiple; off, nobody borrows more
 * while a debt keeps its interest, maintenance margin and call until it is repaid. Terms are
 * checked by field on the HTTP route (the same check as an event's), and every change is audited.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_MARGIN, parseMoney } from "@/domain/trading";
import { setPrice } from "@/features/market/server/test-prices";
import { portfolioSummary } from "@/features/portfolio";
import { accrueMarginDay, placeOrder } from "@/features/trading";
import { auditLog, ledgerEntries, portfolios } from "@/server/db/schema";
import { changeSettings, readSettings } from "@/server/settings";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";
import { signedInAdmin, signedInMember } from "./http-client";

const database = useTestDatabase();
type Refusal = { error: { code: string; fields: Record<string, string> } };
const HOUR = 3_600_000;

async function row(portfolioId: string) {
  const [p] = await database.db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  return p!;
}

async function interestLines(portfolioId: string) {
  const lines = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.portfolioId, portfolioId), eq(ledgerEntries.kind, "interest")));
  return lines.map((l) => [l.amount, l.reason]);
}

describe("margin on the practice market", () => {
  it("on, a practice portfolio borrows up to 2× its equity; off, nobody borrows more, and a debt keeps its terms until it is repaid", async () => {
    const db = database.db;
    const admin = await createTestUser(db, { role: "admin" });
    const stock = await createInstrument(db, { lastPrice: "100.00" });
    const practice = await createPortfolio(db);
    const order = (side: "buy" | "sell", quantity: number) =>
      placeOrder(db, { userId: practice.userId, portfolioId: practice.id, input: { type: "market", timeInForce: "day", symbol: stock.symbol, side, quantity } });

    // Never set: a cash account, as every install was before the setting.
    expect((await readSettings(db)).practiceMargin).toBeNull();
    expect((await portfolioSummary(db, await row(practice.id))).rules.margin).toBeNull();
    expect((await order("buy", 1001)).rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });

    // On, with the default terms: twice the equity.
    const on = await changeSettings(db, { id: admin.id }, { practiceMargin: { enabled: true } });
    expect(on.practiceMargin).toEqual({ enabled: true, terms: DEFAULT_MARGIN });
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, "admin.setting-changed"));
    expect(audited.map((a) => a.detail)).toEqual([{ key: "practiceMargin", from: null, to: { enabled: true, terms: DEFAULT_MARGIN } }]);
    const before = await portfolioSummary(db, await row(practice.id));
    expect(before.rules.margin).toEqual(DEFAULT_MARGIN);
    expect(before.buyingPower).toBe("200000.00");
    expect((await order("buy", 2000)).rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await order("buy", 1500)).rejection).toBeNull();
    const borrowed = await row(practice.id);
    expect(parseMoney(borrowed.cash) < -50_000_00n).toBe(true);

    // Off: not one more share on credit; the debt keeps the terms at a multiple of 1.
    const off = await changeSettings(db, { id: admin.id }, { practiceMargin: { enabled: false } });
    expect(off.practiceMargin).toEqual({ enabled: false, terms: DEFAULT_MARGIN });
    expect((await order("buy", 1)).rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const winding = await portfolioSummary(db, await row(practice.id));
    expect(winding.rules.margin).toEqual({ ...DEFAULT_MARGIN, multiplier: 1 });
    expect(winding.debitBalance).toBe(borrowed.cash.slice(1));

    // The debt still pays its interest: tomorrow's look books today's 8 % a year on it.
    const today = new Date().toISOString().slice(0, 10);
    await accrueMarginDay(db, { now: new Date(Date.now() + 24 * HOUR) });
    expect(await interestLines(practice.id)).toEqual([[expect.stringMatching(/^-\d+\.\d\d$/), expect.stringMatching(new RegExp(`^Interest 8\\s% a year on a debit balance of .*, ${today}$`))]]);

    // And its maintenance margin: a fall to 40.00 (equity about 9,900 under 25 % of 60,000) raises a call.
    const t1 = new Date();
    await setPrice(db, stock.symbol, "40.00", t1);
    expect((await row(practice.id)).marginCallAt?.toISOString()).toBe(t1.toISOString());

    // Repaid: selling everything brings cash above zero; the next move clears the call, and the portfolio is a cash account again.
    expect((await order("sell", 1500)).rejection).toBeNull();
    expect(parseMoney((await row(practice.id)).cash) > 0n).toBe(true);
    await setPrice(db, stock.symbol, "41.00", new Date(t1.getTime() + 60_000));
    const repaid = await row(practice.id);
    expect(repaid.marginCallAt).toBeNull();
    expect((await portfolioSummary(db, repaid)).rules.margin).toBeNull();
    expect((await order("buy", 1000)).rejection).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
  });

  it("on with interest on cash, a practice portfolio that only holds cash earns it daily", async () => {
    const db = database.db;
    const admin = await createTestUser(db, { role: "admin" });
    await changeSettings(db, { id: admin.id }, { practiceMargin: { enabled: true, terms: { ...DEFAULT_MARGIN, creditRatePct: 2 } } });
    const saver = await createPortfolio(db);
    await accrueMarginDay(db, { now: new Date(Date.now() + 48 * HOUR) });
    // 100,000.00 at 2 % a year for a day: 5.479… paid as 5.47 (rounded against the trader).
    expect((await interestLines(saver.id)).map(([amount]) => amount)).toEqual(["5.47"]);
    await changeSettings(db, { id: admin.id }, { practiceMargin: { enabled: false } });
  });
});

describe("PATCH /api/admin/settings practiceMargin", () => {
  it("refuses terms no event could have, naming the field, and is for admins only; nothing is stored", async () => {
    const admin = await signedInAdmin();
    const before = await (await admin.request("/api/admin/settings")).json();
    const terms = { ...DEFAULT_MARGIN, multiplier: 5 };
    const tooMuch = await admin.request("/api/admin/settings", { method: "PATCH", json: { practiceMargin: { enabled: true, terms } } });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as Refusal).error.fields).toEqual({ "practiceMargin.terms.multiplier": expect.stringMatching(/above 1 and at most 4/) });
    const calledAtOnce = await admin.request("/api/admin/settings", { method: "PATCH", json: { practiceMargin: { enabled: true, terms: { ...DEFAULT_MARGIN, maintenancePct: 60 } } } });
    expect(((await calledAtOnce.json()) as Refusal).error.fields).toEqual({ "practiceMargin.terms.maintenancePct": expect.stringMatching(/below the initial margin of 50/) });
    const unknown = await admin.request("/api/admin/settings", { method: "PATCH", json: { practiceMargin: { enabled: true, leverage: 3 } } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(((await unknown.json()) as Refusal).error.fields)).toEqual(["practiceMargin.leverage"]);
    const { client: member } = await signedInMember("practice-margin");
    expect((await member.request("/api/admin/settings", { method: "PATCH", json: { practiceMargin: { enabled: true } } })).status).toBe(403);
    expect(await (await admin.request("/api/admin/settings")).json()).toEqual(before);
  });
});
