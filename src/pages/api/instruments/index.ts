import { listInstruments } from "@/features/market/server/queries";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    async handler() {
      return { body: { items: await listInstruments(await getDb()) } };
    },
  }),
});
