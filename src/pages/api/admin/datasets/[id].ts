import { z } from "zod";
import { deleteDataset, getDataset, setDatasetSector } from "@/features/market/server/datasets";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent } from "@/lib/api/answers";
import { datasetDetail, datasetSummary } from "@/features/market/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  /** The dataset and all its rows, oldest first. */
  GET: method({
    auth: "admin",
    docs: {
      summary: "A dataset with its rows",
      response: "200 `{dataset, rows:[{date, open, high, low, close, volume, dividend?, split?}]}` oldest first (`dividend` per share, `split` like `\"2:1\"`, on the ex-date's row); 404",
    },
    answer: datasetDetail,
    async handler({ req }) {
      return { body: await getDataset(await getDb(), String(req.query.id)) };
    },
  }),
  /** {sector}: the dataset with its new sector; 400 with the field's message. */
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change a dataset’s sector",
      description: "Input: `{sector}`",
      response: "200 the dataset; 400 `fields.sector`; 404",
    },
    input: z.object({ sector: z.string({ error: "Give the company's sector, like Technology: a replay position shows it." }) }).strict(),
    answer: datasetSummary,
    async handler({ req, input, session, ip }) {
      return { body: await setDatasetSector(await getDb(), session.user.id, String(req.query.id), input.sector, ip) };
    },
  }),
  /** 204; 409 DATASET_IN_USE while an event that is not archived replays it. */
  DELETE: method({
    auth: "admin",
    docs: {
      summary: "Delete a dataset",
      status: 204,
      response: "Deleted; 409 `DATASET_IN_USE` while an unarchived event replays it; 404",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      await deleteDataset(await getDb(), session.user.id, String(req.query.id), ip);
      return { status: 204 };
    },
  }),
});
