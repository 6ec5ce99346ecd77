import { describe, expect, it } from "vitest";
import { SIGN_IN_ERROR_MESSAGES, signInErrorMessage, tooManyAttemptsMessage } from "@/lib/auth-errors";

// Specification section 8, word for word, plus the codes next-auth puts in the address.
const SPEC_ERROR_NAMES = [
  "UnknownError",
  "OAuthCallbackError",
  "AccountNotLinkedError",
  "MissingAPIRouteError",
  "MissingSecretError",
  "NO_SECRET",
  "MissingAuthorizeError",
  "MissingAdapterError",
  "MissingAdapterMethodsError",
  "UnsupportedStrategyError",
  "InvalidCallbackUrl",
  "SessionRequired",
];
const ADDRESS_CODES = ["OAuthCallback", "OAuthAccountNotLinked", "EmailSignin", "CredentialsSignin", "Verification", "Configuration", "AccessDenied", "OAuthSignin", "Callback", "Default"];

describe("sign-in error messages", () => {
  it.each([...SPEC_ERROR_NAMES, ...ADDRESS_CODES, "CsrfFailed", "TooManyAttempts"])("has its own human message for %s", (code) => {
    expect(SIGN_IN_ERROR_MESSAGES[code]).toBeTruthy();
    expect(signInErrorMessage(code)).toBe(SIGN_IN_ERROR_MESSAGES[code]);
    expect(signInErrorMessage(code)).not.toMatch(code);
  });

  it("answers an unknown code with the default message, and nothing for no code", () => {
    expect(signInErrorMessage("SomethingNew")).toBe(SIGN_IN_ERROR_MESSAGES.Default);
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage("")).toBeNull();
  });

  it("does not tell whether an account exists when a password is wrong", () => {
    expect(signInErrorMessage("CredentialsSignin")).toMatch(/email or username and password do not match/);
    expect(signInErrorMessage("CredentialsSignin")).not.toMatch(/no account|not found|unknown/i);
  });

  it.each([
    [1, "Try again in 1 minute."],
    [60, "Try again in 1 minute."],
    [61, "Try again in 2 minutes."],
    [899, "Try again in 15 minutes."],
    [0, "Try again in 1 minute."],
  ])("rounds %i seconds up to whole minutes", (seconds, text) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(`Too many attempts. ${text}`);
  });
});
