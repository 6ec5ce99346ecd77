/**
 * The route guard's prefixes, word for word from the specification (section 2):
 * "/" (the home page), "/login", "/portfolio" (itself and everything under it), and
 * everything under /admin, /settings, /events, /learn and /ranking. "Everything under"
 * follows Next's `/x/:path*` matcher semantics, which include "/x" itself.
 */
export const GUARDED_PREFIXES = ["/portfolio", "/admin", "/settings", "/events", "/learn", "/ranking"] as const;

export type GuardDecision = "open" | "requires-session";

/** What the guard does for a path: "/login" is guarded but stays open to signed-out visitors. */
export function guardFor(pathname: string): GuardDecision | "not-guarded" {
  if (pathname === "/") return "requires-session";
  if (pathname === "/login") return "open";
  for (const prefix of GUARDED_PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return "requires-session";
  }
  return "not-guarded";
}
