import { createAssignment, createAssignmentInput, listAssignments } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { assignmentsAnswer, assignmentView } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

const TASKS =
  "`{kind:\"lesson\", lessonId}` (the lesson passed), `{kind:\"trades\", count}` (filled orders), `{kind:\"instruments\", count}` (distinct instruments held at once), `{kind:\"order-type\", orderType}` (a filled order of that type: market, limit, stop, stop-limit), `{kind:\"max-weight\", pct}` (no position above pct % of equity), `{kind:\"journal\", count}` (orders with a written note)";

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class's assignments",
      description:
        "For its teachers and admins every assignment with how many students completed it, and the published lessons a task may name; for a student every assignment with **their own** progress, computed by the server from what they did (docs/decisions/039-assignments.md). Anyone else gets 404.",
      response:
        "200 teacher `{view:\"teacher\", lessons:[{id, title, course}], items:[{id, title, instructions, startsAt, dueAt, tasks, createdAt, open, students, completed}]}` or student `{view:\"student\", lessons:[{id, title}], items:[{…, open, progress:{tasks:[{task, done, of, complete, late, completedAt, evidence:[…]}], tasksDone, tasksTotal, late, score}, override:{score, comment, at, by}|null, score}]}`; 404",
    },
    answer: assignmentsAnswer,
    async handler({ req, session }) {
      return { body: await listAssignments(await getDb(), session.user, String(req.query.id)) };
    },
  }),
  POST: method({
    auth: "user",
    docs: {
      summary: "Set an assignment",
      description: `Input: \`{title, instructions?, startsAt?, dueAt, tasks:[…]}\` (instants with their offset; \`startsAt\` defaults to now; 1–12 tasks). Task kinds: ${TASKS}. Work from \`startsAt\` counts; work after \`dueAt\` counts, flagged late. The class's teachers and admins only.`,
      status: 201,
      response: "201 `{id, title, instructions, startsAt, dueAt, tasks, createdAt}`; 400 (a lesson that is not published, a due time not after the start); 403 (a student of the class); 404",
    },
    input: createAssignmentInput,
    answer: assignmentView,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await createAssignment(await getDb(), session.user, String(req.query.id), input, { ip }) };
    },
  }),
});
