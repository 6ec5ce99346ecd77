/**
 * Which edits an admin may make at each point of an event's life. Before the start every
 * rule is open (nobody has traded yet); once live, a change that would alter the game for
 * people already playing it is locked; once ended, the event is a record and nothing moves.
 *
 * Field names are the API's input names (as in validation errors), so the admin form can
 * disable exactly those inputs and show the reason beside each.
 *
 * Live decisions:
 * - Locked: startingCash, commissionFlat, commissionBps, allowShort, maxPositionPct,
 *   instruments, metric, startsAt, replay, requiredLesson, and the rules against gambling
 *   (minHoldings, maxTradesPerDay, minHoldMinutes, minSharePrice) — each changes what a trade
 *   costs, what is allowed, how people are ranked, or who was allowed in, after some
 *   people already played under the old rule.
 * - endsAt: may move, later or earlier, to any instant still in the future. Organisers
 *   need to give a class more time or close a contest early; what is never allowed is an
 *   end in the past, which would void trades already made "after" it.
 * - maxParticipants: may change, but not below the people already in (nobody is removed
 *   by an edit; removing a participant is its own audited action).
 * - title, description, visibility, lateEntry: open. They change who can still join or
 *   what the page says, not the game of those playing (a late joiner starts with the same
 *   starting cash whenever they join).
 */
import { integer } from "@/lib/format";
import type { EventDefinition } from "./definition";
import { eventPhase, type EventPhase } from "./lifecycle";

