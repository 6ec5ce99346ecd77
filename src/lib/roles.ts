/**
 * Who may do what, in one order: member < organiser < admin (docs/decisions/038-classes.md).
 * The one list of roles (read by the database schema, the input rules, the admin page and the
 * CLI) and the one comparison: "at least an organiser" is `hasRole(role, "organiser")`, never a
 * list of names at the call site.
 */
export const ROLES = ["member", "organiser", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { member: "Member", organiser: "Organiser", admin: "Admin" };

/** Whether `role` is `atLeast` or above it. An unknown or missing role is below every role. */
export function hasRole(role: string | null | undefined, atLeast: Role): boolean {
  const rank = ROLES.indexOf(role as Role);
  return rank >= 0 && rank >= ROLES.indexOf(atLeast);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
