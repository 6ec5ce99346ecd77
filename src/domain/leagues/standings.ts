/**
 * A league group's order, how a tier is split into groups, and what it takes to move up
 * (docs/decisions/045-leagues.md). The refresh's SQL orders and groups the same way
 * (row_number() over the same keys); tests/integration/leagues.test.ts compares the two.
 */
import { LEAGUE_GROUP_SIZE, movePlaces, TOP_TIER, type TierLevel } from "./tiers";

export interface LeagueMember {
  userId: string;
  points: number;
  /** When the account was made: of two people with equal points the earlier joiner is ahead. */
  joinedAt: Date;
}

/** Points descending, then the earlier joiner, then the id (code-unit order, SQL's COLLATE "C"). */
export function compareMembers(a: LeagueMember, b: LeagueMember): number {
  if (a.points !== b.points) return b.points - a.points;
  const t = a.joinedAt.getTime() - b.joinedAt.getTime();
  if (t !== 0) return t;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** The group's places, 1..n, in `compareMembers` order (no shared places: ties are broken). */
export function rankGroup<T extends LeagueMember>(members: readonly T[]): Array<T & { rank: number }> {
  return [...members].sort(compareMembers).map((m, i) => ({ ...m, rank: i + 1 }));
}

/** How many groups a tier of `count` people is split into: as few as keep each at most LEAGUE_GROUP_SIZE. */
export const groupCount = (count: number): number => Math.max(1, Math.ceil(count / LEAGUE_GROUP_SIZE));

/**
 * The group (1-based) of the person at `position` (1-based) when `count` people of one tier are
 * ordered by last week's points: consecutive runs of nearly equal size, so people with similar
 * recent activity meet (the most active together, the quiet ones together). The SQL is
 * `floor((position − 1) × groups / count) + 1`.
 */
export function groupOfPosition(position: number, count: number): number {
  return Math.floor(((position - 1) * groupCount(count)) / count) + 1;
}

/**
 * Where a newcomer joining mid-week goes in their tier: the last group while it has room,
 * else new groups of LEAGUE_GROUP_SIZE. `order` is the newcomer's 1-based place among this
 * refresh's newcomers to that tier; `lastGroup` and `lastSize` describe the tier's last group
 * now (0 and 0 when the tier has none).
 */
export function newcomerGroup(order: number, lastGroup: number, lastSize: number): number {
  const room = lastGroup === 0 ? 0 : Math.max(0, LEAGUE_GROUP_SIZE - lastSize);
  if (order <= room) return lastGroup;
  return lastGroup + 1 + Math.floor((order - room - 1) / LEAGUE_GROUP_SIZE);
}

export type MoveUpHint =
  | { kind: "top-tier"; place: number }
  | { kind: "in-promotion"; place: number; lastPromotionPlace: number; lead: number | null }
  | { kind: "behind"; lastPromotionPlace: number; pointsBehind: number }
  | { kind: "need-points" }
  | { kind: "alone" };

/** "1st", "2nd", "3rd", "11th", "22nd": a place in words. */
export const ordinal = (n: number): string => {
  const rem100 = n % 100;
  const suffix = rem100 >= 11 && rem100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/**
 * What it takes to move up, for the person at `place` in their group (`points` the group's
 * points in place order). Behind: the points to reach the last promotion place's points —
 * plus one when that person wins the tie (they are ahead on equal points, compareMembers).
 */
export function moveUpHint(tier: TierLevel, place: number, points: readonly number[]): MoveUpHint {
  const size = points.length;
  const { promote } = movePlaces(tier, size);
  if (tier >= TOP_TIER) return { kind: "top-tier", place };
  if (promote === 0 || size === 0) return { kind: "alone" };
  const own = points[place - 1] ?? 0;
  if (place <= promote) {
    if (own <= 0) return { kind: "need-points" };
    const next = points[promote];
    return { kind: "in-promotion", place, lastPromotionPlace: promote, lead: next === undefined ? null : own - next };
  }
  const target = points[promote - 1] ?? 0;
  // Equal points: the person at the promotion place is ahead (earlier joiner), so one more is needed.
  return { kind: "behind", lastPromotionPlace: promote, pointsBehind: Math.max(1, target - own + 1) };
}

/** The hint in one sentence. */
export function moveUpSentence(hint: MoveUpHint, tierAbove: string | null): string {
  const points = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;
  switch (hint.kind) {
    case "top-tier":
      return `You are in the top tier. Finish in the upper part of your group to stay here.`;
    case "alone":
      return `Nobody else is in your group yet; points you earn now count when others join.`;
    case "need-points":
      return `You are in a promotion place: earn your first points this week to move up${tierAbove ? ` to ${tierAbove}` : ""}.`;
    case "in-promotion":
      return hint.lead === null
        ? `You are in a promotion place (${ordinal(hint.place)}): finish the week here to move up${tierAbove ? ` to ${tierAbove}` : ""}.`
        : `You are in a promotion place (${ordinal(hint.place)}), ${points(hint.lead)} ahead of ${ordinal(hint.lastPromotionPlace + 1)} place. Finish the week here to move up${tierAbove ? ` to ${tierAbove}` : ""}.`;
    case "behind":
      return `${points(hint.pointsBehind)} behind ${ordinal(hint.lastPromotionPlace)} place, the last promotion place${tierAbove ? ` (to ${tierAbove})` : ""}.`;
  }
}
