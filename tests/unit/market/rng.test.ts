import { describe, expect, it } from "vitest";
import { createRng, cyrb128, Rng, RngStateError, seedRng } from "@/domain/market";
import { mean, variance } from "./stats";

const draws = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextUint32());

describe("the seeded random number generator", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    expect(draws(createRng("tickerlab"), 50)).toEqual(draws(createRng("tickerlab"), 50));
    expect(draws(createRng("tickerlab"), 50)).not.toEqual(draws(createRng("tickerlab!"), 50));
  });

  it("never changes its sequence for a seed, or stored markets would fork after an upgrade", () => {
    // Values from the published cyrb128 and sfc32 code (15 warm-up draws), run separately.
    expect(cyrb128("apples")).toEqual([1353502818, 2189370424, 187770103, 4227467030]);
    expect(draws(createRng("tickerlab"), 4)).toEqual([3180852925, 583216699, 778926192, 3143405415]);
  });

  it("resumes exactly where it stopped from a stored (JSON) state", () => {
    const uninterrupted = createRng("resume");
    const first = draws(uninterrupted, 10);
    const rest = [...draws(uninterrupted, 5), uninterrupted.normal(), uninterrupted.next()];

    const interrupted = createRng("resume");
    expect(draws(interrupted, 10)).toEqual(first);
    const stored = JSON.parse(JSON.stringify(interrupted.state()));
    const resumed = new Rng(stored);
    expect([...draws(resumed, 5), resumed.normal(), resumed.next()]).toEqual(rest);
  });

  it("draws uniforms in [0, 1) with mean one half", () => {
    const rng = createRng("uniform");
    const values = Array.from({ length: 100_000 }, () => rng.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 2);
  });

  it("draws standard normals: mean 0, variance 1, about 95 % within ±1.96", () => {
    const rng = createRng("normal");
    const values = Array.from({ length: 100_000 }, () => rng.normal());
    expect(Math.abs(mean(values))).toBeLessThan(0.02);
    expect(variance(values)).toBeGreaterThan(0.98);
    expect(variance(values)).toBeLessThan(1.02);
    const inside = values.filter((v) => Math.abs(v) < 1.96).length / values.length;
    expect(inside).toBeGreaterThan(0.945);
    expect(inside).toBeLessThan(0.955);
  });

  it("draws Poisson counts with the asked mean, and none at mean zero", () => {
    const rng = createRng("poisson");
    const counts = Array.from({ length: 50_000 }, () => rng.poisson(0.3));
    expect(mean(counts)).toBeGreaterThan(0.29);
    expect(mean(counts)).toBeLessThan(0.31);
    expect(Array.from({ length: 1000 }, () => rng.poisson(0)).every((k) => k === 0)).toBe(true);
    expect(() => rng.poisson(-1)).toThrow(RangeError);
  });

  it("refuses a state that is not four 32-bit words", () => {
    expect(() => new Rng([1, 2, 3] as unknown as [number, number, number, number])).toThrow(RngStateError);
    expect(() => new Rng([1, 2, 3, 2 ** 32])).toThrow(RngStateError);
    expect(() => new Rng([1, 2, 3, 1.5])).toThrow(RngStateError);
    expect(seedRng("x")).toHaveLength(4);
  });
});
