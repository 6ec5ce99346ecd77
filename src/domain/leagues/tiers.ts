/**
 * League tiers and what a week's place does to a person's tier (docs/decisions/045-leagues.md).
 * Five tiers, lowest first; a group holds at most LEAGUE_GROUP_SIZE people; at the week's end
 * the top places of a group move up a tier and the bottom places move down, as many as
 * `movePlaces` says for the group's size.
 */

export const LEAGUE_TIERS = ["bronze", "silver", "gold", "sapphire", "diamond"] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];
/** A tier's number: 0 is the lowest (where everybody starts), TOP_TIER the highest. */
export type TierLevel = number;
export const TOP_TIER: TierLevel = LEAGUE_TIERS.length - 1;

const TIER_NAMES: Record<LeagueTier, string> = {
  bronze: "Bronze",
  silver: "Silver",
  gold: "Gold",
  sapphire: "Sapphire",
  diamond: "Diamond",
};

export function tierName(level: TierLevel): string {
  const tier = LEAGUE_TIERS[Math.max(0, Math.min(TOP_TIER, level))]!;
  return TIER_NAMES[tier];
}

/** The most people one league group holds; a tier with more is split into groups of about this size. */
export const LEAGUE_GROUP_SIZE = 30;
/** In a full group: this many move up, this many move down. */
export const LEAGUE_MOVES = 5;

/**
 * How many places of a group of `size` people in `tier` move up and down: one sixth of the
 * group rounded up (5 of 30, 2 of 12, 1 of 3), at most LEAGUE_MOVES; none up from the top
 * tier, none down from the lowest; the two never overlap (in a group of one the only person
 * may move up, not also down).
 */
export function movePlaces(tier: TierLevel, size: number): { promote: number; demote: number } {
  if (size <= 0) return { promote: 0, demote: 0 };
  const each = Math.min(LEAGUE_MOVES, Math.ceil(size / 6));
  const promote = tier >= TOP_TIER ? 0 : each;
  const demote = tier <= 0 ? 0 : Math.min(each, size - promote);
  return { promote, demote };
}

export type Move = "up" | "down" | "stay";

/**
 * What a final place does: a promotion place moves up only with points (a week without any
 * never promotes); a demotion place moves down.
 */
export function moveOf(tier: TierLevel, rank: number, size: number, points: number): Move {
  const { promote, demote } = movePlaces(tier, size);
  if (rank <= promote && points > 0) return "up";
  if (rank > size - demote) return "down";
  return "stay";
}

export function nextTier(tier: TierLevel, move: Move): TierLevel {
  return move === "up" ? Math.min(TOP_TIER, tier + 1) : move === "down" ? Math.max(0, tier - 1) : tier;
}
