/**
 * A shipped lesson's link into the app reaches a page: the lessons on volatility, dividends and
 * diversification point at "How this market works" (issue #21 §4), and a renamed or moved page
 * must not leave them pointing at a 404.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { curriculum } from "@/features/learn/content";

const pages = path.resolve(import.meta.dirname, "../../../src/pages");
const lessons = curriculum.flatMap((course) => course.lessons);

/** The app paths a Markdown text links to: `[text](/path)`. */
function appLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/[^)\s#?]*)/g)].map((m) => m[1]!);
}

function pageExists(route: string): boolean {
  const file = path.join(pages, route);
  return [".tsx", "/index.tsx"].some((suffix) => fs.existsSync(file + suffix));
}

describe("links in the shipped lessons", () => {
  it("point at pages that exist", () => {
    const links = lessons.flatMap((lesson) => appLinks(lesson.body).map((link) => ({ lesson: lesson.slug, link })));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter(({ link }) => !pageExists(link))).toEqual([]);
  });

  it("send the lessons on volatility, dividends and diversification to how the market works", () => {
    const linking = lessons.filter((lesson) => appLinks(lesson.body).includes("/portfolio/market/how-it-works")).map((l) => l.slug);
    expect(linking).toEqual(expect.arrayContaining(["what-is-a-share", "risk-and-return", "diversification"]));
  });
});
