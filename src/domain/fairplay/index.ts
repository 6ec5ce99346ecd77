/**
 * The fair-play monitor's rules (docs/decisions/046-fair-play-monitor.md): what each detector
 * counts as suspicious, as named thresholds, and the few pieces of arithmetic they need. The
 * detectors themselves are one SQL statement each (src/features/fairplay/server/detectors.ts)
 * and take their thresholds from here; nothing else decides what is suspicious.
 */

import { IMMEDIATE_SHARE_OF_ADV } from "../trading/liquidity";

export const FLAG_KINDS = [
  "implausible-return",
  "mirror-trading",
  "shared-address",
  "replay-boundary",
  "repeated-resets",
  "illiquid-sizing",
  "margin-call-edge",
  "bracket-wash",
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const REVIEW_DECISIONS = ["dismiss", "warn", "disqualify"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export type FlagStatus = "open" | "dismissed" | "warned" | "disqualified";

/** What each kind means, in words an organiser reads beside the evidence. */
export const FLAG_EXPLANATIONS: Record<FlagKind, { title: string; explanation: string }> = {
  "implausible-return": {
    title: "Implausible return",
    explanation: "This return is far outside what the other participants and the benchmark made in the same market over the same time.",
  },
  "mirror-trading": {
    title: "Mirror trading",
    explanation: "Two accounts took opposite sides of the same instrument within minutes, again and again: one account's gain is the other's loss, so one of them is sure to rise on the board.",
  },
  "shared-address": {
    title: "Several accounts from one address",
    explanation: "Several accounts joined this event from the same network address.",
  },
  "replay-boundary": {
    title: "Trading on the replay's next open",
    explanation: "Orders placed just before a replay trading day ended, on the side the next day's known opening price favoured, nearly every time.",
  },
  "repeated-resets": {
    title: "Repeated resets",
    explanation: "The practice portfolio was reset again and again while high on the practice board: a lucky streak is kept and every unlucky one erased.",
  },
  "illiquid-sizing": {
    title: "Orders sized to illiquid instruments",
    explanation:
      "Order after order for a large share of what a thinly traded instrument trades in a day. In a real market such an order moves the price against itself and takes days to fill; in a game it is the classic way to corner a stock. Here each filled in parts with market impact — check whether the person kept trying.",
  },
  "margin-call-edge": {
    title: "Trading at the edge of a margin call",
    explanation:
      "Orders that add to positions placed while a margin call stood, again and again, instead of meeting the call: a gamble on the deadline, with the engine's forced sales as the only limit.",
  },
  "bracket-wash": {
    title: "Washing a position through a bracket",
    explanation:
      "Bracket orders whose exit filled within minutes of the entry at almost the entry's price, again and again: trades that change nothing but the trade count.",
  },
};

/** Implausible return: a leave-one-out z-score at least this high… */
export const IMPLAUSIBLE_RETURN_Z = 4;
/** …and at least this much above the benchmark's return over the event (a fraction)… */
export const IMPLAUSIBLE_MIN_EXCESS = 0.25;
/** …with at least this many other participants to compare with. */
export const IMPLAUSIBLE_MIN_PEERS = 5;
/** The spread of the others' returns is taken as at least this (a calm field does not make 3 % implausible). */
export const IMPLAUSIBLE_MIN_SPREAD = 0.02;

/** Mirror trading: opposite fills on one instrument at most this far apart… */
export const MIRROR_WINDOW_MS = 5 * 60_000;
/** …with quantities within this fraction of each other… */
export const MIRROR_QUANTITY_TOLERANCE = 0.1;
/** …at least this many such pairs (an opening and a closing leg)… */
export const MIRROR_MIN_PAIRS = 2;
/** …making up at least this share of each account's fills. */
export const MIRROR_MIN_SHARE = 0.5;

/** Several accounts from one address: at least this many joined one event from it. */
export const SHARED_ADDRESS_MIN_ACCOUNTS = 3;

/** Replay boundary: an order filled in this last share of a replay trading day (its real time)… */
export const BOUNDARY_WINDOW_SHARE = 0.1;
/** …where the next day opened at least this far (a fraction) from the fill's price… */
export const BOUNDARY_MIN_GAP = 0.01;
/** …on the trader's side at least this many times… */
export const BOUNDARY_MIN_TRADES = 3;
/** …and on the trader's side in at least this share of such gapped fills. */
export const BOUNDARY_MIN_HIT_RATE = 0.8;

/** Repeated resets: at least this many practice resets… */
export const RESETS_MIN = 3;
/** …within this long… */
export const RESETS_WINDOW_MS = 7 * 86_400_000;
/** …while ranked this high or higher on a practice board. */
export const RESETS_TOP_RANK = 10;

/** Orders sized to illiquid instruments: an order for at least this share of its instrument's average daily volume (5× what fills at once)… */
export const ILLIQUID_MIN_SHARE_OF_ADV = 5 * IMMEDIATE_SHARE_OF_ADV;
/** …at least this many such orders in one event. */
export const ILLIQUID_MIN_ORDERS = 3;

/** Trading at the edge of a margin call: at least this many of the person's own orders placed while a call stood, one or more adding to positions (a buy or a short). */
export const MARGIN_EDGE_MIN_ORDERS = 3;

/** Washing through a bracket: an exit leg filled at most this long after its entry filled… */
export const BRACKET_WASH_WINDOW_MS = 15 * 60_000;
/** …at a price within this fraction of the entry's… */
export const BRACKET_WASH_MAX_MOVE = 0.0025;
/** …in at least this many brackets (or OTOs) of one event. */
export const BRACKET_WASH_MIN_GROUPS = 3;

/** A reviewer's reason: required to warn or disqualify (the person is shown it), at most this long. */
export const REVIEW_REASON_MAX = 500;

export interface ZScore {
  z: number;
  peerMean: number;
  peerSpread: number;
  peers: number;
}

/**
 * `value` against the others (`others` excludes it): how many spreads above their mean. The
 * spread is the others' sample standard deviation, at least `minSpread`. Null with fewer
 * than two others.
 */
export function leaveOneOutZ(value: number, others: readonly number[], minSpread = IMPLAUSIBLE_MIN_SPREAD): ZScore | null {
  const n = others.length;
  if (n < 2) return null;
  const mean = others.reduce((a, b) => a + b, 0) / n;
  const variance = others.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const spread = Math.max(Math.sqrt(variance), minSpread);
  return { z: (value - mean) / spread, peerMean: mean, peerSpread: spread, peers: n };
}

/** Whether a return is implausible: the rule the SQL detector applies, for one person. */
export function isImplausibleReturn(value: number, others: readonly number[], benchmarkReturn: number | null): boolean {
  const score = leaveOneOutZ(value, others);
  if (!score || score.peers < IMPLAUSIBLE_MIN_PEERS) return false;
  return score.z >= IMPLAUSIBLE_RETURN_Z && value - (benchmarkReturn ?? 0) >= IMPLAUSIBLE_MIN_EXCESS;
}

/** Whether two fills' quantities are close enough to mirror each other. */
export function quantitiesMirror(a: number, b: number): boolean {
  return a > 0 && b > 0 && Math.abs(a - b) <= MIRROR_QUANTITY_TOLERANCE * Math.max(a, b);
}

/** What a review does to a flag. */
export const STATUS_OF_DECISION: Record<ReviewDecision, Exclude<FlagStatus, "open">> = { dismiss: "dismissed", warn: "warned", disqualify: "disqualified" };

/**
 * A review's reason: trimmed; required (non-empty) to warn or disqualify, optional to dismiss.
 * Returns the reason to store, or the message for the `reason` field.
 */
export function reviewReason(decision: ReviewDecision, reason: string | null | undefined): { ok: true; reason: string | null } | { ok: false; message: string } {
  const trimmed = (reason ?? "").trim();
  if (trimmed.length > REVIEW_REASON_MAX) return { ok: false, message: `The reason can be at most ${REVIEW_REASON_MAX} characters.` };
  if (decision !== "dismiss" && trimmed.length === 0) return { ok: false, message: "Give a reason to warn or disqualify: the person is shown it." };
  return { ok: true, reason: trimmed.length > 0 ? trimmed : null };
}

/** A status the person concerned is told about, with the reviewer's reason. */
export const NOTIFIED_STATUSES: readonly FlagStatus[] = ["warned", "disqualified"];

/**
 * A candidate mirrored pair: a fill of one account (`a`) and an opposite fill of the other (`b`)
 * on the same instrument, close enough in time and quantity (the detector's SQL finds them).
 */
export interface MirrorCandidate {
  a: string;
  b: string;
  /** |a's time − b's time|, in milliseconds. */
  gapMs: number;
  /** a's time, in epoch milliseconds. */
  aAt: number;
}

/**
 * The mirrored pairs of two accounts, one to one: each fill belongs to at most one pair, the
 * closest in time first (then the earlier, then by id, so the answer never depends on the
 * order the database listed them). Nine quick fills each way within five minutes are nine
 * pairs, not the 36 combinations every buy and opposite sell form (issue #23 §3); the figures
 * shown and the list of pairs beside them are the same pairs.
 */
export function matchMirroredFills<T extends MirrorCandidate>(candidates: readonly T[]): T[] {
  const order = (x: T, y: T) => x.gapMs - y.gapMs || x.aAt - y.aAt || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0) || (x.b < y.b ? -1 : x.b > y.b ? 1 : 0);
  const usedA = new Set<string>();
  const usedB = new Set<string>();
  const pairs: T[] = [];
  for (const c of [...candidates].sort(order)) {
    if (usedA.has(c.a) || usedB.has(c.b)) continue;
    usedA.add(c.a);
    usedB.add(c.b);
    pairs.push(c);
  }
  return pairs.sort((x, y) => x.aAt - y.aAt || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0));
}

/** Whether two accounts' matched pairs make a mirror-trading flag: enough pairs, and most of each one's fills. */
export function isMirrorTrading(pairs: number, fillsOfA: number, fillsOfB: number): boolean {
  return pairs >= MIRROR_MIN_PAIRS && pairs >= MIRROR_MIN_SHARE * fillsOfA && pairs >= MIRROR_MIN_SHARE * fillsOfB;
}

/** Whom a review acts on: the flag's person, the other account of a pair, or both of them. */
export const REVIEW_TARGETS = ["person", "counterpart", "both"] as const;
export type ReviewTarget = (typeof REVIEW_TARGETS)[number];