export const EVENT_FIELDS = [
  "title",
  "description",
  "startsAt",
  "endsAt",
  "startingCash",
  "commissionFlat",
  "commissionBps",
  "allowShort",
  "maxPositionPct",
  "instruments",
  "visibility",
  "lateEntry",
  "maxParticipants",
  "metric",
  "requiredLesson",
  "replay",
  "minHoldings",
  "maxTradesPerDay",
  "minHoldMinutes",
  "minSharePrice",
  "halfSpreadBps",
  "participationPct",
  "impact",
  "margin",
  "borrowFees",
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

export interface LockedChange {
  field: EventField;
  reason: string;
}

/** Why each rule is locked once the event is live (the admin page shows these). */
export const LIVE_LOCK_REASONS: Readonly<Partial<Record<EventField, string>>> = {
  startsAt: "The event has started; its start cannot move.",
  startingCash: "Participants already started with this cash; changing it would make their returns incomparable.",
  commissionFlat: "Trades were already charged this commission; a new one would treat later trades differently.",
  commissionBps: "Trades were already charged this commission; a new one would treat later trades differently.",
  allowShort: "Participants already trade with or without short selling; switching it changes the game mid-way.",
  maxPositionPct: "Participants already sized positions to this limit; changing it mid-way would be unfair.",
  instruments: "Participants already chose from these instruments; changing the list mid-way would be unfair.",
  metric: "The leaderboard already ranks by this metric; people played to it.",
  replay: "The replay is already playing; changing its data, start or speed would change every price seen so far.",
  requiredLesson: "People already joined under this requirement; changing it would let others in on different terms.",
  minHoldings: "Participants already built their portfolios to this rule; changing it mid-way would be unfair.",
  maxTradesPerDay: "Participants already planned their trades to this limit; changing it mid-way would be unfair.",
  minHoldMinutes: "Participants already bought expecting this holding time; changing it mid-way would be unfair.",
  minSharePrice: "Participants already chose shares under this price floor; changing it mid-way would be unfair.",
  halfSpreadBps: "Trades were already priced with this spread; a new one would treat later trades differently.",
  participationPct: "Large orders are already working at this participation limit; changing it mid-way would be unfair.",
  impact: "Trades were already priced with (or without) market impact; switching it changes the game mid-way.",
  margin: "Participants already borrowed (or planned without borrowing) under these margin terms; changing them mid-way would be unfair.",
  borrowFees: "Short sellers already paid (or did not pay) borrow fees; switching them mid-way would be unfair.",
};

export const ENDED_LOCK_REASON = "The event has ended: its rules and final standings are a record and cannot change.";
export const END_IN_PAST_REASON = "A live event's end can move, but only to a time that has not passed yet.";

export interface LockContext {
  now: Date;
  /** The number of participants now (maxParticipants cannot go below it). */
  participants: number;
}

/**
 * The fields locked outright in a phase, with the reason, for disabling form inputs before
 * anyone types. endsAt and maxParticipants stay open while live: their limits depend on the
 * new value (see `lockedChanges`).
 */
export function lockedFields(phase: EventPhase): Partial<Record<EventField, string>> {
  if (phase === "upcoming") return {};
  if (phase === "live") return { ...LIVE_LOCK_REASONS };
  return Object.fromEntries(EVENT_FIELDS.map((field) => [field, ENDED_LOCK_REASON]));
}

const sameInstant = (a: Date, b: Date) => a.getTime() === b.getTime();
function sameSet(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/** Which API fields differ between two definitions (instruments and datasets compared as sets). */
export function changedFields(before: EventDefinition, after: EventDefinition): EventField[] {
  const changed: Record<EventField, boolean> = {
    title: before.title !== after.title,
    description: before.description !== after.description,
    startsAt: !sameInstant(before.startsAt, after.startsAt),
    endsAt: !sameInstant(before.endsAt, after.endsAt),
    startingCash: before.startingCash !== after.startingCash,
    commissionFlat: before.commission.flat !== after.commission.flat,
    commissionBps: before.commission.bps !== after.commission.bps,
    allowShort: before.allowShort !== after.allowShort,
    maxPositionPct: before.maxPositionPct !== after.maxPositionPct,
    instruments: !sameSet(before.instruments, after.instruments),
    visibility: before.visibility !== after.visibility,
    lateEntry: before.lateEntry !== after.lateEntry,
    maxParticipants: before.maxParticipants !== after.maxParticipants,
    metric: before.metric !== after.metric,
    requiredLesson: before.requiredLesson !== after.requiredLesson,
    replay:
      before.replay === null || after.replay === null
        ? before.replay !== after.replay
        : before.replay.from !== after.replay.from || before.replay.speed !== after.replay.speed || !sameSet(before.replay.datasets, after.replay.datasets),
    minHoldings: before.minHoldings !== after.minHoldings,
    maxTradesPerDay: before.maxTradesPerDay !== after.maxTradesPerDay,
    minHoldMinutes: before.minHoldMinutes !== after.minHoldMinutes,
    minSharePrice: before.minSharePrice !== after.minSharePrice,
    halfSpreadBps: before.halfSpreadBps !== after.halfSpreadBps,
    participationPct: before.participationPct !== after.participationPct,
    impact: before.impact !== after.impact,
    margin: JSON.stringify(before.margin) !== JSON.stringify(after.margin),
    borrowFees: before.borrowFees !== after.borrowFees,
  };
  return EVENT_FIELDS.filter((field) => changed[field]);
}

function participantLimit(after: EventDefinition, context: LockContext): LockedChange | null {
  if (after.maxParticipants !== null && after.maxParticipants < context.participants) {
    return {
      field: "maxParticipants",
      reason: `${integer(context.participants)} people have already joined; the limit cannot go below that. Remove participants first if you must.`,
    };
  }
  return null;
}

/** The changes from `before` to `after` that a live event refuses, with a reason each; [] = allowed. */
export function lockedFieldsWhenLive(before: EventDefinition, after: EventDefinition, context: LockContext): LockedChange[] {
  const locked: LockedChange[] = [];
  for (const field of changedFields(before, after)) {
    const reason = LIVE_LOCK_REASONS[field];
    if (reason) locked.push({ field, reason });
    else if (field === "endsAt" && after.endsAt.getTime() <= context.now.getTime()) locked.push({ field, reason: END_IN_PAST_REASON });
    else if (field === "maxParticipants") {
      const limit = participantLimit(after, context);
      if (limit) locked.push(limit);
    }
  }
  return locked;
}

/** Every change to an ended event is refused: the record is final. */
export function lockedFieldsWhenEnded(before: EventDefinition, after: EventDefinition): LockedChange[] {
  return changedFields(before, after).map((field) => ({ field, reason: ENDED_LOCK_REASON }));
}

/**
 * The edit check for whatever phase the event is in now (`before`'s phase at `now`).
 * Upcoming events take every change except a participant limit below those already in.
 */
export function lockedChanges(before: EventDefinition, after: EventDefinition, context: LockContext): LockedChange[] {
  const phase = eventPhase(before, context.now);
  if (phase === "ended") return lockedFieldsWhenEnded(before, after);
  if (phase === "live") return lockedFieldsWhenLive(before, after, context);
  const changed = changedFields(before, after);
  const limit = changed.includes("maxParticipants") ? participantLimit(after, context) : null;
  return limit ? [limit] : [];
}
