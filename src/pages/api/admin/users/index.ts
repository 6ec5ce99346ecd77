import { z } from "zod";
import { searchUsers } from "@/features/admin/server/users";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { ROLES } from "@/lib/roles";
import { usersPage } from "@/features/admin/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List accounts",
      description: "Input: `?q=` (≤ 200, matches email, username or name), `?role=member|organiser|admin`, `?page=&pageSize=`",
      response: "200 `{items:[{id, name, email, username, roster, role, emailVerified, disabled, createdAt}], page, pageSize, total}`, oldest account first (`email` null and `username` set for a roster account)",
    },
    input: pageQuery.extend({
      q: z.string().trim().max(200).optional(),
      role: z.enum(ROLES).optional(),
    }),
    answer: usersPage,
    async handler({ input }) {
      return { body: await searchUsers(await getDb(), input) };
    },
  }),
});
