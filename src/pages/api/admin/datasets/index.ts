import { z } from "zod";
import { importDataset, listDatasets, MAX_CSV_CHARS } from "@/features/market/server/admin";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    GET: method({
      auth: "admin",
      async handler() {
        return { body: { items: await listDatasets(await getDb()) } };
      },
    }),
    /** {name, symbol, sector, csv}: 201 with the dataset, 400 with every problem and its line, 409 for a taken name. */
    POST: method({
      auth: "admin",
      input: z
        .object({
          name: z.string({ error: "Give the dataset a name." }),
          symbol: z.string({ error: "Give a symbol, like ACME." }),
          sector: z.string({ error: "Give the company's sector, like Technology: a replay position shows it." }),
          csv: z.string({ error: "Choose a CSV file." }).max(MAX_CSV_CHARS, "The file is over 2 MB. Split it into smaller datasets."),
        })
        .strict(),
      async handler({ input, session, ip }) {
        return { status: 201, body: await importDataset(await getDb(), session.user.id, input, ip) };
      },
    }),
  },
  /** A CSV of up to about 2 MB, inside JSON. */
  { maxBodyBytes: 3 * 1024 * 1024 },
);
