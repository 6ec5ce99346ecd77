import { z } from "zod";
import { AUDIT_ACTIONS, listAudit } from "@/server/audit";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { auditPage } from "@/features/admin/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "Read the audit log",
      description: "Input: `?personId=` (subject), `?action=` (one of the audit actions), `?page=&pageSize=`",
      response: "200 `{items:[{id, at, action, ip, detail, actor:{id,name,email,username}|null (a roster account has a username and a null email), subject:{…}|null}], page, pageSize, total}`, newest first",
    },
    input: pageQuery.extend({
      personId: z.string().max(100).optional(),
      action: z.enum(AUDIT_ACTIONS, { error: "Unknown action." }).optional(),
    }),
    answer: auditPage,
    async handler({ input }) {
      return { body: await listAudit(await getDb(), input) };
    },
  }),
});
