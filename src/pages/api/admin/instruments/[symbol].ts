import { editInstrument, instrumentChangeSchema } from "@/features/market/server/admin";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  /** Edit fields and/or {"active": false} to deactivate ({"active": true} brings it back). */
  PATCH: method({
    auth: "admin",
    input: instrumentChangeSchema,
    async handler({ req, input, session, ip }) {
      return { body: await editInstrument(await getDb(), session.user.id, String(req.query.symbol), input, ip) };
    },
  }),
});
