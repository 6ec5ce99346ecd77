/**
 * Margin and borrowing (docs/decisions/070-margin-and-borrowing.md), scenario by scenario:
 * buying power up to a multiple of equity, the cash floor of a cash account, the day's
 * interest and borrow fees rounded against the trader, a margin call with its deadline and the
 * forced sales that restore the maintenance requirement.
 */
import { describe, expect, it } from "vitest";
import {
  accrueDay,
  AccountingError,
  applyFill,
  assertValidRules,
  borrowFeeBps,
  checkOrder,
  DEFAULT_MARGIN,
  executeFill,
  formatMoney,
  InvalidRulesError,
  marginRulesProblem,
  marginStatus,
  matchOrder,
  newPortfolio,
  practiceRules,
  restorePosition,
  NO_COMMISSION,
  type PortfolioState,
  valuePortfolio,
} from "@/domain/trading";
import { context, m, market, NOW, priceTable, rules } from "./helpers";

const margin2x = rules({ slippageBps: 0, margin: DEFAULT_MARGIN });
const cashOnly = rules({ slippageBps: 0 });
const $ = formatMoney;

/** 200 ACME bought at 100.00 with 10,000.00 of cash on 2× margin: cash −10,000.00. */
function leveraged(): PortfolioState {
  return applyFill(newPortfolio(m("10000.00")), { symbol: "ACME", side: "buy", quantity: 200, price: m("100.00") }, NO_COMMISSION, { allowDebit: true }).state;
}

describe("buying power with margin: m × (cash buying power + long value − ⌈long value ÷ m⌉)", () => {
  it("2× margin: 10,000.00 of cash buys 20,000.00 of stock and leaves buying power at 0.00, debit 10,000.00", () => {
    const state = newPortfolio(m("10000.00"));
    expect($(valuePortfolio(state, priceTable({ ACME: "100.00" }), DEFAULT_MARGIN).buyingPower)).toBe("20000.00");
    const check = checkOrder(state, market("buy", 200), context({ ACME: "100.00" }), margin2x);
    expect(check.ok).toBe(true);
    expect(check.preview && $(check.preview.buyingPowerAfter)).toBe("0.00");
    const value = valuePortfolio(leveraged(), priceTable({ ACME: "100.00" }), DEFAULT_MARGIN);
    expect([$(value.cash), $(value.debit), $(value.equity), $(value.buyingPower)]).toEqual(["-10000.00", "10000.00", "10000.00", "0.00"]);
  });

  it("refuses one share more than 2× equity with INSUFFICIENT_FUNDS, naming the buying power", () => {
    const check = checkOrder(newPortfolio(m("10000.00")), market("buy", 201), context({ ACME: "100.00" }), margin2x);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.rejection.code).toBe("INSUFFICIENT_FUNDS");
    expect(!check.ok && check.rejection.message).toMatch(/you have 20,000\.00/);
  });

  it("without margin the same buy is refused and a fill below zero cash is an accounting error (the cash account's floor stays)", () => {
    const check = checkOrder(newPortfolio(m("10000.00")), market("buy", 101), context({ ACME: "100.00" }), cashOnly);
    expect(!check.ok && check.rejection.code).toBe("INSUFFICIENT_FUNDS");
    expect(() => applyFill(newPortfolio(m("10000.00")), { symbol: "ACME", side: "buy", quantity: 101, price: m("100.00") }, NO_COMMISSION)).toThrow(AccountingError);
  });

  it("margin does not widen shorting: a short still needs 150 % of its value (Reg T), 2× equity at most", () => {
    const state = newPortfolio(m("10000.00"));
    expect(checkOrder(state, market("short", 200), context({ ACME: "100.00" }), margin2x).ok).toBe(true);
    const over = checkOrder(state, market("short", 201), context({ ACME: "100.00" }), margin2x);
    expect(!over.ok && over.rejection.code).toBe("INSUFFICIENT_FUNDS");
  });

  it("with a multiple of 1.5 the longs lend a third of their value, rounded against the trader", () => {
    const margin = { ...DEFAULT_MARGIN, multiplier: 1.5, maintenancePct: 25 };
    const state = applyFill(newPortfolio(m("1000.00")), { symbol: "ACME", side: "buy", quantity: 1, price: m("10.01") }, NO_COMMISSION).state;
    // excess = 989.99 + 10.01 − ⌈10.01 ÷ 1.5⌉ (6.68) = 993.32; × 1.5 = 1,489.98
    expect($(valuePortfolio(state, priceTable({ ACME: "10.01" }), margin).buyingPower)).toBe("1489.98");
  });

  it("a sale is never held to buying power: a margin account under water may always sell", () => {
    const check = checkOrder(leveraged(), market("sell", 50), context({ ACME: "60.00" }), margin2x);
    expect(check.ok).toBe(true);
  });
});

