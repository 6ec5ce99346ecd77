import { gradebookCsv, gradebookCsvQuery } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { gradebookCsvAnswer } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class's gradebook as CSV",
      description:
        "`?shape=canvas` (default): `Student, ID, SIS User ID, SIS Login ID, Section, <assignment>…` with a `Points Possible` row; `?shape=classroom`: `Last Name, First Name, Email Address, <assignment>…`. A cell is the score that counts (0–100). Formula-looking cells are prefixed with `'`. Column shapes: docs/gradebook-csv.md. The class's teachers and admins only.",
      response: "200 `text/csv` attachment; 400 (an unknown shape); 403 (a student of the class); 404",
      contentType: "text/csv",
    },
    input: gradebookCsvQuery,
    answer: gradebookCsvAnswer,
    async handler({ req, res, input, session }) {
      const csv = await gradebookCsv(await getDb(), session.user, String(req.query.id), input.shape);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${csv.filename}"`);
      res.setHeader("Cache-Control", "private, no-store");
      res.status(200).send(csv.body);
    },
  }),
});
