import { describe, expect, it } from "vitest";
import { displayNameSchema, preferencesSchema, registerSchema } from "@/lib/validation/account";
import { fieldErrors } from "@/lib/validation/field-errors";

describe("registration input", () => {
  it("normalises the address and trims the name", () => {
    const parsed = registerSchema.parse({ email: "  Ann@Example.COM ", password: "eight888", name: "  Ann  " });
    expect(parsed).toEqual({ email: "ann@example.com", password: "eight888", name: "Ann" });
  });

  it("gives a clear message for every invalid field at once", () => {
    const result = registerSchema.safeParse({ email: "not-an-address", password: "seven77", name: " " });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: "Enter a valid email address, like name@example.com.",
      password: "Use at least 8 characters.",
      name: "Enter a display name.",
    });
  });

  it("asks for missing fields rather than complaining about their type", () => {
    const result = registerSchema.safeParse({});
    expect(fieldErrors(result.error!)).toEqual({
      email: "Enter your email address.",
      password: "Enter a password.",
      name: "Enter a display name.",
    });
  });

  it("accepts exactly 8 characters and refuses 7", () => {
    expect(registerSchema.safeParse({ email: "a@b.co", password: "12345678", name: "A" }).success).toBe(true);
    expect(registerSchema.safeParse({ email: "a@b.co", password: "1234567", name: "A" }).success).toBe(false);
  });
});

describe("display names", () => {
  it("refuses control characters and names over 60 characters", () => {
    expect(displayNameSchema.safeParse("line\nbreak").success).toBe(false);
    expect(displayNameSchema.safeParse("x".repeat(61)).success).toBe(false);
    expect(displayNameSchema.safeParse("x".repeat(60)).success).toBe(true);
  });

  it("keeps markup as plain text (it is escaped when shown, never stripped silently)", () => {
    expect(displayNameSchema.parse("<b>Ann</b>")).toBe("<b>Ann</b>");
  });
});

describe("preferences", () => {
  it("accepts a real IANA time zone and refuses a made-up one", () => {
    expect(preferencesSchema.safeParse({ timeZone: "Europe/Berlin" }).success).toBe(true);
    const bad = preferencesSchema.safeParse({ timeZone: "Mars/Olympus" });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!).timeZone).toBe("Choose a time zone from the list.");
  });

  it("refuses an empty change", () => {
    expect(preferencesSchema.safeParse({}).success).toBe(false);
  });
});
