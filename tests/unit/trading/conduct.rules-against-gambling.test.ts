/**
 * An event's rules against gambling at their boundaries (docs/decisions/044): each judged by
 * the trading core's own checkOrder / executeFill, with its stable code and a message that
 * says the number.
 */
import { describe, expect, it } from "vitest";
import {
  applyFill,
  checkOrder,
  type ConductFacts,
  type ConductRules,
  executeFill,
  newPortfolio,
  type OrderContext,
  type OrderSpec,
  type PortfolioState,
  tradesOnDayOf,
  utcEndOfDay,
} from "@/domain/trading";
import { context, limit, m, market, NOW, rules } from "./helpers";

const PRICES = { ACME: "10.00", BOLT: "20.00", CRUX: "4.99", DYNA: "5.00" };
const noRules: ConductRules = { minHoldings: null, maxTradesPerDay: null, minHoldMinutes: null, minSharePrice: null };
const conduct = (overrides: Partial<ConductRules>) => rules({ conduct: { ...noRules, ...overrides } });
const facts = (overrides: Partial<ConductFacts> = {}): ConductFacts => ({ tradesToday: 0, dayEndsAt: utcEndOfDay(NOW), lastOpenedAt: null, ...overrides });

/** A portfolio holding 10 shares of each symbol given (bought at the table's prices, no commission). */
function holding(...symbols: string[]): PortfolioState {
  let state = newPortfolio(m("100000.00"));
  for (const symbol of symbols) state = applyFill(state, { symbol, side: "buy", quantity: 10, price: m(PRICES[symbol as keyof typeof PRICES]) }, { flat: m("0.00"), bps: 0 }).state;
  return state;
}

function judge(order: OrderSpec, options: { rules: Partial<ConductRules>; state?: PortfolioState; context?: Partial<OrderContext> }) {
  return checkOrder(options.state ?? holding(), order, context(PRICES, options.context), conduct(options.rules));
}
const codeOf = (check: ReturnType<typeof judge>) => (check.ok ? null : check.rejection.code);

describe("minimum share price", () => {
  const rule = { minSharePrice: m("5.00") };

  it("refuses buying or shorting a share a cent below the minimum, and allows it at the minimum", () => {
    const below = judge(market("buy", 1, "CRUX"), { rules: rule });
    expect(below).toMatchObject({ ok: false, rejection: { code: "MIN_SHARE_PRICE" } });
    expect(!below.ok && below.rejection.message).toBe("This order would buy CRUX at 4.99; this event allows buying or shorting only shares priced at 5.00 or more.");
    expect(codeOf(judge(market("short", 1, "CRUX"), { rules: rule }))).toBe("MIN_SHARE_PRICE");
    // A market buy of DYNA at 5.00 fills at 5.00 plus slippage; the share's price is what counts.
    expect(codeOf(judge(market("buy", 1, "DYNA"), { rules: rule }))).toBeNull();
  });

  it("never stops a person selling a share that fell below the minimum", () => {
    expect(codeOf(judge(market("sell", 10, "CRUX"), { rules: rule, state: holding("CRUX") }))).toBeNull();
  });

  it("refuses a resting buy whose limit is below the minimum when it is placed", () => {
    expect(codeOf(judge(limit("buy", 1, "4.50", "DYNA"), { rules: rule }))).toBe("MIN_SHARE_PRICE");
    expect(codeOf(judge(limit("buy", 1, "9.00", "ACME"), { rules: rule }))).toBeNull();
  });

  it("judges a resting order again when it fills, at the fill's price", () => {
    const order = limit("buy", 1, "9.00", "ACME");
    const executed = executeFill(holding(), { order, reservedCash: m("0.00") }, { symbol: "ACME", side: "buy", quantity: 1, price: m("4.90"), referencePrice: m("9.00"), impactBps: 0, reason: "gap" }, context({ ...PRICES, ACME: "4.90" }), conduct(rule));
    expect(executed).toMatchObject({ ok: false, rejection: { code: "MIN_SHARE_PRICE" } });
  });
});

describe("maximum trades per day", () => {
  const rule = { maxTradesPerDay: 5 };

  it("allows the 5th order of the day and refuses the 6th with the limit, the count and when to try again", () => {
    expect(codeOf(judge(market("buy", 1), { rules: rule, context: { conduct: facts({ tradesToday: 4 }) } }))).toBeNull();
    const sixth = judge(market("buy", 1), { rules: rule, context: { conduct: facts({ tradesToday: 5 }) } });
    expect(!sixth.ok && sixth.rejection).toEqual({ code: "MAX_TRADES_PER_DAY", message: "This event allows 5 trades a day; you have made 5 today. Try again after 00:00 UTC." });
  });

  it("counts sells too: the limit is on decisions, not on direction", () => {
    expect(codeOf(judge(market("sell", 1), { rules: rule, state: holding("ACME"), context: { conduct: facts({ tradesToday: 5 }) } }))).toBe("MAX_TRADES_PER_DAY");
  });

  it("says when a replay's trading day ends, to the second", () => {
    const check = judge(market("buy", 1), { rules: { maxTradesPerDay: 1 }, context: { conduct: facts({ tradesToday: 1, dayEndsAt: new Date("2026-03-10T10:03:20Z") }) } });
    expect(!check.ok && check.rejection.message).toBe("This event allows 1 trade a day; you have made 1 today. Try again after 10:03:20 UTC.");
  });

  it("counts only the orders placed in the same trading day as now", () => {
    const placed = [new Date("2026-03-09T23:59:59.999Z"), new Date("2026-03-10T00:00:00Z"), new Date("2026-03-10T09:59:00Z")];
    expect(tradesOnDayOf(placed, NOW, utcEndOfDay)).toBe(2);
  });
});

