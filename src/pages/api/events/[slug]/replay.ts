import { z } from "zod";
import { replayFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

export const config = { api: { bodyParser: false } };

/** A replay event's trading day and instrument prices now (the event page polls it). */
export default apiRoute({
  GET: method({
    auth: "user",
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional() }),
    async handler({ input, session }) {
      const replay = await replayFor(await getDb(), session.user, input.slug, { code: input.code });
      if (!replay) throw failures.notFound("This event runs on the practice market, not a replay.");
      return { body: replay };
    },
  }),
});
