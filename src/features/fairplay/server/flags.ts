/**
 * Fair-play flags for the people who review them and the person they concern
 * (docs/decisions/046-fair-play-monitor.md). An event's flags are seen and reviewed by whoever
 * manages it (`managesEvent`: its organiser, every teacher of a class contest's class, admins);
 * practice-board flags by admins. Anyone else gets the
 * 404 of an event they cannot manage. A review — dismiss, warn, disqualify — is audited; warn
 * and disqualify need a reason, which the person is shown; a disqualification is final.
 */
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { failures, isDomainError } from "@/domain/errors";
import { FLAG_EXPLANATIONS, type FlagKind, type FlagStatus, NOTIFIED_STATUSES, reviewReason, STATUS_OF_DECISION } from "@/domain/fairplay";
import { disqualifyParticipant, managesEvent } from "@/features/events";
import { hasRole } from "@/lib/roles";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { events, fairplayFlags, users } from "@/server/db/schema";
import type { ReviewFlagInput } from "./schemas";

export interface FlagViewer {
  id: string;
  role?: string | null;
}

const NO_EVENT = "There is no such event.";
const NO_FLAG = "There is no such flag.";

const isAdmin = (viewer: FlagViewer) => hasRole(viewer.role, "admin");

/** Whether the viewer reviews the event's flags: whoever manages it (its organiser, a teacher of a class contest's class, an admin). */
const reviews = (db: DbOrTx, viewer: FlagViewer, event: { createdBy: string | null; classId: string | null }) => managesEvent(db, event, { id: viewer.id, role: viewer.role ?? undefined });

/** The event, if the viewer may review its flags; else 404. */
async function reviewableEvent(db: DbOrTx, viewer: FlagViewer, slug: string) {
  const [event] = await db.select({ id: events.id, slug: events.slug, title: events.title, createdBy: events.createdBy, classId: events.classId, finalizedAt: events.finalizedAt }).from(events).where(eq(events.slug, slug));
  if (!event || !(await reviews(db, viewer, event))) throw failures.notFound(NO_EVENT);
  return event;
}

export interface PersonRef {
  userId: string;
  name: string;
}

export interface FlagView {
  id: string;
  kind: FlagKind;
  title: string;
  explanation: string;
  status: FlagStatus;
  person: PersonRef;
  counterpart: PersonRef | null;
  evidence: Record<string, unknown>;
  /** People named in the evidence (shared address: the accounts), by id. */
  people: Record<string, string>;
  raisedAt: string;
  updatedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  reviewReason: string | null;
  /**
   * A pair's flag (mirror trading): each account's own review — its flag id, status and reason —
   * the person's first. The two accounts' flags are shown as this one flag of the pair; its
   * `status` is "open" while either side is, else the heavier answer. Null for a flag on one person.
   */
  sides: FlagSide[] | null;
}

export interface FlagSide {
  flagId: string;
  userId: string;
  name: string;
  status: FlagStatus;
  reviewedAt: string | null;
  reviewedBy: string | null;
  reviewReason: string | null;
}

const WEIGHT: Record<FlagStatus, number> = { open: 3, disqualified: 2, warned: 1, dismissed: 0 };

/**
 * One flag per pair of people (issue #23 §3): each account of a mirror-trading pair has its own
 * flag row (its review, its notice), and the review page shows the two as one — the first met
 * (open first, newest) carries the evidence, `sides` the two reviews.
 */
export function pairUp(items: FlagView[]): FlagView[] {
  const out: FlagView[] = [];
  const byPair = new Map<string, FlagView>();
  for (const item of items) {
    if (!item.counterpart) {
      out.push(item);
      continue;
    }
    const key = `${item.kind}\u0000${[item.person.userId, item.counterpart.userId].sort().join("\u0000")}`;
    const side: FlagSide = { flagId: item.id, userId: item.person.userId, name: item.person.name, status: item.status, reviewedAt: item.reviewedAt, reviewedBy: item.reviewedBy, reviewReason: item.reviewReason };
    const first = byPair.get(key);
    if (!first) {
      const pair = { ...item, sides: [side] };
      byPair.set(key, pair);
      out.push(pair);
    } else {
      first.sides!.push(side);
      if (WEIGHT[item.status] > WEIGHT[first.status]) first.status = item.status;
    }
  }
  return out;
}

/** A person as a reviewer sees them: their name, else their address or username. */
const personName = (u: { name: string | null; email: string | null; username: string | null } | undefined) => u?.name || u?.email || u?.username || "Deleted user";

