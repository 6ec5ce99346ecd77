import { requestEmailChange } from "@/features/account/server/lifecycle";
import { changeEmailSchema } from "@/features/account/schemas";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export default apiRoute({
  POST: method({
    auth: "user",
    input: changeEmailSchema,
    async handler({ input, session }) {
      await requestEmailChange(await getDb(), session.user.id, input);
      return { status: 202, body: { sent: true } };
    },
  }),
});
