/**
 * A refusal or a fill reason is read by a person next to figures the page formats with
 * src/lib/format.ts: its amounts and share counts look the same ("5,479,000.00", "1,500"),
 * never the wire format ("5479000.00").
 */
import { describe, expect, it } from "vitest";
import { applyFill, checkOrder, displayMoney, matchOrder, newPortfolio, NO_COMMISSION, cents, validateOrder } from "@/domain/trading";
import { money } from "@/lib/format";
import { context, m, market, rules } from "./helpers";

const practice = rules();

describe("amounts in the domain's messages", () => {
  it("formats money as the page does, the minus sign included", () => {
    expect(displayMoney(m("5479000.00"))).toBe("5,479,000.00");
    expect(displayMoney(cents(-350))).toBe("−3.50");
    expect(displayMoney(m("88457.61"))).toBe(money("88457.61"));
  });

  it("says how much cash a large order needs and how much there is, grouped", () => {
    const check = checkOrder(newPortfolio(m("88457.61")), market("buy", 50_000), context({ ACME: "109.52" }), practice);
    expect(check.ok).toBe(false);
    const message = check.ok ? "" : check.rejection.message;
    expect(message).toMatch(/^This order needs 5,4\d\d,\d{3}\.\d\d in cash \(commission 0\.00 included\); you have 88,457\.61\.$/);
    expect(message).not.toMatch(/\d{4}\.\d\d/);
  });

  it("groups share counts in a refusal", () => {
    const held = applyFill(newPortfolio(m("1000000.00")), { symbol: "ACME", side: "buy", quantity: 1500, price: m("10.00") }, NO_COMMISSION).state;
    const check = checkOrder(held, market("sell", 2000), context({ ACME: "10.00" }), practice);
    expect(check.ok || check.rejection.message).toBe("You hold 1,500 ACME: you can sell at most 1,500.");
  });

  it("groups the prices in a fill's reason", () => {
    const outcome = matchOrder(market("buy", 1), { kind: "placement", last: m("12345.00") }, 5);
    const reason = outcome.kind === "fill" ? outcome.fill.reason : "";
    expect(reason).toContain("12,345.00");
  });

  it("names the largest order size grouped", () => {
    const result = validateOrder({ symbol: "ACME", side: "buy", type: "market", quantity: 0 });
    expect(result.ok || result.rejection.message).toMatch(/from 1 to \d{1,3}(,\d{3})+\.$/);
  });
});