describe("the day's interest and borrow fees, against the trader", () => {
  const fees = new Map([["ACME", 235]]);

  it("charges 8 % a year on a 10,000.00 debit: 2.19178… rounded up to 2.20, as an interest line with its reason", () => {
    const day = accrueDay(leveraged(), priceTable({ ACME: "100.00" }), margin2x, { day: "2026-03-09", feeBps: fees });
    expect(day.lines.map((l) => [l.kind, $(l.amount)])).toEqual([["interest", "-2.20"]]);
    expect(day.lines[0]!.reason).toMatch(/8\s% a year on a debit balance of 10,000\.00, 2026-03-09/);
    expect($(day.state.cash)).toBe("-10002.20");
  });

  it("pays interest on cash at the credit rate, rounded down: 10,000.00 at 1 % is 0.27", () => {
    const day = accrueDay(newPortfolio(m("10000.00")), new Map(), { margin: { ...DEFAULT_MARGIN, creditRatePct: 1 } }, { day: "2026-03-09", feeBps: fees });
    expect(day.lines.map((l) => [l.kind, $(l.amount)])).toEqual([["interest", "0.27"]]);
  });

  it("charges no interest without margin, and at 0 % on cash pays none", () => {
    expect(accrueDay(newPortfolio(m("10000.00")), new Map(), cashOnly, { day: "2026-03-09", feeBps: fees }).lines.filter((l) => l.kind === "interest")).toEqual([]);
    expect(accrueDay(newPortfolio(m("10000.00")), new Map(), margin2x, { day: "2026-03-09", feeBps: fees }).lines).toEqual([]);
  });

  it("charges a short its instrument's borrow fee on its market value: 5,000.00 at 2.35 % a year is 0.32191… → 0.33", () => {
    const short = applyFill(newPortfolio(m("10000.00")), { symbol: "ACME", side: "short", quantity: 100, price: m("50.00") }, NO_COMMISSION).state;
    const day = accrueDay(short, priceTable({ ACME: "50.00" }), cashOnly, { day: "2026-03-09", feeBps: fees });
    expect(day.lines.map((l) => [l.kind, l.symbol, $(l.amount)])).toEqual([["borrow-fee", "ACME", "-0.33"]]);
    expect(day.lines[0]!.reason).toMatch(/Borrow fee 2\.35\s% a year on −100 ACME \(worth 5,000\.00\), 2026-03-09/);
    expect(accrueDay(short, priceTable({ ACME: "50.00" }), { ...cashOnly, borrowFees: false }, { day: "2026-03-09", feeBps: fees }).lines).toEqual([]);
  });

  it("sets an instrument's fee by its volatility, 0.25 % to 5 % in steps of 0.05 %; funds 0.25 %; an index none", () => {
    expect(borrowFeeBps({ kind: "etf", volatility: 0.6 })).toBe(25);
    expect(borrowFeeBps({ kind: "index", volatility: 0.2 })).toBe(0);
    expect(borrowFeeBps({ kind: "stock", volatility: 0.1 })).toBe(25);
    expect(borrowFeeBps({ kind: "stock", volatility: 0.198 })).toBe(70);
    expect(borrowFeeBps({ kind: "stock", volatility: 0.45 })).toBe(430);
    expect(borrowFeeBps({ kind: "stock", volatility: 0.9 })).toBe(500);
  });
});