async function viewsOf(db: DbOrTx, rows: Array<typeof fairplayFlags.$inferSelect>): Promise<FlagView[]> {
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(row.userId);
    if (row.counterpartId) ids.add(row.counterpartId);
    if (row.reviewedBy) ids.add(row.reviewedBy);
    const accounts = (row.evidence as { accounts?: Array<{ userId?: unknown }> }).accounts;
    if (Array.isArray(accounts)) for (const a of accounts) if (typeof a.userId === "string") ids.add(a.userId);
  }
  const people = ids.size === 0 ? [] : await db.select({ id: users.id, name: users.name, email: users.email, username: users.username }).from(users).where(inArray(users.id, [...ids]));
  const byId = new Map(people.map((p) => [p.id, personName(p)]));
  return rows.map((row) => {
    const named: Record<string, string> = {};
    const accounts = (row.evidence as { accounts?: Array<{ userId?: unknown }> }).accounts;
    if (Array.isArray(accounts)) for (const a of accounts) if (typeof a.userId === "string") named[a.userId] = byId.get(a.userId) ?? "Deleted user";
    return {
      id: row.id,
      kind: row.kind,
      title: FLAG_EXPLANATIONS[row.kind].title,
      explanation: FLAG_EXPLANATIONS[row.kind].explanation,
      status: row.status,
      person: { userId: row.userId, name: byId.get(row.userId) ?? "Deleted user" },
      counterpart: row.counterpartId ? { userId: row.counterpartId, name: byId.get(row.counterpartId) ?? "Deleted user" } : null,
      evidence: row.evidence,
      people: named,
      raisedAt: row.raisedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reviewedBy: row.reviewedBy ? (byId.get(row.reviewedBy) ?? null) : null,
      reviewReason: row.reviewReason,
      sides: null,
    };
  });
}

/** Open flags first, then the reviewed ones; newest first within each. */
const flagOrder = [sql`case when ${fairplayFlags.status} = 'open' then 0 else 1 end`, desc(fairplayFlags.raisedAt), fairplayFlags.id];

/** An event's flags, for whoever manages the event. */
export async function eventFlagsFor(db: Db, viewer: FlagViewer, slug: string) {
  const event = await reviewableEvent(db, viewer, slug);
  const rows = await db.select().from(fairplayFlags).where(eq(fairplayFlags.eventId, event.id)).orderBy(...flagOrder);
  const items = pairUp(await viewsOf(db, rows));
  return { event: { slug: event.slug, title: event.title, ended: event.finalizedAt !== null }, items, open: items.filter((i) => i.status === "open").length };
}

/** The practice board's flags (repeated resets), for admins. */
export async function practiceFlagsFor(db: Db, viewer: FlagViewer) {
  if (!isAdmin(viewer)) throw failures.forbidden("This is for admins only.");
  const rows = await db.select().from(fairplayFlags).where(isNull(fairplayFlags.eventId)).orderBy(...flagOrder);
  const items = pairUp(await viewsOf(db, rows));
  return { items, open: items.filter((i) => i.status === "open").length };
}

/**
 * Reviews a flag: dismiss (a reason optional), warn or disqualify (a reason required: the
 * person is shown it), acting on `who` — the flag's person (the default), the other account of a
 * pair, or both (each account's own flag row takes the answer, so each is told on their own).
 * Disqualifying takes the person off the event's board and out of its standings (the events
 * feature's disqualifyParticipant) and cannot be undone here; the practice board has no
 * disqualification. Audited as `fairplay.flag-reviewed` (and `event.participant-disqualified`),
 * once per person acted on.
 */
