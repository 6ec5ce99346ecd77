/**
 * Input rules for accounts, shared by the forms (instant messages) and the API (the
 * decision). Written with zod/mini: the same rules at a fraction of the browser bundle
 * (docs/decisions/010-zod-mini-in-the-browser.md).
 */
import * as z from "zod/mini";
import { USERNAME_PATTERN } from "../readable-codes";
import { isTimeZone } from "../time-zone";
import { textField } from "./text";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z.pipe(
  z.string({ error: "Enter your email address." }).check(
    z.trim(),
    z.minLength(1, "Enter your email address."),
    z.maxLength(254, "That email address is too long."),
    z.toLowerCase(),
  ),
  z.email({ error: "Enter a valid email address, like name@example.com." }),
);

export const passwordSchema = z
  .string({ error: "Enter a password." })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
  );

export const displayNameSchema = textField({ min: 1, max: 60, required: "Enter a display name." });

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: displayNameSchema,
});

/**
 * What the sign-in form's "Email or username" field takes: an email address (it has an "@"),
 * or a roster account's username. Trimmed and lower-cased, as both are stored and rate limited.
 */
export const signInNameSchema = z.string({ error: "Enter your email or username." }).check(
  z.trim(),
  z.minLength(1, "Enter your email or username."),
  z.maxLength(254, "That is too long for an email address or a username."),
  z.toLowerCase(),
  z.refine((name) => (name.includes("@") ? z.safeParse(z.email(), name).success : USERNAME_PATTERN.test(name)), "Enter your email address or your username."),
);

/**
 * The credentials sign-in (next-auth's callback/credentials). The field keeps its protocol name,
 * `email`; it takes a username too (docs/decisions/038-classes.md).
 */
export const signInSchema = z.object({
  email: signInNameSchema,
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});

export const tokenSchema = z.object({
  token: z.string().check(z.minLength(10, "This link is incomplete."), z.maxLength(200, "This link is not valid.")),
});

export const resetRequestSchema = z.object({ email: emailSchema });
export const resetConfirmSchema = z.extend(tokenSchema, { password: passwordSchema });

const currentPassword = z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)));

export const changePasswordSchema = z.object({
  /** Absent only when the account has no password yet (it signed in with email links). */
  currentPassword,
  newPassword: passwordSchema,
});

export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword });

export const timeZoneSchema = z.string().check(z.maxLength(64), z.refine(isTimeZone, "Choose a time zone from the list."));

export const preferencesSchema = z
  .partial(
    z.object({
      timeZone: z.nullable(timeZoneSchema),
      theme: z.enum(["system", "light", "dark"], { error: "Choose light, dark or system." }),
      leaderboardOptOut: z.boolean(),
      leagueOptOut: z.boolean(),
    }),
  )
  .check(z.refine((v) => Object.keys(v).length > 0, "Nothing to change."));

/**
 * `confirmEmail`: the account's email address, or a roster account's username; `currentPassword`:
 * required when the account has a password (a session alone never deletes an account).
 */
export const deleteAccountSchema = z.object({ confirmEmail: z.string().check(z.trim(), z.toLowerCase()), currentPassword });
