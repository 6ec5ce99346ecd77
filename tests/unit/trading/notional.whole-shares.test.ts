/**
 * Dollar-amount orders (docs/decisions/060): `notional` buys the most whole shares whose
 * expected cost — the fill price with the half-spread and impact, plus commission — is at
 * most the amount; the rest stays cash. Rounded against the trader: never more than asked.
 */
import { describe, expect, it } from "vitest";
import { checkOrder, formatMoney, liquidityOf, multiplyMoney, newPortfolio, type OrderSpec, sharesForNotional, validateOrder } from "@/domain/trading";
import { context, m, rules } from "./helpers";

const cash = () => newPortfolio(m("100000.00"));
const notionalBuy = (amount: string, type: "market" | "limit" = "market", limitPrice?: string): OrderSpec => {
  const v = validateOrder({ symbol: "ACME", side: "buy", type, notional: amount, ...(limitPrice && { limitPrice }), timeInForce: "gtc" });
  if (!v.ok) throw new Error(v.rejection.message);
  return v.order;
};

describe("a market buy of 2,500.00 at 80.00", () => {
  it("resolves to 31 whole shares at 80.04 (2,481.24); the other 18.76 stays cash", () => {
    const check = checkOrder(cash(), notionalBuy("2500.00"), context({ ACME: "80.00" }), rules());
    expect(check.ok).toBe(true);
    expect(check.order).toMatchObject({ quantity: 31, notional: m("2500.00") });
    expect(formatMoney(check.preview!.price)).toBe("80.04");
    expect(formatMoney(check.preview!.notional)).toBe("2481.24");
  });

  it("counts the commission in the amount: 2,482.00 with a 1.00 fee buys 30, not 31 (31 would cost 2,482.24)", () => {
    const withFee = rules({ commission: { flat: m("1.00"), bps: 0 } });
    expect(checkOrder(cash(), notionalBuy("2482.24"), context({ ACME: "80.00" }), withFee).order?.quantity).toBe(31);
    expect(checkOrder(cash(), notionalBuy("2482.00"), context({ ACME: "80.00" }), withFee).order?.quantity).toBe(30);
  });
});

describe("a resting limit buy of 2,500.00 with its limit at 75.00 (price 80.00)", () => {
  it("is sized at its limit, the worst price it can pay: 33 shares (2,475.00)", () => {
    const check = checkOrder(cash(), notionalBuy("2500.00", "limit", "75.00"), context({ ACME: "80.00" }), rules());
    expect(check.order?.quantity).toBe(33);
    expect(formatMoney(check.preview!.reservation)).toBe("2475.00");
  });
});

describe("a large dollar amount on a thin stock", () => {
  it("pays for the impact of its own size: the shares it gets cost at most the amount, one more would cost more", () => {
    const depth = liquidityOf(200_000, 0.4);
    const order = notionalBuy("90000.00");
    const quantity = sharesForNotional(order, m("90000.00"), m("20.00"), depth, rules());
    const cost = (q: number) => {
      const check = checkOrder(cash(), { ...order, quantity: q }, context({ ACME: "20.00" }, { liquidity: new Map([["ACME", depth]]) }), rules());
      return multiplyMoney(check.preview!.price, q);
    };
    expect(quantity).toBeGreaterThan(4_000);
    expect(quantity).toBeLessThan(4_500);
    expect(cost(quantity) <= m("90000.00")).toBe(true);
    expect(cost(quantity + 1) > m("90000.00")).toBe(true);
  });
});

describe("an amount below one share's price", () => {
  it("is refused with NOTIONAL_TOO_SMALL, naming notional and what one share costs", () => {
    const check = checkOrder(cash(), notionalBuy("50.00"), context({ ACME: "80.00" }), rules());
    expect(check.ok).toBe(false);
    expect(!check.ok && check.rejection).toMatchObject({ code: "NOTIONAL_TOO_SMALL", field: "notional" });
    expect(!check.ok && check.rejection.message).toBe("notional 50.00 does not buy one whole share of ACME: one costs 80.04 now (spread and commission included).");
  });
});
