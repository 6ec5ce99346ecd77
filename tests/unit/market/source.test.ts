import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, createMarketState, createReplay, endOfUtcDay, simulatedPriceSource, step, utcDay, type PriceSource } from "@/domain/market";

// What trading code does with a source: value a holding and know the day for day orders.
const valueOf = (source: PriceSource, symbol: string, quantity: number, now: Date) => {
  const quote = source.quote(symbol, now);
  return quote && { cents: Math.round(Number(quote.price) * 100) * quantity, day: source.tradingDay(now) };
};

describe("price sources", () => {
  it("serve the practice simulator's latest prices, stamped with the tick's time, on UTC days", () => {
    const start = new Date("2026-03-08T23:59:58Z");
    const { state } = step(createMarketState(BUNDLED_UNIVERSE, "source", start), 2);
    const source = simulatedPriceSource(state);
    const nwrb = state.instruments.find((i) => i.symbol === "NWRB")!;
    expect(source.quote("NWRB", new Date("2026-03-09T00:00:01Z"))).toEqual({ symbol: "NWRB", price: nwrb.price, at: new Date("2026-03-09T00:00:00Z") });
    expect(source.quote("NOPE", new Date())).toBeUndefined();
    expect(source.symbols()).toHaveLength(BUNDLED_UNIVERSE.length);
    expect(source.tradingDay(new Date("2026-03-08T23:59:59.999Z"))).toBe("2026-03-08");
    expect(source.tradingDay(new Date("2026-03-09T00:00:00Z"))).toBe("2026-03-09");
  });

  it("serve a replay's prices on the dataset's trading days, through the same interface", () => {
    const eventStart = new Date("2026-06-01T12:00:00Z");
    const source: PriceSource = createReplay({
      datasets: { OLDCO: [{ date: "1999-12-31", open: "10.00", high: "12.00", low: "9.00", close: "11.00", volume: 5 }] },
      startDate: "1999-01-01",
      secondsPerTradingDay: 3600,
      eventStart,
    });
    expect(valueOf(source, "OLDCO", 3, eventStart)).toEqual({ cents: 3000, day: "1999-12-31" });
    expect(source.quote("OLDCO", eventStart)).toEqual({ symbol: "OLDCO", price: "10.00", at: eventStart });
    expect(valueOf(source, "OLDCO", 3, new Date("2026-06-01T13:00:00Z"))).toEqual({ cents: 3300, day: "1999-12-31" });
  });

  it("end the practice market's day at the next 00:00 UTC", () => {
    expect(utcDay(new Date("2026-03-08T23:30:00-05:00"))).toBe("2026-03-09");
    expect(endOfUtcDay(new Date("2026-03-08T12:00:00Z")).toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(endOfUtcDay(new Date("2026-03-08T00:00:00Z")).toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(endOfUtcDay(new Date("2026-12-31T23:59:59.999Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
