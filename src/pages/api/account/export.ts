import { exportData } from "@/features/account/server/lifecycle";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    async handler({ session }) {
      const data = await exportData(await getDb(), session.user.id);
      return {
        body: data,
        headers: { "Content-Disposition": `attachment; filename="tickerlab-export-${new Date().toISOString().slice(0, 10)}.json"` },
      };
    },
  }),
});
