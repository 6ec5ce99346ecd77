import { describe, expect, it } from "vitest";
import { levelFor, passXp, READ_XP } from "@/domain/learning";

describe("XP", () => {
  it("pays more for passing when the first attempt scored higher", () => {
    expect(passXp(1)).toBe(50);
    expect(passXp(0.75)).toBe(43);
    expect(passXp(0)).toBe(20);
    expect(passXp(1)).toBeGreaterThan(passXp(0.5));
    expect(READ_XP).toBe(10);
  });

  it("clamps impossible scores", () => {
    expect(passXp(3)).toBe(50);
    expect(passXp(-1)).toBe(20);
  });

  it.each([
    [0, 1, 0, 100],
    [99, 1, 99, 100],
    [100, 2, 0, 200],
    [299, 2, 199, 200],
    [300, 3, 0, 300],
    [600, 4, 0, 400],
    [59_999, 35, 499, 3_500],
  ])("%i XP is level %i (%i into it, %i to the next)", (xp, level, into, next) => {
    expect(levelFor(xp)).toEqual({ level, xpIntoLevel: into, xpForNextLevel: next });
  });
});
