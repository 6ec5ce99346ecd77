/** Today's movers (domain/market topMovers): listed instruments only, biggest first, ties by symbol, no change is no mover. */
import { describe, expect, it } from "vitest";
import { topMovers, type MoverCandidate } from "@/domain/market";

const i = (symbol: string, dayChangePct: string | null, extra: Partial<MoverCandidate> = {}): MoverCandidate => ({ symbol, kind: "stock", active: true, dayChangePct, ...extra });

describe("today's movers", () => {
  const items = [
    i("AAA", "0.0100"),
    i("BBB", "0.0300"),
    i("CCC", "-0.0200"),
    i("DDD", "0.0300"),
    i("EEE", "-0.0500"),
    i("FFF", "0.0000"),
    i("GGG", null),
    i("TLX", "0.0900", { kind: "index" }),
    i("OLD", "-0.0900", { active: false }),
    i("ETF", "0.0050", { kind: "etf" }),
  ];

  it("ranks gains and losses apart, biggest first, ties by symbol", () => {
    const { gainers, losers } = topMovers(items, 3);
    expect(gainers.map((g) => g.symbol)).toEqual(["BBB", "DDD", "AAA"]);
    expect(losers.map((l) => l.symbol)).toEqual(["EEE", "CCC"]);
  });

  it("leaves out the benchmark index, withdrawn instruments and anything that did not move", () => {
    const all = topMovers(items, 100);
    const named = [...all.gainers, ...all.losers].map((m) => m.symbol);
    expect(named).toEqual(["BBB", "DDD", "AAA", "ETF", "EEE", "CCC"]);
  });

  it("gives at most `count` of each", () => {
    expect(topMovers(items, 1)).toEqual({ gainers: [items[1]], losers: [items[4]] });
    expect(topMovers([], 3)).toEqual({ gainers: [], losers: [] });
  });
});
