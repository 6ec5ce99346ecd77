import { deleteAccount, profileOf, signInMethods, updatePreferences } from "@/features/account/server/lifecycle";
import { deleteAccountSchema, preferencesSchema } from "@/lib/validation/account";
import { findUserById } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    async handler({ session }) {
      const db = await getDb();
      const row = await findUserById(db, session.user.id);
      if (!row) throw failures.notFound();
      return { body: { ...profileOf(row), linkedProviders: await signInMethods(db, row.id) } };
    },
  }),
  PATCH: method({
    auth: "user",
    input: preferencesSchema,
    async handler({ input, session }) {
      return { body: await updatePreferences(await getDb(), session.user.id, input) };
    },
  }),
  DELETE: method({
    auth: "user",
    async handler({ req, session, ip }) {
      // DELETE carries its confirmation in the body, not the query string.
      const parsed = deleteAccountSchema.safeParse(req.body ?? {});
      const confirmEmail = parsed.success ? parsed.data.confirmEmail : "";
      await deleteAccount(await getDb(), session.user.id, confirmEmail, ip);
      return { status: 204 };
    },
  }),
});
