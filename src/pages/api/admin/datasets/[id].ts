import { getDataset } from "@/features/market/server/admin";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export default apiRoute({
  /** The dataset and all its rows, oldest first. */
  GET: method({
    auth: "admin",
    async handler({ req }) {
      return { body: await getDataset(await getDb(), String(req.query.id)) };
    },
  }),
});
