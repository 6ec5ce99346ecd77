import { clearScoreOverride, overrideScore, scoreOverrideInput } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent, scoreOverridden } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  PUT: method({
    auth: "user",
    docs: {
      summary: "Override a student's score",
      description: "Input: `{score, comment}` (a whole percent 0–100, and why: the student sees it). Replaces the computed score in the gradebook, which keeps showing the computed one beside it; audited (`class.score-overridden`, with the score it replaced). The class's teachers and admins only.",
      response: "200 `{assignmentId, studentId, computedScore, override:{score, comment, at}, score}`; 400; 403 (a student of the class); 404 (no such assignment in this class, or no such student)",
    },
    input: scoreOverrideInput,
    answer: scoreOverridden,
    async handler({ req, input, session, ip }) {
      const { id, assignmentId, studentId } = req.query;
      return { body: await overrideScore(await getDb(), session.user, String(id), String(assignmentId), String(studentId), input, { ip }) };
    },
  }),
  DELETE: method({
    auth: "user",
    docs: {
      summary: "Take a score override back",
      description: "The computed score counts again; audited. The class's teachers and admins only.",
      status: 204,
      response: "204; 403 (a student of the class); 404",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      const { id, assignmentId, studentId } = req.query;
      await clearScoreOverride(await getDb(), session.user, String(id), String(assignmentId), String(studentId), { ip });
      return { status: 204 };
    },
  }),
});
