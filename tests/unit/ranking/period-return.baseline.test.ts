import { describe, expect, it } from "vitest";
import { formatRatio } from "@/domain/trading";
import { baselineFor, type EquitySnapshot, periodReturn, periodStart } from "@/domain/ranking";
import { formatMoney, parseMoney } from "@/domain/trading";

const m = parseMoney;
const at = (iso: string) => new Date(iso);
const snap = (iso: string, equity: string): EquitySnapshot => ({ at: at(iso), equity: m(equity) });

const STARTING = m("100000.00");
const NOW = at("2026-03-11T15:00:00.000Z"); // Wednesday
const TODAY = periodStart("day", NOW)!;
const SNAPSHOTS = [
  snap("2026-03-09T00:00:00.000Z", "101000.00"), // Monday 00:00: the week's baseline
  snap("2026-03-10T12:00:00.000Z", "103000.00"),
  snap("2026-03-10T23:59:00.000Z", "104000.00"), // the last before today
  snap("2026-03-11T00:01:00.000Z", "104500.00"),
];
const OLD = { createdAt: at("2026-01-05T10:00:00.000Z"), startingCash: STARTING };

const baseline = (snapshots: readonly EquitySnapshot[], periodStartAt: Date | null, context = OLD) => formatMoney(baselineFor(snapshots, { ...context, periodStart: periodStartAt }));

describe("the baseline a period's return is measured from", () => {
  it("is the last snapshot before the period started", () => {
    expect(baseline(SNAPSHOTS, TODAY)).toBe("104000.00");
  });

  it("is a snapshot taken exactly at the period's start", () => {
    expect(baseline(SNAPSHOTS, periodStart("week", NOW))).toBe("101000.00");
  });

  it("is the starting cash for a portfolio created after the period started", () => {
    expect(baseline(SNAPSHOTS.slice(3), TODAY, { createdAt: at("2026-03-11T00:00:30.000Z"), startingCash: STARTING })).toBe("100000.00");
    expect(baseline([], TODAY, { createdAt: TODAY, startingCash: STARTING })).toBe("100000.00");
  });

  it("is the starting cash for all time", () => {
    expect(baseline(SNAPSHOTS, null)).toBe("100000.00");
  });

  it("is the first snapshot after the start when none is that old (snapshots began later)", () => {
    expect(baseline(SNAPSHOTS, periodStart("month", NOW))).toBe("101000.00");
  });

  it("is the starting cash when there is no snapshot at all", () => {
    expect(baseline([], TODAY)).toBe("100000.00");
  });
});

describe("a period's return", () => {
  it("is exact from Money, unrounded: today +0.48 % from 104,000.00 to 104,500.00", () => {
    expect(periodReturn(m("104000.00"), m("104500.00"))).toBe(50_000 / 10_400_000);
    expect(formatRatio(periodReturn(m("104000.00"), m("104500.00")))).toBe("0.0048");
    expect(periodReturn("100000.00", "94770.00")).toBe(-0.0523);
  });

  it("tells apart returns that show the same rounded figure (49,977.00 ranks above 49,973.00)", () => {
    const better = periodReturn("50000.00", "49977.00")!;
    const worse = periodReturn("50000.00", "49973.00")!;
    expect(formatRatio(better)).toBe(formatRatio(worse));
    expect(better).toBeGreaterThan(worse);
  });

  it("is undefined from a non-positive baseline", () => {
    expect(periodReturn(m("0.00"), m("10.00"))).toBeNull();
  });

  it("chains with the baseline: the week since Monday's 101,000.00", () => {
    const week = baselineFor(SNAPSHOTS, { ...OLD, periodStart: periodStart("week", NOW) });
    expect(formatRatio(periodReturn(week, m("104500.00")))).toBe("0.0347");
  });
});
