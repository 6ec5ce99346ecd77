/**
 * Experience points. Each lesson pays XP once for reading it and once for passing its quiz;
 * the pass award grows with the score of the person's first attempt, so getting it right
 * first time is worth more than retrying until it passes.
 */
export const READ_XP = 10;
export const PASS_XP_BASE = 20;
export const PASS_XP_FIRST_TRY_BONUS = 30;

/** @param firstAttemptScore 0..1, the score of the person's first attempt at this quiz. */
export function passXp(firstAttemptScore: number): number {
  const clamped = Math.min(1, Math.max(0, firstAttemptScore));
  return PASS_XP_BASE + Math.round(PASS_XP_FIRST_TRY_BONUS * clamped);
}

/**
 * Levels get steadily further apart: level n starts at 50·n·(n−1) XP
 * (level 1 at 0, 2 at 100, 3 at 300, 4 at 600, …).
 */
export function levelStart(level: number): number {
  return 50 * level * (level - 1);
}

export function levelFor(xp: number): { level: number; xpIntoLevel: number; xpForNextLevel: number } {
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (8 * Math.max(0, xp)) / 100)) / 2));
  // Guard the square root against rounding at the exact boundaries.
  while (levelStart(level + 1) <= xp) level += 1;
  while (level > 1 && levelStart(level) > xp) level -= 1;
  return { level, xpIntoLevel: xp - levelStart(level), xpForNextLevel: levelStart(level + 1) - levelStart(level) };
}
