import { describe, expect, it } from "vitest";
import { hasRole, isRole, ROLES } from "@/lib/roles";

describe("roles", () => {
  it("are ordered member < organiser < admin, and 'at least' is one comparison", () => {
    expect(ROLES).toEqual(["member", "organiser", "admin"]);
    expect(hasRole("member", "member")).toBe(true);
    expect(hasRole("member", "organiser")).toBe(false);
    expect(hasRole("organiser", "organiser")).toBe(true);
    expect(hasRole("organiser", "admin")).toBe(false);
    expect(hasRole("admin", "organiser")).toBe(true);
    expect(hasRole("admin", "admin")).toBe(true);
  });

  it("put an unknown or missing role below every role", () => {
    for (const role of [undefined, null, "", "owner", "Admin"]) {
      expect(hasRole(role, "member"), String(role)).toBe(false);
    }
    expect(isRole("organiser")).toBe(true);
    expect(isRole("teacher")).toBe(false);
  });
});
