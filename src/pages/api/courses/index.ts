import { listCourses } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { coursesAnswer } from "@/features/learn/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: coursesAnswer,
    docs: {
      summary: "List courses with my progress",
      response: "200 `{items:[{id, slug, title, summary, lessonCount, readCount, passedCount}]}`, published courses in order",
    },
    async handler({ session }) {
      return { body: { items: await listCourses(await getDb(), session.user.id) } };
    },
  }),
});
