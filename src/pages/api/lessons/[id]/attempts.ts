import { z } from "zod";
import { submitAttempt } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { attemptResult } from "@/features/learn/types";
import { apiRoute, method } from "@/server/http/api-route";
import { resolveTimeZone } from "@/server/http/time-zone";

const attemptSchema = z.object({
  attemptId: z.number({ error: "attemptId is the quiz.attemptId of the lesson you answer." }).int().positive(),
  answers: z
    .array(z.array(z.string().max(40)).max(10), { error: "answers is a list with the chosen option ids for each question." })
    .min(1, "Answer the questions first.")
    .max(100),
});

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: attemptResult,
    docs: {
      summary: "Answer a lesson’s quiz",
      description:
        "Input: `{attemptId, answers: [[optionId, …], …]}`: the lesson's open attempt (`quiz.attemptId` of `GET /api/lessons/{id}`) and one list per question in the order it showed them. Scored against exactly what that attempt drew, once; the next `GET` of the lesson draws a fresh set",
      status: 201,
      response:
        "201 `{attemptId, score: \"0.7500\", passed, passMark, correctCount, questionCount, bestScore, xpAwarded, unlocked, retryAt, feedback:[{questionId, correct, chosen, correctOptionIds?, explanations:{optionId: text}}]}`: after a pass `correctOptionIds` and every option's explanation; after a fail only whether each answer was right and the explanations of the options chosen (never the correct options), and `retryAt` (ISO) when this failure started a cool-down; 400 with `fields.answers` for a wrong count or an option the question does not have; 409 `QUIZ_ATTEMPT_CLOSED` when the attempt is already submitted or not this person's; 429 `QUIZ_COOL_DOWN` with `retryAt` and `Retry-After` after `QUIZ_COOL_DOWN_AFTER_FAILURES` failures in a row",
    },
    input: attemptSchema,
    async handler({ req, input, session }) {
      const timeZone = resolveTimeZone(session.user.timeZone, req.cookies);
      return { status: 201, body: await submitAttempt(await getDb(), session.user.id, String(req.query.id), input, timeZone) };
    },
  }),
});
