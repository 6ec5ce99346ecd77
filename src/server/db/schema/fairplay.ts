import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { FLAG_KINDS } from "@/domain/fairplay";
import { users } from "./auth";
import { events } from "./events";

const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });

/** open: waiting for review; the others are the reviewer's answer. */
export const FLAG_STATUSES = ["open", "dismissed", "warned", "disqualified"] as const;

/**
 * A fair-play flag: one per (event, person, kind, counterpart), so a detector run again
 * updates its evidence instead of adding a row. `event_id` is null for the practice board
 * (repeated resets). `evidence_key` names the evidence (the trades, the resets, the accounts)
 * so a dismissed flag comes back only when the evidence is new.
 */
export const fairplayFlags = pgTable(
  "fairplay_flags",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FLAG_KINDS }).notNull(),
    /** The other account of a pair (mirror trading), '' when there is none. */
    counterpartId: text("counterpart_id").notNull().default(""),
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    evidenceKey: text("evidence_key").notNull(),
    status: text("status", { enum: FLAG_STATUSES }).notNull().default("open"),
    raisedAt: at("raised_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: at("reviewed_at"),
    /** The reviewer's reason (required for warn and disqualify): the person is shown it. */
    reviewReason: text("review_reason"),
  },
  (t) => [
    uniqueIndex("fairplay_flags_unique").on(sql`coalesce(${t.eventId}, '')`, t.userId, t.kind, t.counterpartId),
    index("fairplay_flags_event_idx").on(t.eventId, t.status),
    index("fairplay_flags_user_idx").on(t.userId),
    check("fairplay_flags_reason_check", sql`${t.status} in ('open', 'dismissed') or length(${t.reviewReason}) > 0`),
  ],
);
