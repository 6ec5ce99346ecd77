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
 * The fewest people a league starts with: a top, a middle and a bottom place (in a middle tier
 * one moves up, one stays, one moves down). No league ever starts with fewer: its people wait
 * (newcomers) or are merged into a neighbouring tier (the rollover, `settleTiers`) until there
 * are enough (issue #23 §4). A league that shrinks during its week (people leave) plays on.
 */
export const LEAGUE_MIN_SIZE = 3;

/**
 * Where a newcomer joining mid-week goes in their tier: the last group while it has room; past
 * it, the newcomers of this refresh who do not fit (`overflow` of them) start new groups only
 * when there are at least LEAGUE_MIN_SIZE of them, split into as few groups of at most
 * LEAGUE_GROUP_SIZE as hold them, of nearly equal size (as `groupOfPosition` splits a tier);
 * fewer wait for the next refresh (null). `order` is the newcomer's 1-based place among this
 * refresh's newcomers to that tier; `lastGroup` and `lastSize` describe the tier's last group
 * now (0 and 0 when the tier has none); `count` is how many newcomers that tier has now.
 */
export function newcomerGroup(order: number, lastGroup: number, lastSize: number, count: number): number | null {
  const room = lastGroup === 0 ? 0 : Math.max(0, LEAGUE_GROUP_SIZE - lastSize);
  if (order <= room) return lastGroup;
  const overflow = count - room;
  if (overflow < LEAGUE_MIN_SIZE) return null;
  return lastGroup + groupOfPosition(order - room, overflow);
}

/**
 * The tier a newcomer joins: the tier they last had (the lowest the first time) when their scope
 * has a league in it this week, else the nearest tier that has one (the lower of two as near), so
 * a returning person is not left alone in a tier nobody else reached; with no league in the
 * scope at all, their own.
 */
export function newcomerTier(lastTier: TierLevel, tiersWithLeagues: readonly TierLevel[]): TierLevel {
  if (tiersWithLeagues.length === 0) return lastTier;
  return [...tiersWithLeagues].sort((a, b) => Math.abs(a - lastTier) - Math.abs(b - lastTier) || a - b)[0]!;
}

/**
 * Where each person of one scope plays in the week the rollover starts, from the tier they had
 * (`from`) and the tier their place moved them to (`to`), so that no league starts with fewer
 * than LEAGUE_MIN_SIZE:
 *  1. a move into a tier fewer than that many reach waits: the person stays in the tier they had;
 *  2. a tier still too small then merges into the nearest tier that has enough (the lower of two
 *     as near); when no tier has enough, everyone plays in the fullest tier (the lower on a tie)
 *     if they are enough together, else nobody starts (null: they wait, and join as newcomers at
 *     their next activity).
 */
export function settleTiers(people: ReadonlyArray<{ from: TierLevel; to: TierLevel }>): Array<TierLevel | null> {
  const counts = (tiers: readonly TierLevel[]) => {
    const n = new Map<TierLevel, number>();
    for (const t of tiers) n.set(t, (n.get(t) ?? 0) + 1);
    return n;
  };
  const reached = counts(people.map((p) => p.to));
  const stayed = people.map((p) => (reached.get(p.to)! < LEAGUE_MIN_SIZE ? p.from : p.to));
  const settled = counts(stayed);
  const enough = [...settled].filter(([, n]) => n >= LEAGUE_MIN_SIZE).map(([t]) => t);
  if (enough.length === 0) {
    if (people.length < LEAGUE_MIN_SIZE) return people.map(() => null);
    const fullest = [...settled].sort(([ta, na], [tb, nb]) => nb - na || ta - tb)[0]![0];
    return people.map(() => fullest);
  }
  return stayed.map((t) => (settled.get(t)! >= LEAGUE_MIN_SIZE ? t : newcomerTier(t, enough)));
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
