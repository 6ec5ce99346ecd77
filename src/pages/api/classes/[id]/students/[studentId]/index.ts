import { removeStudent, studentView } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent, studentViewData } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A student of a class, read-only",
      description:
        "The student's portfolios (practice, then every event portfolio they have; an ended contest of this class carries the student's report card's address, `event.reportCard`) with holdings, their latest 100 orders (with journal notes) and fills, and the lessons they passed. The class's teachers and admins only.",
      response:
        "200 `{class:{id, name}, student:{id, name}, portfolios:[{id, kind, event:{slug, title, startsAt, endsAt, reportCard} | null, summary, orders:{items:[order]}, fills:{items:[fill]}}], lessons:[{lessonId, title, course, passedAt, bestScore}]}`; 403 (a student of the class); 404 (no such class, or not its student)",
    },
    answer: studentViewData,
    async handler({ req, session }) {
      return { body: await studentView(await getDb(), session.user, String(req.query.id), String(req.query.studentId)) };
    },
  }),
  DELETE: method({
    auth: "user",
    docs: {
      summary: "Remove a student from a class",
      description: "The student's account stays (a roster account can be deleted with `DELETE …/account`). The class's teachers and admins only; audited.",
      status: 204,
      response: "204; 403 (a student of the class); 404 (no such class or student)",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      await removeStudent(await getDb(), session.user, String(req.query.id), String(req.query.studentId), { ip });
      return { status: 204 };
    },
  }),
});
