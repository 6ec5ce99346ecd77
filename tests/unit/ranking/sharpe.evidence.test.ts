import { describe, expect, it } from "vitest";
import { BOARD_SHARPE_SQL, BOARD_SHARPE_STEP_MS, boardMetricSentence, sharpeForRanking } from "@/domain/ranking";
import { evidencedRiskFigures, HOUR_MS, PLAUSIBLE_RANGE, requiredReturns } from "@/domain/trading";

const START = Date.UTC(2026, 10, 17, 10);
/** Equity levels one hour apart from START. */
const hourly = (levels: readonly string[]) => levels.map((equity, k) => ({ at: START + k * HOUR_MS, equity }));
/** Equity levels five minutes apart from START (the snapshots' own step). */
const fiveMinutely = (levels: readonly string[]) => levels.map((equity, k) => ({ at: START + k * 300_000, equity }));
const wobble = (n: number) => Array.from({ length: n }, (_, k) => `${100_000 + (k % 3) * 250 - (k % 2) * 100}.00`);

describe("Sharpe ratio for ranking needs a day of hourly returns (decision 053)", () => {
  it("asks the SQL for the numbers of the one rule: hourly returns, 24 of them, annualised from an hour, held within ±10", () => {
    expect(BOARD_SHARPE_SQL).toMatchObject({ intervalSeconds: 3600, minReturns: requiredReturns("sharpe", HOUR_MS), min: PLAUSIBLE_RANGE.sharpe.min, max: PLAUSIBLE_RANGE.sharpe.max });
    expect(BOARD_SHARPE_SQL.minReturns).toBe(24);
    expect(BOARD_SHARPE_SQL.annualise).toBeCloseTo(Math.sqrt(8760), 9);
  });

  it.each([
    ["no snapshots", []],
    ["the issue's first hour: twelve 5-minute snapshots that swing", fiveMinutely(["100000.00", "100600.00", "99800.00", "100900.00", "100100.00", "100700.00", "99900.00", "100500.00", "100300.00", "100800.00", "100000.00", "100500.00"])],
    ["23 hourly returns (a day less an hour)", hourly(wobble(24))],
    ["a day of 5-minute snapshots that is not on the hour", wobble(300).map((equity, k) => ({ at: START + 60_000 + k * 300_000, equity }))],
  ])("is not yet there with %s", (_what, points) => {
    expect(sharpeForRanking(points)).toBeNull();
  });

  it("is there from 24 hourly returns, and the 5-minute snapshots between the hours do not change it", () => {
    const levels = wobble(25);
    const value = sharpeForRanking(hourly(levels));
    expect(value).not.toBeNull();
    const withFine = [...hourly(levels), ...levels.slice(1).map((_, k) => ({ at: START + k * HOUR_MS + 300_000, equity: "1.00" }))];
    expect(sharpeForRanking(withFine)).toBe(value);
    expect(value).toBe(Number(evidencedRiskFigures(hourly(levels), { stepMs: BOARD_SHARPE_STEP_MS }).sharpe.value!.toFixed(9)));
  });

  it("is 0 for a day without movement (never traded), and held at +10 for a day that only rose", () => {
    expect(sharpeForRanking(hourly(Array.from({ length: 25 }, () => "100000.00")))).toBe(0);
    expect(sharpeForRanking(hourly(Array.from({ length: 25 }, (_, k) => `${100_000 + 100 * k}.00`)))).toBe(10);
  });

  it("counts no return across a missed hour", () => {
    const points = hourly(wobble(26)).filter((_, k) => k !== 12);
    // 25 points with one hole: 23 returns, not 24.
    expect(sharpeForRanking(points)).toBeNull();
    expect(evidencedRiskFigures(points, { stepMs: BOARD_SHARPE_STEP_MS }).returns).toBe(23);
  });

  it("says in the board's one line who is not yet ranked by it, and that ties share a rank", () => {
    const sentence = boardMetricSentence({ kind: "event", metric: "sharpe" });
    expect(sentence).toContain("under 24 hours of history is not yet ranked by it");
    expect(sentence).toContain("Ties share a rank.");
  });
});
