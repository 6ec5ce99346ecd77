import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CodeEntropyError,
  generateJoinCode,
  generatePassword,
  generateUsername,
  JOIN_CODE_ALPHABET,
  READABLE_ALPHABET,
  readableCode,
  USERNAME_PATTERN,
} from "@/lib/readable-codes";

const LOOK_ALIKES = /[0O1lIio]/;

describe("readable codes", () => {
  it("use alphabets without the look-alikes 0/O, 1/l/I (and o, i in lower case)", () => {
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(READABLE_ALPHABET).not.toMatch(LOOK_ALIKES);
    expect(READABLE_ALPHABET).toHaveLength(31);
    expect(new Set(READABLE_ALPHABET).size).toBe(READABLE_ALPHABET.length);
  });

  it("skip the bytes that would favour the first characters of a 31-character alphabet", () => {
    // 248 = 8 × 31: bytes 248…255 are skipped, so each character has exactly 8 bytes behind it.
    expect(readableCode(new Uint8Array([248, 255, 0, 30, 31, 247]), 4, READABLE_ALPHABET)).toBe("2z2z");
    expect(readableCode(new Uint8Array([0, 1, 2]), 3, READABLE_ALPHABET)).toBe("234");
  });

  it("refuse too few usable bytes from a fixed array, and ask a source for more", () => {
    expect(() => readableCode(new Uint8Array([250, 251, 0]), 2, READABLE_ALPHABET)).toThrow(CodeEntropyError);
    const asked: number[] = [];
    const source = (count: number) => {
      asked.push(count);
      // The first call is all skipped bytes; the second gives usable ones.
      return asked.length === 1 ? new Uint8Array(count).fill(255) : new Uint8Array(count).fill(5);
    };
    expect(readableCode(source, 3, READABLE_ALPHABET)).toBe("777");
    expect(asked.length).toBe(2);
  });

  it("make usernames of 8 readable characters that are never an email address", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        const username = generateUsername((n) => bytes.slice(0, n).map((b) => b % 248));
        expect(username).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
        expect(username).toMatch(USERNAME_PATTERN);
        expect(username).not.toContain("@");
      }),
    );
  });

  it("make passwords of three groups of four readable characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        const password = generatePassword((n) => bytes.slice(0, n).map((b) => b % 248));
        expect(password).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{4}(-[23456789abcdefghjkmnpqrstuvwxyz]{4}){2}$/);
        expect(password).not.toMatch(LOOK_ALIKES);
      }),
    );
  });

  it("share one generator with join codes, which stay as they were (5 bits of a byte each)", () => {
    expect(generateJoinCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe("23456789");
    expect(generateJoinCode(new Uint8Array([31, 32, 255, 8, 9, 10, 11, 12]))).toBe("Z2ZABCDE");
  });

  it("draw each character equally often from real randomness (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      for (const c of generatePassword((n) => crypto.getRandomValues(new Uint8Array(n))).replace(/-/g, "")) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    // 60,000 characters. Unbiased, the first 8 of the alphabet get 8/31 of them: 15,484 (sd ≈ 107).
    // Taking byte % 31 without skipping 248…255 would give them 9/256 each: 16,875.
    const firstEight = [...READABLE_ALPHABET.slice(0, 8)].reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);
    expect(Math.abs(firstEight - (60_000 * 8) / 31)).toBeLessThan(450);
  });
});
