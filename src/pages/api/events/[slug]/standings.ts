import { z } from "zod";
import { standingsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional() }),
    async handler({ input, session }) {
      return { body: await standingsFor(await getDb(), session.user, input.slug, { code: input.code }) };
    },
  }),
});
