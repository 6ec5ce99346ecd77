import { z } from "zod";
import { searchUsers } from "@/features/admin/server/users";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List accounts",
      description: "Input: `?q=` (≤ 200, matches email or name), `?role=member|admin`, `?page=&pageSize=`",
      response: "200 `{items:[{id, name, email, role, emailVerified, disabled, createdAt}], page, pageSize, total}`, oldest account first",
    },
    input: pageQuery.extend({
      q: z.string().trim().max(200).optional(),
      role: z.enum(["member", "admin"]).optional(),
    }),
    async handler({ input }) {
      return { body: await searchUsers(await getDb(), input) };
    },
  }),
});
