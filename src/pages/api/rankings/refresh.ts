/** Test-only: refreshes every board now. Exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import type { NextApiRequest, NextApiResponse } from "next";
import { refreshAllBoards } from "@/features/ranking";
import { env } from "@/env";
import { getDb } from "@/server/db";
import { apiRoute, method, sendError } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

export const config = { api: { bodyParser: false } };

const route = apiRoute({
  POST: method({
    auth: "user",
    async handler() {
      return { body: { rows: await refreshAllBoards(await getDb(), { now: new Date() }) } };
    },
  }),
});

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  if (!env().TEST_PRICE_CONTROL) return sendError(res, failures.notFound());
  return route(req, res);
}
