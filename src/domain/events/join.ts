/**
 * Who may join an event, as one pure decision the join route makes inside its transaction
 * (with the participant count read under lock, so two last seats cannot both be taken).
 *
 * The order of the checks is part of the contract:
 *  1. Already joined → ok: joining again answers the same portfolio, even once the event
 *     has ended, so a double click or a retried request is harmless.
 *  2. Private event → the join code, before anything else: without it a person learns
 *     nothing about the event (not whether it ended, is full, or needs a lesson). A class
 *     contest's class members are invited (`invited`): the class is their code.
 *  3. EVENT_ENDED, then LATE_ENTRY_CLOSED: the doors that will never open again.
 *  4. EVENT_FULL: may change if a participant is removed, but the person cannot change it.
 *  5. LESSON_REQUIRED last: the one refusal the person can fix themselves, so it is only
 *     offered when passing the lesson would actually let them in.
 */
import { integer } from "@/lib/format";
import type { EventDefinition } from "./definition";
import { normalizeJoinCode } from "./codes";
import { eventPhase } from "./lifecycle";

export const JOIN_REFUSAL_CODES = ["JOIN_CODE_REQUIRED", "JOIN_CODE_INVALID", "EVENT_ENDED", "LATE_ENTRY_CLOSED", "EVENT_FULL", "LESSON_REQUIRED"] as const;
export type JoinRefusalCode = (typeof JOIN_REFUSAL_CODES)[number];

export interface JoinRefusal {
  ok: false;
  code: JoinRefusalCode;
  message: string;
  /** With LESSON_REQUIRED: the lesson to link to. */
  lessonId?: string;
}

export type JoinDecision = { ok: true } | JoinRefusal;

export interface JoinContext {
  now: Date;
  /** Current number of participants (read under lock by the caller). */
  participants: number;
  alreadyJoined: boolean;
  /** The code the person typed or the invite link carried; null/undefined when none. */
  codeGiven?: string | null;
  /** The event's current join code; null = the private event takes no one by code. */
  codeExpected: string | null;
  /** Whether the person passed `event.requiredLesson` (ignored when there is none). */
  lessonPassed: boolean;
  /** A member of a class contest's class (or enrolled by its teacher): no code needed. */
  invited?: boolean;
}

type JoinableEvent = Pick<EventDefinition, "startsAt" | "endsAt" | "visibility" | "lateEntry" | "maxParticipants" | "requiredLesson">;

const refuse = (code: JoinRefusalCode, message: string, extra: Partial<JoinRefusal> = {}): JoinRefusal => ({ ok: false, code, message, ...extra });

/** Compares in time independent of where the first difference is, so timing does not hint at a code. */
function sameCode(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export function checkJoin(event: JoinableEvent, context: JoinContext): JoinDecision {
  if (context.alreadyJoined) return { ok: true };

  if (event.visibility === "private" && !context.invited) {
    const given = normalizeJoinCode(context.codeGiven ?? "");
    if (given.length === 0) return refuse("JOIN_CODE_REQUIRED", "This is a private event: enter its join code to join.");
    if (context.codeExpected === null || !sameCode(given, normalizeJoinCode(context.codeExpected))) {
      return refuse("JOIN_CODE_INVALID", "That join code is not right. Check it with the organiser; codes can be changed.");
    }
  }

  const phase = eventPhase(event, context.now);
  if (phase === "ended") return refuse("EVENT_ENDED", "This event has ended; its final standings are on the leaderboard.");
  if (phase === "live" && !event.lateEntry) return refuse("LATE_ENTRY_CLOSED", "This event has started and does not take late entries.");
  if (event.maxParticipants !== null && context.participants >= event.maxParticipants) {
    return refuse("EVENT_FULL", `This event is full: it takes ${integer(event.maxParticipants)} participants.`);
  }
  if (event.requiredLesson !== null && !context.lessonPassed) {
    return refuse("LESSON_REQUIRED", "Pass the required lesson first; then you can join.", { lessonId: event.requiredLesson });
  }
  return { ok: true };
}
