/** Input rules for accounts, shared by the forms (instant messages) and the API (the decision). */
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email({ error: "Enter a valid email address, like name@example.com." }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const displayNameSchema = z
  .string({ error: "Enter a display name." })
  .trim()
  .min(1, "Enter a display name.")
  .max(60, "Use at most 60 characters.")
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Use letters, numbers and punctuation only.");

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: displayNameSchema,
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const tokenSchema = z.object({ token: z.string().min(10, "This link is incomplete.").max(200) });

export const resetRequestSchema = z.object({ email: emailSchema });
export const resetConfirmSchema = tokenSchema.extend({ password: passwordSchema });

export const changePasswordSchema = z.object({
  /** Absent only when the account has no password yet (it signed in with email links). */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: passwordSchema,
});

export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Choose a time zone from the list.");

export const preferencesSchema = z
  .object({
    timeZone: timeZoneSchema.nullable(),
    theme: z.enum(["system", "light", "dark"], { error: "Choose light, dark or system." }),
    leaderboardOptOut: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change.");

export const deleteAccountSchema = z.object({ confirmEmail: z.string().trim().toLowerCase() });
