/** The audit writer never fails on what it is given: auditSafe makes any detail storable as jsonb. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isUnsafeText } from "@/lib/text";
import { AUDIT_LIMITS, auditSafe } from "@/server/audit";

function everyString(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => everyString(v, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      everyString(v, out);
    }
  return out;
}

describe("auditSafe", () => {
  it("replaces NUL and lone surrogates in values and keys, and cuts long strings", () => {
    const safe = auditSafe({ name: "a\u0000b", "k\ud800": "\udc00x", long: "x".repeat(1_000_000) }) as Record<string, string>;
    expect(safe.name).toBe("a\ufffdb");
    expect(safe["k\ufffd"]).toBe("\ufffdx");
    expect(safe.long!.length).toBe(AUDIT_LIMITS.string + 1);
  });

  it("turns what JSON cannot hold into something it can", () => {
    expect(auditSafe({ n: Number.NaN, i: Infinity, b: 10n, d: new Date("2030-01-01T00:00:00Z"), u: undefined, f: () => 1 })).toEqual({
      n: null,
      i: null,
      b: "10",
      d: "2030-01-01T00:00:00.000Z",
      f: null,
    });
  });

  it("bounds depth and breadth", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 50; i++) deep = { x: deep };
    expect(JSON.stringify(auditSafe(deep)).length).toBeLessThan(200);
    expect((auditSafe(Array.from({ length: 5000 }, (_, i) => i)) as unknown[]).length).toBe(AUDIT_LIMITS.entries);
  });

  it("leaves nothing the input rule would refuse, whatever it is given", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, s) => {
        const safe = auditSafe({ value, s, [s]: s });
        for (const text of everyString(safe)) expect(isUnsafeText(text)).toBe(false);
        expect(() => JSON.stringify(safe)).not.toThrow();
      }),
      { numRuns: 200, seed: 27 },
    );
  });
});
