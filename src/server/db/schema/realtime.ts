import { bigint, index, json, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Live updates, published after commit (docs/decisions/078; src/server/realtime owns it): a
 * writer adds its events in its own transaction; every instance's hub reads them in `id` order
 * once they are committed and hands them to its open streams; a stream that reconnects with
 * `Last-Event-ID` is sent what it missed from here. Kept a few minutes (pruned by a scheduled task).
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** "quotes", or `portfolio:<id>`. */
    topic: text("topic").notNull(),
    type: text("type").notNull(),
    // json, not jsonb: stored and read back as written (nothing queries inside it), without jsonb's parse on every insert.
    data: json("data"),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_events_topic_id").on(t.topic, t.id), index("live_events_created_at").using("brin", t.createdAt)],
);
