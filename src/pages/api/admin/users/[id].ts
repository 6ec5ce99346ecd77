import { z } from "zod";
import { changeUser } from "@/features/admin/server/users";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

const changeSchema = z
  .object({
    role: z.enum(["member", "admin"], { error: "Role is member or admin." }).optional(),
    disabled: z.boolean({ error: "disabled is true or false." }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, "Nothing to change.");

export const config = { api: { bodyParser: false } };

export default apiRoute({
  PATCH: method({
    auth: "admin",
    input: changeSchema,
    async handler({ req, input, session, ip }) {
      const id = String(req.query.id);
      if (id === session.user.id && input.disabled === true) {
        throw failures.refused("SELF_CHANGE", "You cannot disable your own account. Ask another admin.");
      }
      return { body: await changeUser(await getDb(), session.user.id, id, input, ip) };
    },
  }),
});
