import { addInstrument, adminListInstruments, newInstrumentSchema } from "@/features/market/server/admin";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler() {
      return { body: { items: await adminListInstruments(await getDb()) } };
    },
  }),
  POST: method({
    auth: "admin",
    input: newInstrumentSchema,
    async handler({ input, session, ip }) {
      return { status: 201, body: await addInstrument(await getDb(), session.user.id, input, ip) };
    },
  }),
});
