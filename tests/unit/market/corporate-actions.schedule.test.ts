/** The bundled universe's simulated dividends and splits (docs/decisions/052-corporate-actions.md), and the market's price adjustment. */
import { describe, expect, it } from "vitest";
import { adjustMarketState, backfill, BUNDLED_UNIVERSE, simulatedSchedule, simulatedYield, validateAction } from "@/domain/market";

const priceOf = (prices: Record<string, number>) => (symbol: string) => prices[symbol] ?? null;

describe("the simulated schedule", () => {
  const prices = Object.fromEntries(BUNDLED_UNIVERSE.map((i) => [i.symbol, Number(i.startingPrice)]));
  const year = simulatedSchedule({ instruments: BUNDLED_UNIVERSE, priceOf: priceOf(prices), fromDay: "2031-01-01", toDay: "2031-12-31", seed: "s" });

  it("pays utilities and staples quarterly, young tech nothing, at 0–5 % a year", () => {
    const dividends = year.filter((a) => a.kind === "dividend");
    const bySymbol = (symbol: string) => dividends.filter((a) => a.symbol === symbol);
    for (const i of BUNDLED_UNIVERSE) {
      const paid = bySymbol(i.symbol);
      if (i.sector === "Technology") expect(paid).toEqual([]);
      if (i.sector === "Utilities" || i.sector === "Consumer Staples") expect(paid).toHaveLength(4);
      const annual = paid.reduce((t, a) => t + (a.kind === "dividend" ? a.amountCents : 0), 0) / 100 / prices[i.symbol]!;
      expect(annual).toBeLessThanOrEqual(0.0501);
      expect(simulatedYield(i)).toBeLessThanOrEqual(0.05);
    }
    for (const d of dividends) if (d.kind === "dividend") expect(d.payDate > d.exDate).toBe(true);
  });

  it("spreads the ex-dates over the three quarterly cycles, so every payer's next dividend is announced whatever the day an install starts", () => {
    const payers = BUNDLED_UNIVERSE.filter((i) => simulatedYield(i) > 0);
    const months = new Set(year.filter((a) => a.kind === "dividend").map((a) => Number(a.exDate.slice(5, 7)) % 3));
    expect([...months].sort()).toEqual([0, 1, 2]);
    // 28 November: no payer's dividend is more than a quarter away (a whole quarter is announced ahead).
    for (const start of ["2031-11-28", "2031-02-01", "2031-07-15"]) {
      const end = new Date(Date.parse(`${start}T00:00:00Z`) + 100 * 86_400_000).toISOString().slice(0, 10);
      const ahead = simulatedSchedule({ instruments: payers, priceOf: priceOf(prices), fromDay: start, toDay: end, seed: "s" });
      expect(new Set(ahead.map((a) => a.symbol)), start).toEqual(new Set(payers.map((i) => i.symbol)));
    }
  });

  it("is the same when scheduled again, and splits only a high price", () => {
    expect(simulatedSchedule({ instruments: BUNDLED_UNIVERSE, priceOf: priceOf(prices), fromDay: "2031-01-01", toDay: "2031-12-31", seed: "s" })).toEqual(year);
    expect(year.filter((a) => a.kind === "split")).toEqual([]);
    const high = simulatedSchedule({ instruments: BUNDLED_UNIVERSE.filter((i) => i.kind === "stock"), priceOf: () => 900, fromDay: "2031-01-01", toDay: "2035-12-31", seed: "s" });
    expect(high.filter((a) => a.kind === "split").length).toBeGreaterThan(0);
  });
});

describe("the market's adjustment", () => {
  it("drops the price by the dividend and divides it by a split, moving the log price the same way", () => {
    const state = backfill(BUNDLED_UNIVERSE.slice(0, 3), "adjust", new Date("2031-05-20T00:00:00.000Z")).state;
    const target = state.instruments[0]!;
    const dividend = adjustMarketState(state, { id: "d", symbol: target.symbol, kind: "dividend", exDate: "2031-05-21", payDate: "2031-06-04", amountCents: 42 })!;
    expect(dividend.after).toBe(dividend.before - 42);
    const moved = dividend.state.instruments[0]!;
    expect(moved.price).toBe((dividend.after / 100).toFixed(2));
    expect(moved.logPrice - target.logPrice).toBeCloseTo(Math.log(dividend.after / dividend.before), 12);
    expect(dividend.state.instruments.slice(1)).toEqual(state.instruments.slice(1));
    const split = adjustMarketState(state, { id: "s", symbol: target.symbol, kind: "split", exDate: "2031-05-21", ratio: { to: 2, from: 1 } })!;
    expect(split.after).toBe(Math.round(split.before / 2));
    expect(split.state.instruments[0]!.logPrice - target.logPrice).toBeCloseTo(-Math.log(2), 12);
  });

  it("refuses an admin's past ex-date, a 1:1 ratio and a negative amount", () => {
    expect(() => validateAction({ kind: "dividend", exDate: "2031-05-19", amount: "0.42" }, "2031-05-20")).toThrow(/in the past/);
    expect(() => validateAction({ kind: "split", exDate: "2031-05-20", ratio: "1:1" }, "2031-05-20")).toThrow(/changes nothing/);
    expect(() => validateAction({ kind: "dividend", exDate: "2031-05-20", amount: "-0.42" }, "2031-05-20")).toThrow(/cannot be negative/);
    expect(validateAction({ kind: "dividend", exDate: "2031-05-20", amount: "0.42" }, "2031-05-20")).toEqual({ kind: "dividend", exDate: "2031-05-20", payDate: "2031-06-03", amountCents: 42 });
  });
});
