import { gradebookView } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { gradebookAnswer } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class's gradebook",
      description: "Students × assignments: tasks done of tasks, late, the computed score, the teacher's override and the score that counts (the override, else the computed one). The class's teachers and admins only. As CSV: `GET /api/classes/{id}/gradebook.csv` (docs/gradebook-csv.md).",
      response:
        "200 `{class:{id, name}, assignments:[{id, title, dueAt, tasks}], students:[{id, name, cells:[{assignmentId, done, of, late, computedScore, override:{score, comment, at, by}|null, score, tasks:[…]}]}]}`; 403 (a student of the class); 404",
    },
    answer: gradebookAnswer,
    async handler({ req, session }) {
      return { body: await gradebookView(await getDb(), session.user, String(req.query.id)) };
    },
  }),
});
