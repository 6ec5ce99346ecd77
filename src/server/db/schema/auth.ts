import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative: drizzle-kit loads this file without the "@/" alias.
import { API_TOKEN_SCOPES, type ApiTokenScope } from "../../../lib/api-token-scopes";
import { ROLES, type Role } from "../../../lib/roles";

export { ROLES, type Role };
/**
 * "standard": an account a person made (or an admin, or OAuth); "roster": made by an organiser
 * for a class, with a username and no email address (docs/decisions/038-classes.md).
 */
export const ACCOUNT_KINDS = ["standard", "roster"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** People. The first five columns are the shape next-auth's adapter expects. */
export const users = pgTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name"),
    /** Null only for roster accounts, which sign in with their username. */
    email: text("email"),
    emailVerified: timestamp("email_verified", { mode: "date", withTimezone: true }),
    image: text("image"),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    /** Bumped to end every session of this person at their next request. */
    tokenVersion: integer("token_version").notNull().default(0),
    disabledAt: timestamp("disabled_at", { mode: "date", withTimezone: true }),
    timeZone: text("time_zone"),
    theme: text("theme", { enum: THEMES }).notNull().default("system"),
    leaderboardOptOut: boolean("leaderboard_opt_out").notNull().default(false),
    /** Out of the weekly leagues (docs/decisions/045-leagues.md): in no league from the next refresh. */
    leagueOptOut: boolean("league_opt_out").notNull().default(false),
    /** Roster accounts' sign-in name (lower case, src/lib/readable-codes.ts); null for the others. */
    username: text("username"),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull().default("standard"),
    /** Who made a roster account (its organiser), who may delete it; null for the others. */
    createdBy: text("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_created_at_idx").on(t.createdAt),
    // Every account can be signed in to (or found) by one of the two.
    check("users_email_or_username", sql`${t.email} is not null or ${t.username} is not null`),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index("accounts_user_id_idx").on(t.userId),
  ],
);

/** Unused with JWT sessions, but the adapter's type requires the table. */
export const sessions = pgTable("sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
});

/** Email sign-in links (next-auth stores a hash of the token). */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

export const ACCOUNT_TOKEN_PURPOSES = ["verify-email", "reset-password", "change-email"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Single-use links of our own account lifecycle; only a SHA-256 of the token is stored. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** For change-email: the address being confirmed. For verify-email: the address verified. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { mode: "date", withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { mode: "date", withTimezone: true }),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters shared by every instance (see docs/decisions/004-rate-limits.md). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    resetAt: timestamp("reset_at", { mode: "date", withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
    /** Who did it (null: the system, or an anonymous visitor). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Whom it concerned. */
    subjectId: text("subject_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    ip: text("ip"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_subject_idx").on(t.subjectId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
  ],
);

export { API_TOKEN_SCOPES, type ApiTokenScope };

/**
 * Personal API tokens (docs/decisions/031-api-tokens.md). Only a SHA-256 of the secret is
 * stored; `prefix` is the start of the token, shown so a person can tell tokens apart.
 * `tokenVersion` is the owner's users.token_version at creation: "sign out all devices" (and
 * everything else that bumps it) ends the person's tokens as it ends their sessions.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes", { enum: API_TOKEN_SCOPES }).array().notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    tokenVersion: integer("token_version").notNull(),
    expiresAt: timestamp("expires_at", { mode: "date", withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { mode: "date", withTimezone: true }),
    revokedAt: timestamp("revoked_at", { mode: "date", withTimezone: true }),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);