export async function reviewFlag(db: Db, viewer: FlagViewer, flagId: string, input: ReviewFlagInput, options: { ip?: string; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const who = input.who ?? "person";
  const reason = reviewReason(input.decision, input.reason);
  if (!reason.ok) throw failures.invalid(reason.message, { reason: reason.message });
  return db.transaction(async (tx) => {
    const [flag] = await tx.select().from(fairplayFlags).where(eq(fairplayFlags.id, flagId)).for("update");
    if (!flag) throw failures.notFound(NO_FLAG);
    const [event] = flag.eventId ? await tx.select({ id: events.id, slug: events.slug, createdBy: events.createdBy, classId: events.classId }).from(events).where(eq(events.id, flag.eventId)) : [];
    const mayReview = isAdmin(viewer) || (event !== undefined && (await reviews(tx, viewer, event)));
    if (!mayReview) throw failures.notFound(NO_FLAG);
    if (input.decision === "disqualify" && !event) {
      throw failures.refused("NOTHING_TO_DISQUALIFY", "A practice-board flag has no event to disqualify from: warn the person or dismiss the flag.");
    }
    const targets: Array<typeof flag> = [];
    if (who !== "counterpart") targets.push(flag);
    if (who !== "person") {
      if (flag.counterpartId === "") throw failures.refused("NO_COUNTERPART", "This flag is about one person: there is no other account to act on.");
      const [other] = await tx
        .select()
        .from(fairplayFlags)
        .where(
          and(
            flag.eventId === null ? isNull(fairplayFlags.eventId) : eq(fairplayFlags.eventId, flag.eventId),
            eq(fairplayFlags.kind, flag.kind),
            eq(fairplayFlags.userId, flag.counterpartId),
            eq(fairplayFlags.counterpartId, flag.userId),
          ),
        )
        .for("update");
      if (!other) throw failures.conflict("NO_COUNTERPART", "The other account's flag is gone (the account may have been deleted): review this person alone.");
      targets.push(other);
    }
    if (targets.some((t) => t.status === "disqualified")) throw failures.conflict("FLAG_DECIDED", "This person was disqualified on this flag; a disqualification is final.");
    const status = STATUS_OF_DECISION[input.decision];
    const reviewed: Array<{ id: string; userId: string; status: typeof status; disqualifiedAt: string | null }> = [];
    for (const target of targets) {
      await tx.update(fairplayFlags).set({ status, reviewedBy: viewer.id, reviewedAt: now, reviewReason: reason.reason }).where(eq(fairplayFlags.id, target.id));
      let disqualifiedAt: Date | null = null;
      if (input.decision === "disqualify" && event) {
        const result = await disqualifyParticipant(tx, { eventId: event.id, userId: target.userId, reason: reason.reason!, now });
        disqualifiedAt = result.at;
        await audit(tx, {
          action: "event.participant-disqualified",
          actorId: viewer.id,
          subjectId: target.userId,
          ip: options.ip,
          detail: { eventId: event.id, slug: event.slug, flagId: target.id, kind: target.kind, reason: reason.reason, standingRemoved: result.standingRemoved },
        });
      }
      await audit(tx, {
        action: "fairplay.flag-reviewed",
        actorId: viewer.id,
        subjectId: target.userId,
        ip: options.ip,
        detail: { flagId: target.id, eventId: target.eventId, kind: target.kind, decision: input.decision, reason: reason.reason },
      });
      reviewed.push({ id: target.id, userId: target.userId, status, disqualifiedAt: disqualifiedAt?.toISOString() ?? null });
    }
    const first = reviewed[0]!;
    return { id: first.id, status, reviewedAt: now.toISOString(), reason: reason.reason, disqualifiedAt: first.disqualifiedAt, reviewed };
  });
}

export interface FairPlayNotice {
  kind: FlagKind;
  title: string;
  status: "warned" | "disqualified";
  reason: string;
  at: string;
}

/**
 * What a person is told about their own reviewed flags: the kind, the answer and the
 * reviewer's reason — not the evidence (which may name others). For one event, or (eventId
 * null) the practice board.
 */
export async function fairPlayNoticesFor(db: DbOrTx, userId: string, scope: { eventId: string | null }): Promise<FairPlayNotice[]> {
  const rows = await db
    .select({ kind: fairplayFlags.kind, status: fairplayFlags.status, reason: fairplayFlags.reviewReason, at: fairplayFlags.reviewedAt })
    .from(fairplayFlags)
    .where(
      and(
        eq(fairplayFlags.userId, userId),
        inArray(fairplayFlags.status, [...NOTIFIED_STATUSES]),
        scope.eventId === null ? isNull(fairplayFlags.eventId) : or(eq(fairplayFlags.eventId, scope.eventId)),
      ),
    )
    .orderBy(desc(fairplayFlags.reviewedAt));
  return rows.map((r) => ({ kind: r.kind, title: FLAG_EXPLANATIONS[r.kind].title, status: r.status as FairPlayNotice["status"], reason: r.reason ?? "", at: (r.at ?? new Date(0)).toISOString() }));
}

/** For the event page: how many flags wait for review, when the viewer may review them; else null. */
export async function openFlagCountFor(db: Db, viewer: FlagViewer, slug: string): Promise<number | null> {
  // Not the viewer's to review (404): no count. Anything else (the database away) is the page's error.
  const event = await reviewableEvent(db, viewer, slug).catch((error: unknown) => {
    if (isDomainError(error)) return null;
    throw error;
  });
  if (!event) return null;
  // A pair's two flags are one flag to review (pairUp): counted once.
  const flagKey = sql`case when ${fairplayFlags.counterpartId} = '' then ${fairplayFlags.id} else ${fairplayFlags.kind} || ':' || least(${fairplayFlags.userId}, ${fairplayFlags.counterpartId}) || ':' || greatest(${fairplayFlags.userId}, ${fairplayFlags.counterpartId}) end`;
  const [row] = await db.select({ n: sql<number>`count(distinct ${flagKey})::int` }).from(fairplayFlags).where(and(eq(fairplayFlags.eventId, event.id), eq(fairplayFlags.status, "open")));
  return Number(row?.n ?? 0);
}
