/**
 * Mirror trading's pairs are one to one (issue #23 §3, decision 067): nine quick fills each way
 * within five minutes are nine pairs — the review said "36 mirrored pairs" from 9 fills, every
 * combination of a buy and an opposite sell in the window.
 */
import { describe, expect, it } from "vitest";
import { isMirrorTrading, matchMirroredFills, MIRROR_WINDOW_MS, type MirrorCandidate } from "@/domain/fairplay";

const MINUTE = 60_000;

/** Every opposite pair of two accounts' fills within the window: what the detector's SQL lists. */
function candidates(a: Array<{ id: string; at: number; dir: 1 | -1 }>, b: Array<{ id: string; at: number; dir: 1 | -1 }>): MirrorCandidate[] {
  const out: MirrorCandidate[] = [];
  for (const x of a) for (const y of b) if (x.dir !== y.dir && Math.abs(x.at - y.at) <= MIRROR_WINDOW_MS) out.push({ a: x.id, b: y.id, gapMs: Math.abs(x.at - y.at), aAt: x.at });
  return out;
}

describe("mirrored pairs", () => {
  it("are one to one: nine quick fills each way, alternating buy and sell, are nine pairs, not every combination", () => {
    const a = Array.from({ length: 9 }, (_, i) => ({ id: `a${i}`, at: i * 20_000, dir: (i % 2 === 0 ? 1 : -1) as 1 | -1 }));
    const b = Array.from({ length: 9 }, (_, i) => ({ id: `b${i}`, at: i * 20_000 + 5_000, dir: (i % 2 === 0 ? -1 : 1) as 1 | -1 }));
    const all = candidates(a, b);
    expect(all.length).toBeGreaterThan(36);
    const pairs = matchMirroredFills(all);
    expect(pairs).toHaveLength(9);
    expect(new Set(pairs.map((p) => p.a)).size).toBe(9);
    expect(new Set(pairs.map((p) => p.b)).size).toBe(9);
    // Each fill with its own counterpart, the closest in time: a0 with b0, a1 with b1, …
    expect(pairs.map((p) => `${p.a}/${p.b}`)).toEqual(a.map((_, i) => `a${i}/b${i}`));
  });

  it("take the closest fill first and never use a fill twice; the list is in time order whatever order it came in", () => {
    const all: MirrorCandidate[] = [
      { a: "a1", b: "b1", gapMs: 4 * MINUTE, aAt: 0 },
      { a: "a1", b: "b2", gapMs: 1 * MINUTE, aAt: 0 },
      { a: "a2", b: "b2", gapMs: 2 * MINUTE, aAt: 3 * MINUTE },
      { a: "a2", b: "b1", gapMs: 1 * MINUTE, aAt: 3 * MINUTE },
    ];
    expect(matchMirroredFills(all).map((p) => `${p.a}/${p.b}`)).toEqual(["a1/b2", "a2/b1"]);
    expect(matchMirroredFills([...all].reverse())).toEqual(matchMirroredFills(all));
  });

  it("flag when there are at least two pairs and they are at least half of each account's fills", () => {
    expect(isMirrorTrading(2, 2, 2)).toBe(true);
    expect(isMirrorTrading(1, 1, 1)).toBe(false);
    expect(isMirrorTrading(2, 5, 2)).toBe(false);
    expect(isMirrorTrading(3, 6, 4)).toBe(true);
  });
});
