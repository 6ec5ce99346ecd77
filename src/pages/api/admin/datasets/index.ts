import { z } from "zod";
import { importDataset, listDatasets, MAX_CSV_CHARS } from "@/features/market/server/datasets";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { datasetsAnswer, datasetSummary } from "@/features/market/types";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    GET: method({
      auth: "admin",
      docs: {
        summary: "List historical datasets",
        response: "200 `{items:[{id,name,symbol,sector,createdAt,rowCount,firstDate,lastDate}]}` newest first",
      },
      answer: datasetsAnswer,
      async handler() {
        return { body: { items: await listDatasets(await getDb()) } };
      },
    }),
    /** {name, symbol, sector, csv}: 201 with the dataset, 400 with every problem and its line, 409 for a taken name. */
    POST: method({
      auth: "admin",
      docs: {
        summary: "Import a historical dataset (CSV)",
        description: "Input: `{name, symbol, sector, csv}` (sector: the company's, 1–40 characters). The CSV: `Date,Open,High,Low,Close,Volume` with a header, raw (unadjusted) prices; optional `Dividend` (per share) and `Split` (`2:1`, `1:10`) columns on the ex-date's row, which a replay applies to its portfolios (docs/decisions/063)",
        status: 201,
        response: "201 the dataset; 400 with `fields` and `problems:[{line,message}]` (nothing imported); 409 `NAME_TAKEN`",
      },
      input: z
        .object({
          name: z.string({ error: "Give the dataset a name." }),
          symbol: z.string({ error: "Give a symbol, like ACME." }),
          sector: z.string({ error: "Give the company's sector, like Technology: a replay position shows it." }),
          csv: z.string({ error: "Choose a CSV file." }).max(MAX_CSV_CHARS, "The file is over 2 MB. Split it into smaller datasets."),
        })
        .strict(),
      answer: datasetSummary,
      async handler({ input, session, ip }) {
        return { status: 201, body: await importDataset(await getDb(), session.user.id, input, ip) };
      },
    }),
  },
  /** A CSV of up to about 2 MB, inside JSON. */
  { maxBodyBytes: 3 * 1024 * 1024 },
);
