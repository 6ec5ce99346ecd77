/** Every action the audit log records. Pure data: the admin page imports it too. */
export const AUDIT_ACTIONS = [
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-out-everywhere",
  "auth.password-cleared-unverified",
  "account.registered",
  "account.email-verified",
  "account.password-changed",
  "account.password-reset",
  "account.email-changed",
  "account.deleted",
  "admin.role-changed",
  "admin.user-disabled",
  "admin.user-enabled",
  "learn.course-created",
  "learn.course-updated",
  "learn.course-deleted",
  "learn.lesson-created",
  "learn.lesson-updated",
  "learn.lesson-deleted",
  "learn.reordered",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
