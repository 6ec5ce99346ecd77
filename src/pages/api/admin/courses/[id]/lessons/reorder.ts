import { reorderLessons } from "@/features/learn/server/authoring";
import { reorderSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent } from "@/lib/api/answers";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Reorder a course’s lessons",
      description: "Input: `{ids}`",
      status: 204,
      response: "204; 422 `ORDER_MISMATCH`",
    },
    input: reorderSchema,
    answer: noContent,
    async handler({ req, input, session, ip }) {
      await reorderLessons(await getDb(), { id: session.user.id, ip }, String(req.query.id), input.ids);
      return { status: 204 };
    },
  }),
});
