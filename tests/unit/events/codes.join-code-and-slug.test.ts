import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatJoinCode, generateJoinCode, JOIN_CODE_ALPHABET, CodeEntropyError, normalizeJoinCode, slugify } from "@/domain/events";
import { slugSchema } from "@/lib/validation/learn";

describe("join codes", () => {
  it("are 8 characters from an alphabet without 0, O, 1 or I", () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(generateJoinCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe("23456789");
    expect(generateJoinCode(new Uint8Array([31, 32, 255, 8, 9, 10, 11, 12]))).toBe("Z2ZABCDE");
  });

  it("refuse too few random bytes rather than make a short, guessable code", () => {
    expect(() => generateJoinCode(new Uint8Array(7))).toThrow(CodeEntropyError);
  });

  it("are read back whatever the case, spaces or dash, and shown as ABCD-EFGH", () => {
    expect(normalizeJoinCode(" abcd-efgh ")).toBe("ABCDEFGH");
    expect(formatJoinCode("abcdefgh")).toBe("ABCD-EFGH");
  });

  it("come out of any bytes as 8 characters of the alphabet (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 16 }), (bytes) => {
        const code = generateJoinCode(bytes);
        expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
        expect(normalizeJoinCode(formatJoinCode(code))).toBe(code);
      }),
    );
  });
});

describe("slugs from titles", () => {
  it.each([
    ["Spring Cup 2026", undefined, "spring-cup-2026"],
    ["  Crash of '08 — replay!  ", undefined, "crash-of-08-replay"],
    ["Café Börse Ærø Straße", undefined, "cafe-borse-aero-strasse"],
    ["Spring Cup", 2, "spring-cup-2"],
    ["Spring Cup", "x7k", "spring-cup-x7k"],
    ["€€€", undefined, "event"],
    ["€€€", 3, "event-3"],
    ["A", undefined, "event-a"],
  ])("%s (suffix %s) → %s", (title, suffix, slug) => {
    expect(slugify(title, suffix)).toBe(slug);
  });

  it("stay within 60 characters, keeping the suffix whole", () => {
    const long = "The Great Investment Club Championship of the Northern Hemisphere Schools";
    expect(slugify(long)).toBe("the-great-investment-club-championship-of-the-northern-hemis");
    // A cut that lands on a dash drops it rather than end the address with one.
    expect(slugify(`${"a".repeat(59)} b`)).toBe("a".repeat(59));
    expect(slugify(long, 12).endsWith("-12")).toBe(true);
    expect(slugify(long, 12).length).toBeLessThanOrEqual(60);
  });

  it("are always valid address names (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), fc.option(fc.oneof(fc.nat(), fc.string({ maxLength: 80 })), { nil: undefined }), (title, suffix) => {
        const slug = slugify(title, suffix);
        expect(slug.length).toBeLessThanOrEqual(60);
        expect(slugSchema.safeParse(slug).success).toBe(true);
      }),
    );
  });
});
