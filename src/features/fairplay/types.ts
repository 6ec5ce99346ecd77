/**
 * What the fair-play review routes answer (GET /api/events/{slug}/flags, GET
 * /api/admin/fair-play/practice-flags), as zod schemas (docs/decisions/071): declared by the
 * routes, published, checked in the tests; the review page takes its types from them. No
 * server code here.
 */
import * as z from "zod/mini";
import { FLAG_KINDS } from "@/domain/fairplay";
import { instant, int } from "@/lib/api/answers";

export const flagStatus = z.enum(["open", "dismissed", "warned", "disqualified"]);
const personRef = z.object({ userId: z.string(), name: z.string() });

export const flagSide = z.object({
  flagId: z.string(),
  userId: z.string(),
  name: z.string(),
  status: flagStatus,
  reviewedAt: z.nullable(instant),
  reviewedBy: z.nullable(z.string()),
  reviewReason: z.nullable(z.string()),
});
export type FlagSide = z.output<typeof flagSide>;

export const flagItem = z.object({
  id: z.string(),
  kind: z.enum(FLAG_KINDS),
  title: z.string(),
  explanation: z.string(),
  /** A pair's: "open" while either side is, else the heavier answer. */
  status: flagStatus,
  person: personRef,
  counterpart: z.nullable(personRef),
  /** The detector's figures, orders, fills and times; its shape depends on `kind`. */
  evidence: z.record(z.string(), z.unknown()),
  /** People named in the evidence (shared address: the accounts), by id. */
  people: z.record(z.string(), z.string()),
  raisedAt: instant,
  updatedAt: instant,
  reviewedAt: z.nullable(instant),
  reviewedBy: z.nullable(z.string()),
  reviewReason: z.nullable(z.string()),
  /** A pair's flag (mirror trading): each account's own review, the person's first; null for one person. */
  sides: z.nullable(z.array(flagSide)),
});
export type FlagItem = z.output<typeof flagItem>;

/**
 * A review's outcome (POST /api/fair-play/flags/{id}; features/fairplay/server/flags.ts
 * `reviewFlag`): `id` and `disqualifiedAt` of the first account acted on, `reviewed` each one.
 */
const decidedStatus = z.enum(["dismissed", "warned", "disqualified"]);
export const flagReviewed = z.object({
  id: z.string(),
  status: decidedStatus,
  reviewedAt: instant,
  /** Null when dismissed without one. */
  reason: z.nullable(z.string()),
  disqualifiedAt: z.nullable(instant),
  reviewed: z.array(z.object({ id: z.string(), userId: z.string(), status: decidedStatus, disqualifiedAt: z.nullable(instant) })),
});

/** The practice board's flags (admins). */
export const practiceFlagsAnswer = z.object({ items: z.array(flagItem), open: int });
/** An event's flags (its organiser and admins), open first. */
export const eventFlagsAnswer = z.extend(practiceFlagsAnswer, { event: z.object({ slug: z.string(), title: z.string(), ended: z.boolean() }) });
export type FlagsAnswer = z.output<typeof practiceFlagsAnswer> & { event?: z.output<typeof eventFlagsAnswer>["event"] };
