import { enrolClass } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { classEnrolled } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Enrol every student of the class in a class contest",
      description:
        "No input. Each student of the class who is not in the contest joins it by the event's rules, without a code (the event ended, is full, or needs a lesson the student has not passed: that student is refused). The class's teachers and admins only; audited as `event.participants-enrolled`.",
      response: "200 `{enrolled, already, refused:[{userId, code}]}`; 403 (a student of the class); 404 (not in the class, or the contest is not this class's)",
    },
    answer: classEnrolled,
    async handler({ req, session, ip }) {
      return { body: await enrolClass(await getDb(), session.user, String(req.query.id), String(req.query.slug), { ip }) };
    },
  }),
});