describe("minimum holding time", () => {
  const rule = { minHoldMinutes: 30 };
  const boughtAt = new Date(NOW.getTime() - 30 * 60_000);

  it("refuses selling a minute before the time is up and allows it when it is", () => {
    const early = judge(market("sell", 10), { rules: rule, state: holding("ACME"), context: { now: new Date(NOW.getTime() - 60_000), conduct: facts({ lastOpenedAt: boughtAt }) } });
    expect(!early.ok && early.rejection).toEqual({
      code: "MIN_HOLD_TIME",
      message: "You bought ACME 29 minutes ago; this event asks you to hold a position at least 30 minutes before selling it. Try again after 10:00 UTC.",
    });
    expect(codeOf(judge(market("sell", 10), { rules: rule, state: holding("ACME"), context: { conduct: facts({ lastOpenedAt: boughtAt }) } }))).toBeNull();
  });

  it("counts from the last buy, so adding to a position restarts the clock for all of it", () => {
    const justNow = new Date(NOW.getTime() - 20_000);
    const check = judge(market("sell", 1), { rules: rule, state: holding("ACME"), context: { conduct: facts({ lastOpenedAt: justNow }) } });
    expect(!check.ok && check.rejection.message).toMatch(/^You bought ACME less than a minute ago; .* Try again after 10:29:40 UTC\.$/);
  });

  it("holds a short to the same time before it is covered, and never stops a buy", () => {
    let state = newPortfolio(m("100000.00"));
    state = applyFill(state, { symbol: "ACME", side: "short", quantity: 5, price: m("10.00") }, { flat: m("0.00"), bps: 0 }).state;
    const cover = judge(market("cover", 5), { rules: rule, state, context: { conduct: facts({ lastOpenedAt: new Date(NOW.getTime() - 60_000) }) } });
    expect(!cover.ok && cover.rejection.message).toMatch(/^You shorted ACME 1 minute ago; .* before covering it\./);
    expect(codeOf(judge(market("buy", 1), { rules: rule, context: { conduct: facts({ lastOpenedAt: NOW }) } }))).toBeNull();
  });
});

describe("minimum number of holdings after the first day", () => {
  const from = new Date(NOW.getTime() - 1);
  const rule = { minHoldings: { count: 3, from } };

  it("refuses closing a position that would leave fewer than 3, says the number, and allows selling part of it", () => {
    const state = holding("ACME", "BOLT", "DYNA");
    const check = judge(market("sell", 10, "ACME"), { rules: rule, state });
    expect(!check.ok && check.rejection).toEqual({
      code: "MIN_HOLDINGS",
      message: "This event asks you to keep at least 3 positions in different instruments after its first day; this order would close ACME and leave you 2 positions. Sell part of it, or buy another instrument first.",
    });
    expect(codeOf(judge(market("sell", 9, "ACME"), { rules: rule, state }))).toBeNull();
  });

  it("allows closing one of 4 positions, but not once an open sell already promises another", () => {
    const state = holding("ACME", "BOLT", "DYNA", "CRUX");
    expect(codeOf(judge(market("sell", 10, "ACME"), { rules: rule, state }))).toBeNull();
    const openOrders = [{ order: limit("sell", 10, "30.00", "BOLT") }];
    expect(codeOf(judge(market("sell", 10, "ACME"), { rules: rule, state, context: { openOrders } }))).toBe("MIN_HOLDINGS");
  });

  it("does not apply during the first day", () => {
    const state = holding("ACME");
    expect(codeOf(judge(market("sell", 10, "ACME"), { rules: { minHoldings: { count: 3, from: new Date(NOW.getTime() + 1) } }, state }))).toBeNull();
    expect(codeOf(judge(market("sell", 10, "ACME"), { rules: { minHoldings: { count: 3, from: NOW } }, state }))).toBe("MIN_HOLDINGS");
  });

  it("never stops someone below the minimum from buying their way up", () => {
    expect(codeOf(judge(market("buy", 1, "BOLT"), { rules: rule, state: holding("ACME") }))).toBeNull();
  });
});

describe("the practice portfolio", () => {
  it("has none of these rules", () => {
    expect(rules().conduct).toBeUndefined();
    expect(checkOrder(holding("ACME"), market("sell", 10), context(PRICES, { conduct: facts({ tradesToday: 1000, lastOpenedAt: NOW }) }), rules()).ok).toBe(true);
  });
});
