import { editInstrument, instrumentChangeSchema } from "@/features/market/server/instruments";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { adminInstrument } from "@/features/market/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  /** Edit fields and/or {"active": false} to deactivate ({"active": true} brings it back). */
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change or deactivate an instrument",
      description: "Input: any of the POST fields but `symbol` (a sector no instrument has yet needs `newSector: true`, as for POST), and/or `active`",
      response:
        "200 the instrument (deactivating cancels its open practice orders); 400 per field, `SECTOR_UNKNOWN` or `SECTOR_EXISTS` as for POST; 404; 422 `INDEX_NOT_EDITABLE` for the benchmark index",
    },
    input: instrumentChangeSchema,
    answer: adminInstrument,
    async handler({ req, input, session, ip }) {
      return { body: await editInstrument(await getDb(), session.user.id, String(req.query.symbol), input, ip) };
    },
  }),
});
