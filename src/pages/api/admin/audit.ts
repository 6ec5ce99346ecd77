import { z } from "zod";
import { AUDIT_ACTIONS, listAudit } from "@/server/audit";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    input: pageQuery.extend({
      personId: z.string().max(100).optional(),
      action: z.enum(AUDIT_ACTIONS, { error: "Unknown action." }).optional(),
    }),
    async handler({ input }) {
      return { body: await listAudit(await getDb(), input) };
    },
  }),
});
