import { z } from "zod";
import { changeUser } from "@/features/admin/server/users";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";
import { ROLES } from "@/lib/roles";
import { userChanged } from "@/features/admin/types";

const changeSchema = z
  .object({
    role: z.enum(ROLES, { error: "Role is member, organiser or admin." }).optional(),
    disabled: z.boolean({ error: "disabled is true or false." }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, "Nothing to change.");

export const config = { api: { bodyParser: false } };

export default apiRoute({
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change an account’s role or disable it",
      description: "Input: `{role?: \"member\"|\"organiser\"|\"admin\", disabled?: boolean}`, at least one, no other keys. An organiser runs classes (`/api/classes`).",
      response: "200 `{id, name, email, role, disabled}`; 400; 404 `NOT_FOUND`; 409 `LAST_ADMIN` (would leave no enabled admin); 422 `SELF_CHANGE` (disabling yourself). A change ends the person's sessions.",
    },
    input: changeSchema,
    answer: userChanged,
    async handler({ req, input, session, ip }) {
      const id = String(req.query.id);
      if (id === session.user.id && input.disabled === true) {
        throw failures.refused("SELF_CHANGE", "You cannot disable your own account. Ask another admin.");
      }
      return { body: await changeUser(await getDb(), session.user.id, id, input, ip) };
    },
  }),
});
