/**
 * Weekly leagues (docs/decisions/045-leagues.md). One row per person per league week: the
 * tier and group they are in that week (a record: next week's tier is decided from it, and who
 * was where cannot be rebuilt later, so the table is logged), and the standing the minute
 * refresh keeps in it (points by part, place in the group).
 */
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";

const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });

export const LEAGUE_ARRIVALS = ["new", "up", "down", "stay"] as const;
export type LeagueArrival = (typeof LEAGUE_ARRIVALS)[number];

export const leagueMembers = pgTable(
  "league_members",
  {
    /** Monday 00:00 UTC of the league week, as its date. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who may meet: "all" for standard accounts, "class:{id}" for a class's roster accounts. */
    scope: text("scope").notNull(),
    /** 0 = the lowest tier (src/domain/leagues LEAGUE_TIERS). */
    tier: smallint("tier").notNull(),
    groupNo: integer("group_no").notNull(),
    /** How the person came into this week's tier: new, moved up, moved down, stayed. */
    arrival: text("arrival", { enum: LEAGUE_ARRIVALS }).notNull(),
    joinedAt: at("joined_at").notNull(),
    /** The account's creation instant: the tie-break (earlier joiner ahead), copied so a group's order needs no join. */
    accountCreatedAt: at("account_created_at").notNull(),
    /** Place in the group, 1..n, and the week's points by part; written by the refresh. */
    rank: integer("rank"),
    points: integer("points").notNull().default(0),
    learning: integer("learning").notNull().default(0),
    journal: integer("journal").notNull().default(0),
    diversification: integer("diversification").notNull().default(0),
    risk: integer("risk").notNull().default(0),
    /** The UTC day the risk part was computed for: it reads only daily snapshots, so once a day is enough. */
    riskOn: date("risk_on", { mode: "string" }),
    computedAt: at("computed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.weekStart, t.userId] }),
    // A group's rows in place order: the page's read, and the refresh's partition.
    index("league_members_group_idx").on(t.weekStart, t.scope, t.tier, t.groupNo, t.rank),
    // A person's latest tier (a returning person joins where they were).
    index("league_members_user_idx").on(t.userId, t.weekStart),
    check("league_members_tier", sql`${t.tier} >= 0`),
  ],
);
