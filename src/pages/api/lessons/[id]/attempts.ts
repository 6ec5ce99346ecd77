import { z } from "zod";
import { submitAttempt } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { resolveTimeZone } from "@/server/http/time-zone";

const attemptSchema = z.object({
  answers: z
    .array(z.array(z.string().max(40)).max(10), { error: "answers is a list with the chosen option ids for each question." })
    .min(1, "Answer the questions first.")
    .max(100),
});

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Answer a lesson’s quiz",
      description: "Input: `{answers: [[optionId, …], …]}`, one list per question in order",
      status: 201,
      response: "201 `{score: \"0.7500\", passed, passMark, correctCount, questionCount, bestScore, xpAwarded, unlocked, feedback:[{questionId, correct, chosen, correctOptionIds, explanations:{optionId: text}}]}`; 400 with `fields.answers` for a wrong count or unknown option",
    },
    input: attemptSchema,
    async handler({ req, input, session }) {
      const timeZone = resolveTimeZone(session.user.timeZone, req.cookies);
      return { status: 201, body: await submitAttempt(await getDb(), session.user.id, String(req.query.id), input.answers, timeZone) };
    },
  }),
});
