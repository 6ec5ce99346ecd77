/**
 * The input rule and the stored-text rule (src/lib/text.ts, docs/decisions/027), the zod text
 * field every stored text uses, and the schemas and domain rules that adopted it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnsafeText, hasForbiddenCharacters, isUnsafeText, textProblem, toSafeText } from "@/lib/text";
import { displayNameSchema } from "@/lib/validation/account";
import { fieldErrors } from "@/lib/validation/field-errors";
import { courseInputSchema, lessonInputSchema, questionInputSchema } from "@/lib/validation/learn";
import { textField } from "@/lib/validation/text";
import { instrumentProblems } from "@/domain/market";
import { validateEventDefinition } from "@/domain/events";

const HIGH = "\ud83d";
const LOW = "\ude00";

describe("the input rule", () => {
  it("refuses NUL and lone surrogates, and accepts a surrogate pair, emoji and accents", () => {
    expect(isUnsafeText("a\u0000b")).toBe(true);
    expect(isUnsafeText(`x${HIGH}`)).toBe(true);
    expect(isUnsafeText(`${HIGH}x`)).toBe(true);
    expect(isUnsafeText(`${LOW}x`)).toBe(true);
    expect(isUnsafeText(`x${LOW}${HIGH}`)).toBe(true);
    expect(isUnsafeText(`${HIGH}${LOW} 😀 Zoë, 東京`)).toBe(false);
    // Other control characters are the stored-text rule's business, not the input rule's.
    expect(isUnsafeText("tab\there\nnew line\u0001")).toBe(false);
  });

  it("agrees with String.prototype.isWellFormed (plus NUL) on any string", () => {
    const isWellFormed = (s: string) => (String.prototype as unknown as { isWellFormed: (this: string) => boolean }).isWellFormed.call(s);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(isUnsafeText(s)).toBe(!isWellFormed(s) || s.includes("\u0000"));
      }),
      { numRuns: 500, seed: 27 },
    );
  });

  it("names the first string that breaks it, in values and keys, at any depth", () => {
    expect(findUnsafeText({ a: "fine", b: [1, true, null, { c: "bad\u0000" }] })).toBe("b.3.c");
    expect(findUnsafeText({ [`k${HIGH}`]: "v" })).toBe("_");
    expect(findUnsafeText({ outer: { [`k\u0000`]: 1 } })).toBe("outer._");
    expect(findUnsafeText("\u0000")).toBe("");
    expect(findUnsafeText(["ok", ["ok", LOW]])).toBe("1.1");
    expect(findUnsafeText({ a: "x", b: { c: ["y", 2] } })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
    expect(findUnsafeText(42)).toBeNull();
  });

  it("refuses nesting deeper than 32 levels rather than walking it", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
    let shallow: unknown = "leaf";
    for (let i = 0; i < 20; i++) shallow = { x: shallow };
    expect(findUnsafeText(shallow)).toBeNull();
  });
});

describe("the stored-text rule", () => {
  it("bounds the length and refuses control characters; multi-line text keeps tabs and line breaks", () => {
    expect(textProblem("", { min: 1, max: 5 })).toBe("too-short");
    expect(textProblem("abcdef", { max: 5 })).toBe("too-long");
    expect(textProblem("abcde", { max: 5 })).toBeNull();
    for (const c of ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\t", "\n", "\r"]) expect(textProblem(`a${c}b`, { max: 10 }), JSON.stringify(c)).toBe("characters");
    for (const c of ["\t", "\n", "\r"]) expect(textProblem(`a${c}b`, { max: 10, multiline: true })).toBeNull();
    for (const c of ["\u0000", "\u000b", "\u001b", "\u007f"]) expect(hasForbiddenCharacters(`a${c}b`, { multiline: true }), JSON.stringify(c)).toBe(true);
    expect(textProblem(`a${HIGH}`, { max: 10, multiline: true })).toBe("characters");
  });

  it("makes any string storable: NUL and lone surrogates replaced, cut without splitting a pair", () => {
    expect(toSafeText(`a\u0000b${HIGH}c${LOW}`, 100)).toBe("a\ufffdb\ufffdc\ufffd");
    expect(toSafeText("😀😀😀", 3)).toBe("😀…");
    expect(toSafeText("abcdef", 3)).toBe("abc…");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 50 }), fc.integer({ min: 1, max: 60 }), (s, max) => {
        const safe = toSafeText(s, max);
        expect(isUnsafeText(safe)).toBe(false);
        expect(safe.length).toBeLessThanOrEqual(max + 1);
      }),
      { numRuns: 1000, seed: 27 },
    );
  });
});

describe("textField, the zod text field", () => {
  const name = textField({ min: 1, max: 10, required: "Give a name." });

  it("trims, then checks length and characters with the field's messages", () => {
    expect(name.parse("  Ann  ")).toBe("Ann");
    expect(fieldErrors(name.safeParse(" ").error!)).toEqual({ _: "Give a name." });
    expect(fieldErrors(name.safeParse(3).error!)).toEqual({ _: "Give a name." });
    expect(fieldErrors(name.safeParse("x".repeat(11)).error!)).toEqual({ _: "Use at most 10 characters." });
    expect(fieldErrors(name.safeParse("a\u0000b").error!)).toEqual({ _: "Use letters, numbers and punctuation only." });
    expect(textField({ max: 10, trim: false }).parse("  x")).toBe("  x");
  });

  it("does not stop the enclosing object's own checks (every message of a form at once)", () => {
    const question = { prompt: "Q", options: [{ text: "", correct: false, explanation: "x" }, { text: "b", correct: false, explanation: "" }] };
    expect(fieldErrors(questionInputSchema.safeParse(question).error!)).toEqual({
      options: "Mark at least one answer as correct.",
      "options.0.text": "Enter the answer's text.",
      "options.1.explanation": "Explain why this answer is right or wrong.",
    });
  });

  it("is the rule of every stored text: display names, course and lesson texts", () => {
    expect(displayNameSchema.safeParse("Ann\u0007").success).toBe(false);
    expect(courseInputSchema.safeParse({ slug: "ok", title: "A\u001bB" }).success).toBe(false);
    expect(courseInputSchema.safeParse({ slug: "ok", title: "Fine", summary: "two\nlines" }).success).toBe(true);
    const lesson = { slug: "ok", title: "T", body: "# Hi\n\n\tcode", passMark: 50, unlocks: null, published: false, questions: [] };
    expect(lessonInputSchema.safeParse(lesson).success).toBe(true);
    expect(fieldErrors(lessonInputSchema.safeParse({ ...lesson, body: "bell\u0007" }).error!)).toEqual({ body: "The lesson contains characters that cannot be shown." });
  });

  it("holds in the domain's own rules: instruments and events", () => {
    const instrument = { symbol: "OKAY", name: "Okay Corp", sector: "Technology", kind: "stock" as const, startingPrice: "10.00", drift: 0, volatility: 0.3, beta: 0, sectorLoading: 0, averageDailyVolume: 1000 };
    expect(instrumentProblems(instrument)).toEqual([]);
    expect(instrumentProblems({ ...instrument, sector: "x".repeat(1_000_000) })).toEqual(["OKAY: the sector is longer than 40 characters."]);
    expect(instrumentProblems({ ...instrument, name: "x".repeat(81) })).toEqual(["OKAY: the name is longer than 80 characters."]);
    expect(instrumentProblems({ ...instrument, name: "bad\u0000" })).toEqual(["OKAY: the name may hold letters, numbers and punctuation only."]);
    const event = { title: "Spring cup", startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-02T00:00:00Z", startingCash: "1000.00", visibility: "public" as const };
    expect(validateEventDefinition(event).ok).toBe(true);
    expect(validateEventDefinition({ ...event, title: `Spring ${HIGH}cup` }).ok).toBe(false);
    expect(validateEventDefinition({ ...event, description: "line\n\tbreak" }).ok).toBe(true);
  });
});
