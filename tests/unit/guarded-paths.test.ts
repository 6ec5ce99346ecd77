import { describe, expect, it } from "vitest";
import { guardFor } from "@/lib/guarded-paths";

describe("the route guard's prefixes (specification section 2)", () => {
  it.each([
    ["/", "requires-session"],
    ["/portfolio", "requires-session"],
    ["/portfolio/instruments/ACME", "requires-session"],
    ["/admin", "requires-session"],
    ["/admin/audit", "requires-session"],
    ["/settings", "requires-session"],
    ["/events/spring-cup", "requires-session"],
    ["/learn", "requires-session"],
    ["/ranking/xp", "requires-session"],
    ["/login", "open"],
  ] as const)("%s → %s", (path, decision) => {
    expect(guardFor(path)).toBe(decision);
  });

  it.each(["/portfolios", "/administrator", "/settingsx", "/learning", "/api/health", "/account/verify-email", "/auth/error", "/login/x"])(
    "does not guard %s (only the exact prefixes)",
    (path) => {
      expect(guardFor(path)).toBe("not-guarded");
    },
  );
});
