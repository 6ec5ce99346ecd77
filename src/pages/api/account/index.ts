import { deleteAccount, profileOf, signInMethods, updatePreferences } from "@/features/account/server/lifecycle";
import { deleteAccountSchema, preferencesSchema } from "@/lib/validation/account";
import { findUserById } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { accountAnswer, profileAnswer } from "@/features/account/types";
import { noContent } from "@/lib/api/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: accountAnswer,
    docs: {
      summary: "My profile",
      response: "200 `{id, name, email, username, roster, emailVerified, role, timeZone, theme, leaderboardOptOut, leagueOptOut, hasPassword, createdAt, linkedProviders:[provider id…]}` (`email` is null and `username` set for a roster account, made by a teacher for a class)",
    },
    async handler({ session }) {
      const db = await getDb();
      const row = await findUserById(db, session.user.id);
      if (!row) throw failures.notFound();
      return { body: { ...profileOf(row), linkedProviders: await signInMethods(db, row.id) } };
    },
  }),
  PATCH: method({
    auth: "user",
    answer: profileAnswer,
    docs: {
      summary: "Change my preferences",
      description: "Input: at least one of `{timeZone: IANA name | null, theme: \"system\"|\"light\"|\"dark\", leaderboardOptOut: boolean, leagueOptOut: boolean}` (`leagueOptOut`: in no weekly league from the next refresh)",
      response: "200 the profile (as GET, without `linkedProviders`); 400 (`Nothing to change.` for an empty body)",
    },
    input: preferencesSchema,
    async handler({ input, session }) {
      return { body: await updatePreferences(await getDb(), session.user.id, input) };
    },
  }),
  DELETE: method({
    auth: "user",
    answer: noContent,
    docs: {
      summary: "Delete my account",
      description: "Input: body `{confirmEmail, currentPassword?}` — `confirmEmail` must equal the account's address (a roster account's: its username); `currentPassword` is required when the account has a password",
      status: 204,
      response: "204; 400 `VALIDATION_FAILED` with `fields.confirmEmail`; 422 `WRONG_PASSWORD` with `fields.currentPassword`; 429 (wrong passwords count like sign-in attempts); 409 `LAST_ADMIN`",
    },
    async handler({ req, session, ip }) {
      // DELETE carries its confirmation in the body, not the query string.
      const parsed = deleteAccountSchema.safeParse(req.body ?? {});
      const input = parsed.success ? parsed.data : { confirmEmail: "" };
      await deleteAccount(await getDb(), session.user.id, input, ip);
      return { status: 204 };
    },
  }),
});
