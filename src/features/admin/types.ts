/**
 * What the administration API answers (the audit log, people, install settings), as zod
 * schemas (docs/decisions/071): declared by the routes, published in the OpenAPI document,
 * checked in the tests; the admin screens take their types from them. No server code here.
 */
import * as z from "zod/mini";
import { instant, int, pageOf } from "@/lib/api/answers";
import { ROLES } from "@/lib/roles";

// ── Admin answers (issue 24 §1) ──

/** Someone an audit entry names: a roster account has a username and a null email. */
const auditPerson = z.object({ id: z.string(), name: z.nullable(z.string()), email: z.nullable(z.string()), username: z.nullable(z.string()) });
export type AuditPerson = z.output<typeof auditPerson>;

/** An audit log entry (src/server/audit `listAudit`). */
export const auditEntry = z.object({
  id: int,
  at: instant,
  /** One of the audit actions (src/server/audit/actions.ts); a string, as older entries keep theirs. */
  action: z.string(),
  ip: z.nullable(z.string()),
  /** What the action recorded; its shape depends on `action`. */
  detail: z.record(z.string(), z.unknown()),
  /** Null: the system, an anonymous visitor, or an account since deleted. */
  actor: z.nullable(auditPerson),
  subject: z.nullable(auditPerson),
});
export type AuditEntry = z.output<typeof auditEntry>;

/** GET /api/admin/audit: newest first. */
export const auditPage = pageOf(auditEntry);
export type AuditPage = z.output<typeof auditPage>;

/** An account as the people list shows it (features/admin/server/users.ts `searchUsers`). */
export const userRow = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for a roster account, which signs in with `username`. */
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  roster: z.boolean(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: instant,
  /** The last active admin: the server refuses to demote or disable them (LAST_ADMIN). */
  lastAdmin: z.boolean(),
});
export type UserRow = z.output<typeof userRow>;

/** GET /api/admin/users: oldest account first. */
export const usersPage = pageOf(userRow);
export type UsersPage = z.output<typeof usersPage>;

/** PATCH /api/admin/users/{id}: the account after the change. */
export const userChanged = z.object({ id: z.string(), name: z.string(), email: z.nullable(z.string()), role: z.enum(ROLES), disabled: z.boolean() });

/** GET and PATCH /api/admin/settings: every install setting (src/server/settings.ts). */
export const installSettings = z.object({
  /** Any member (not only organisers) may create classes (docs/decisions/038). */
  membersMayCreateClasses: z.boolean(),
  /** Margin on the practice market (docs/decisions/073): null until first set, then the terms, on or off. */
  practiceMargin: z.nullable(
    z.object({
      enabled: z.boolean(),
      terms: z.object({ multiplier: z.number(), debitRatePct: z.number(), creditRatePct: z.number(), maintenancePct: z.number(), callHours: int }),
    }),
  ),
});
export type InstallSettingsView = z.output<typeof installSettings>;
