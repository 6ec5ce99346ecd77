/**
 * The shipped lessons' examples use made-up companies, never the market's: a lesson that says
 * "Northwind Robotics at 24.00" while NWRB trades near 142 in the practice market reads as a
 * mistake (issue #12). The rule: no lesson text (body, quiz prompts, answers, explanations)
 * names an instrument of the bundled universe — its symbol, its name, or its name's first word
 * (the brand: "Northwind", "Harborline") — and a lesson whose examples name a company with a
 * ticker says that the company is made up.
 */
import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { curriculum } from "@/features/learn/content";
import type { SeedLesson } from "@/features/learn/content/types";

/** The product's own name begins one fund's name ("Tickerlab Total Market ETF"); lessons say "Tickerlab" all the time. */
const PRODUCT = "Tickerlab";

const lessons = curriculum.flatMap((course) => course.lessons);

function textOf(lesson: SeedLesson): string {
  return [lesson.title, lesson.body, ...lesson.questions.flatMap((q) => [q.prompt, ...q.options.flatMap((o) => [o.text, o.explanation])])].join("\n");
}

const word = (text: string, flags = "") => new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, `u${flags}`);

/** What a lesson must not contain, per universe instrument. */
const forbidden = BUNDLED_UNIVERSE.flatMap((i) => {
  const brand = i.name.split(" ")[0]!;
  return [
    { what: `the symbol ${i.symbol}`, pattern: word(i.symbol) },
    { what: `the name ${i.name}`, pattern: word(i.name, "i") },
    ...(brand === PRODUCT ? [] : [{ what: `the brand ${brand} (${i.name})`, pattern: word(brand, "i") }]),
  ];
});

/** "Orchard Robotics (ORCH)": a company named with its ticker, the way the examples introduce one. */
const COMPANY_WITH_TICKER = /\b[A-Z][a-z]+(?: [A-Z][a-z]+)* \(([A-Z]{2,5})\)/g;

describe("lesson examples and the market's instruments", () => {
  it("checks every shipped lesson", () => {
    expect(lessons.length).toBeGreaterThanOrEqual(12);
  });

  it.each(lessons.map((l) => [l.slug, l] as const))("%s names no instrument of the market", (_slug, lesson) => {
    const text = textOf(lesson);
    const found = forbidden.filter((f) => f.pattern.test(text)).map((f) => f.what);
    expect(found, `rename these in ${lesson.slug} to made-up companies that are not in src/domain/market/universe.ts`).toEqual([]);
  });

  it.each(lessons.map((l) => [l.slug, l] as const))("%s says its example companies are made up", (_slug, lesson) => {
    const companies = [...textOf(lesson).matchAll(COMPANY_WITH_TICKER)].map((m) => m[0]);
    if (companies.length === 0) return;
    expect(lesson.body, `${lesson.slug} names ${companies[0]}: its body should say the example company is made up`).toMatch(/\bmade-up\b/);
  });

  it("would catch the old example (a market company at another price)", () => {
    const text = "Imagine a fictional company, **Northwind Robotics (NWR)**, whose shares trade at 24.00.";
    expect(forbidden.filter((f) => f.pattern.test(text)).map((f) => f.what)).toEqual(["the name Northwind Robotics", "the brand Northwind (Northwind Robotics)"]);
    expect(forbidden.some((f) => f.pattern.test("Buy NWRB at 142.50"))).toBe(true);
  });
});