describe("maintenance with margin: a call, its deadline, forced sales", () => {
  const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

  it("is met at 70.00 (equity 4,000.00 ≥ 25 % of 14,000.00)", () => {
    const status = marginStatus(leveraged(), priceTable({ ACME: "70.00" }), margin2x, NOW);
    expect(status.kind).toBe("met");
    expect([$(status.equity), $(status.requirement)]).toEqual(["4000.00", "3500.00"]);
  });

  it("raises a call at 60.00 (equity 2,000.00 under 3,000.00) with a deadline a day later, and keeps it until then", () => {
    const raised = marginStatus(leveraged(), priceTable({ ACME: "60.00" }), margin2x, NOW);
    expect(raised.kind === "call" && { raised: raised.raised, deadline: raised.deadline.toISOString() }).toEqual({ raised: true, deadline: "2026-03-11T10:00:00.000Z" });
    expect(raised.kind === "call" && raised.message).toMatch(/equity \(2,000\.00\) is under the maintenance requirement of 3,000\.00.*by 2026-03-11T10:00:00\.000Z/);
    const kept = marginStatus({ ...leveraged(), marginCallAt: NOW }, priceTable({ ACME: "60.00" }), margin2x, later(23));
    expect(kept.kind === "call" && kept.raised).toBe(false);
  });

  it("clears a standing call once prices bring equity back over the requirement", () => {
    const status = marginStatus({ ...leveraged(), marginCallAt: NOW }, priceTable({ ACME: "75.00" }), margin2x, later(3));
    expect(status.kind === "met" && status.cleared).toBe(true);
  });

  it("sells the fewest shares that restore the requirement when the deadline passes: 67 of 200 at 60.00", () => {
    const state: PortfolioState = { ...leveraged(), marginCallAt: NOW };
    const prices = priceTable({ ACME: "60.00" });
    const status = marginStatus(state, prices, margin2x, later(24));
    expect(status.kind).toBe("forced");
    if (status.kind !== "forced") return;
    expect(status.orders).toEqual([market("sell", 67)]);
    expect(status.message).toMatch(/was not met by 2026-03-11T10:00:00\.000Z, so the engine sold 67 ACME at market/);
    // Executed as the engine does (forced), the requirement holds again.
    let after = state;
    for (const order of status.orders) {
      const outcome = matchOrder(order, { kind: "placement", last: prices.get(order.symbol)! }, margin2x.slippageBps);
      if (outcome.kind !== "fill") throw new Error("market");
      const executed = executeFill(after, { order, reservedCash: m("0.00") }, outcome.fill, { now: later(24), prices }, margin2x, { forced: true });
      if (!executed.ok) throw new Error(executed.rejection.message);
      after = executed.state;
    }
    const value = valuePortfolio(after, prices, DEFAULT_MARGIN);
    expect(value.equity >= value.maintenanceRequirement).toBe(true);
    expect([$(value.equity), $(value.maintenanceRequirement)]).toEqual(["2000.00", "1995.00"]);
  });

  it("sells at once, without waiting for a deadline, when equity is gone", () => {
    const status = marginStatus(leveraged(), priceTable({ ACME: "45.00" }), margin2x, NOW);
    expect(status.kind === "forced" && status.orders).toEqual([market("sell", 200)]);
    expect(status.kind === "forced" && status.message).toMatch(/your equity is gone/);
  });
});

describe("margin settings are validated with the field and a clear message", () => {
  it("accepts the defaults and refuses a multiple of 1, a maintenance at or over the initial margin, and fractional hours", () => {
    expect(marginRulesProblem(DEFAULT_MARGIN)).toBeNull();
    expect(marginRulesProblem({ ...DEFAULT_MARGIN, multiplier: 1 })?.field).toBe("multiplier");
    expect(marginRulesProblem({ ...DEFAULT_MARGIN, maintenancePct: 50 })).toEqual({ field: "maintenancePct", message: expect.stringMatching(/below the initial margin of 50\s%/) });
    expect(marginRulesProblem({ ...DEFAULT_MARGIN, debitRatePct: 31 })?.field).toBe("debitRatePct");
    expect(marginRulesProblem({ ...DEFAULT_MARGIN, callHours: 1.5 })?.field).toBe("callHours");
    expect(() => assertValidRules({ ...margin2x, margin: { ...DEFAULT_MARGIN, multiplier: 5 } })).toThrow(InvalidRulesError);
  });
});

describe("the practice market's margin setting (decision 073)", () => {
  const terms = { ...DEFAULT_MARGIN, debitRatePct: 6 };
  const cash = { cash: m("-5000.00"), reservedCash: m("0.00"), positions: new Map() };

  it("never set: a cash account, borrowing or not", () => {
    expect(practiceRules({ shortingUnlocked: true, margin: null, borrowing: true }).margin).toBeNull();
  });

  it("switched on: every practice portfolio trades under its terms", () => {
    expect(practiceRules({ shortingUnlocked: true, margin: { enabled: true, terms }, borrowing: false }).margin).toEqual(terms);
  });

  it("switched off: a portfolio that owes nothing is a cash account again", () => {
    expect(practiceRules({ shortingUnlocked: true, margin: { enabled: false, terms }, borrowing: false }).margin).toBeNull();
  });

  it("switched off: a portfolio still borrowing keeps its interest and maintenance margin, with buying power exactly the cash formula (no new borrowing)", () => {
    const winding = practiceRules({ shortingUnlocked: true, margin: { enabled: false, terms }, borrowing: true }).margin!;
    expect(winding).toEqual({ ...terms, multiplier: 1 });
    const prices = priceTable({ ACME: "100.00" });
    const state = { ...cash, positions: new Map([["ACME", restorePosition({ quantity: 100, costBasis: m("10000.00"), realisedPnl: m("0.00") })]]) };
    expect(valuePortfolio(state, prices, winding).buyingPower).toBe(valuePortfolio(state, prices, null).buyingPower);
    expect(valuePortfolio(state, prices, winding).maintenanceRequirement).toBe(m("2500.00"));
  });
});
