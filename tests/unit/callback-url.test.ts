import { describe, expect, it } from "vitest";
import { nextAuthAcceptsCallbackUrl, safeCallbackPath } from "@/lib/callback-url";

const origin = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it("keeps a relative path from the route guard, with its query and hash", () => {
    expect(safeCallbackPath("/settings?tab=email#password", origin)).toBe("/settings?tab=email#password");
  });

  it("turns an absolute same-origin address from useSession({required}) into its path", () => {
    expect(safeCallbackPath("http://localhost:3000/admin/audit?page=2", origin)).toBe("/admin/audit?page=2");
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example/steal",
    "/\\evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://localhost:3001/",
    "https://localhost:3000/",
  ])("refuses %s and falls back to /", (target) => {
    expect(safeCallbackPath(target, origin)).toBe("/");
  });

  it.each([undefined, null, 42, "", "x".repeat(3000)])("falls back to / for %s", (value) => {
    expect(safeCallbackPath(value, origin)).toBe("/");
  });

  it("never sends the person to an API route", () => {
    expect(safeCallbackPath("/api/auth/signout", origin)).toBe("/");
    expect(safeCallbackPath("http://localhost:3000/api/account/export", origin)).toBe("/");
  });
});

describe("nextAuthAcceptsCallbackUrl (next-auth's own rule, which answers a 500 otherwise)", () => {
  it("takes an http(s) address or a path from the root", () => {
    for (const ok of ["/", "/settings?x=1", "http://localhost:3000/", "https://evil.example/"]) expect(nextAuthAcceptsCallbackUrl(ok, origin), ok).toBe(true);
  });
  it("refuses what next-auth refuses: a bare word, a number, a script, a list", () => {
    for (const bad of ["abc", "1e309", "javascript:alert(1)", "", ["/", "/"]]) expect(nextAuthAcceptsCallbackUrl(bad, origin), String(bad)).toBe(false);
  });
});
