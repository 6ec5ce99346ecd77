/**
 * What the account API answers (/api/account/**), as zod schemas (docs/decisions/071): the
 * routes declare them, the OpenAPI document publishes them, the tests check every real answer
 * against them, and the settings pages take their types from them. No server code here.
 */
import * as z from "zod/mini";
import { instant, int } from "@/lib/api/answers";
import { API_TOKEN_SCOPES } from "@/lib/api-token-scopes";
import { ROLES } from "@/lib/roles";

/** How long a sign-in or an email link must still wait (0: not at all); counts nothing. */
export const attemptsAnswer = z.object({ retryAfterSeconds: int });

/**
 * The profile (features/account/server/lifecycle.ts `profileOf`). `theme` is the users
 * table's THEMES, written out here because that list lives with the database schema, which
 * the browser may not import; tsc refuses a handler whose theme this does not name.
 */
export const profileAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for a roster account (made by a teacher for a class), which signs in with its username. */
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  roster: z.boolean(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  timeZone: z.nullable(z.string()),
  theme: z.enum(["system", "light", "dark"]),
  leaderboardOptOut: z.boolean(),
  leagueOptOut: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: instant,
});
export type Profile = z.output<typeof profileAnswer>;

/** GET /api/account: the profile and the OAuth providers linked to it (their ids). */
export const accountAnswer = z.extend(profileAnswer, { linkedProviders: z.array(z.string()) });

/** A new account (POST /api/account/register, 201). */
export const registeredAnswer = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.nullable(z.string()), role: z.enum(ROLES) }) });

/** A mail was sent (or, for a password reset, would have been: the answer never says whether the address has an account). */
export const sentAnswer = z.object({ sent: z.literal(true) });
/** The address a link confirmed. */
export const emailAnswer = z.object({ email: z.string() });
export const passwordChangedAnswer = z.object({ changed: z.literal(true) });
export const passwordResetAnswer = z.object({ reset: z.literal(true) });
export const signedOutAnswer = z.object({ signedOut: z.literal(true) });

/** A personal API token as its owner sees it (never the secret; features/account/server/api-tokens.ts). */
export const apiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first 10 characters, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: instant,
  expiresAt: instant,
  /** Written at most once a minute. */
  lastUsedAt: z.nullable(instant),
  revokedAt: z.nullable(instant),
  /** "ended": signed out everywhere since it was made. */
  state: z.enum(["active", "revoked", "expired", "ended"]),
});
export type ApiTokenView = z.output<typeof apiTokenView>;
export const apiTokensAnswer = z.object({ items: z.array(apiTokenView) });
/** A new token: as listed, plus its secret, shown this once. */
export const apiTokenCreated = z.extend(apiTokenView, { token: z.string() });
export type ApiTokenCreated = z.output<typeof apiTokenCreated>;

/**
 * The personal-data download (GET /api/account/export): streamed by the route itself, so it is
 * documented only, not checked; its sections are written by each feature (decision 029) and
 * named here, their contents left open.
 */
export const personalDataExport = z.looseObject({ exportedAt: instant, profile: profileAnswer });
