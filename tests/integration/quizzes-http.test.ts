/**
 * Quizzes over real HTTP against the built server (docs/decisions/043-quiz-banks.md): the
 * answer key never reaches the browser before an attempt is submitted (the raw HTML and JSON of
 * every GET the quiz page makes), a failed attempt explains only the learner's own answers, a
 * retry asks a fresh set, an attempt is answered once, the cool-down after repeated failures
 * (the server's defaults: 3 failures, 5 minutes), and the routes × roles.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { appUrl, Client, signedInAdmin, signedInMember } from "./http-client";

const BANK = 8;
const questions = Array.from({ length: BANK }, (_, n) => ({
  prompt: `Bank question ${n + 1}?`,
  options: [
    { text: `Right ${n + 1}`, correct: true, explanation: `KEY-RIGHT ${n + 1}` },
    { text: `Wrong ${n + 1}`, correct: false, explanation: `WHY-WRONG ${n + 1}` },
    { text: `Also wrong ${n + 1}`, correct: false, explanation: `WHY-ALSO-WRONG ${n + 1}` },
  ],
}));

interface Drawn {
  prompt: string;
  options: Array<{ id: string; text: string }>;
}
interface Quiz {
  attemptId: number | null;
  size: number;
  questions: Drawn[];
  retryAt: string | null;
}
interface Result {
  passed: boolean;
  retryAt: string | null;
  feedback: Array<{ questionId: string; correct: boolean; chosen: string[]; correctOptionIds?: string[]; explanations: Record<string, string> }>;
}

const json = async <T>(res: Response) => (await res.json()) as T;
let lesson: { id: string; path: string };

/** The learner's answers, in the drawn order: the test knows the key because it wrote the bank. */
const answers = (quiz: Quiz, how: "right" | "wrong") => quiz.questions.map((q) => q.options.filter((o) => o.text.startsWith(how === "right" ? "Right" : "Wrong")).map((o) => o.id));

async function readQuiz(client: Client): Promise<{ quiz: Quiz; raw: string }> {
  const res = await client.request(`/api/lessons/${lesson.id}`);
  expect(res.status).toBe(200);
  const raw = await res.text();
  return { quiz: (JSON.parse(raw) as { quiz: Quiz }).quiz, raw };
}

async function submit(client: Client, quiz: Quiz, how: "right" | "wrong") {
  return client.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: quiz.attemptId, answers: answers(quiz, how) } });
}

/** Nothing of the key: no correctness, no explanation of any option. */
function expectNoKey(raw: string) {
  expect(raw).not.toMatch(/KEY-RIGHT|WHY-WRONG|WHY-ALSO-WRONG|"correct"|correctOptionIds|explanation/);
}

beforeAll(async () => {
  const admin = await signedInAdmin();
  const tag = randomBytes(3).toString("hex");
  const course = await json<{ id: string; slug: string }>(
    await admin.request("/api/admin/courses", { method: "POST", json: { slug: `quiz-${tag}`, title: `Quiz course ${tag}`, summary: "S", published: true } }),
  );
  const created = await json<{ id: string }>(await admin.request(`/api/admin/courses/${course.id}/lessons`, { method: "POST", json: { slug: `bank-${tag}`, title: "Bank lesson" } }));
  const saved = await admin.request(`/api/admin/lessons/${created.id}`, {
    method: "PUT",
    json: { slug: `bank-${tag}`, title: "Bank lesson", body: "## Hello\n\nText.", passMark: 70, unlocks: null, published: true, questions },
  });
  expect(saved.status).toBe(200);
  lesson = { id: created.id, path: `/learn/quiz-${tag}/bank-${tag}` };
});

describe("a quiz attempt over HTTP", () => {
  it("never sends the answer key before submitting: not in the page's HTML, not in the lesson's JSON", async () => {
    const { client } = await signedInMember("quiz-key");
    const page = await client.request(lesson.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bank question");
    expectNoKey(html);
    const { quiz, raw } = await readQuiz(client);
    expectNoKey(raw);
    expect(quiz.questions).toHaveLength(4);
    expect(quiz.size).toBe(4);
    // The page and the API show the same open attempt, and a reload keeps it.
    for (const q of quiz.questions) expect(html).toContain(q.prompt);
    expect((await readQuiz(client)).quiz).toEqual(quiz);
  });

  it("after a fail explains only the learner's own answers, and a retry asks a fresh set", async () => {
    const { client } = await signedInMember("quiz-fail");
    const { quiz } = await readQuiz(client);
    const res = await submit(client, quiz, "wrong");
    expect(res.status).toBe(201);
    const raw = await res.text();
    expect(raw).not.toMatch(/KEY-RIGHT|WHY-ALSO-WRONG|correctOptionIds/);
    const result = JSON.parse(raw) as Result;
    expect(result.passed).toBe(false);
    for (const f of result.feedback) {
      expect(f.correct).toBe(false);
      expect(Object.values(f.explanations)).toEqual([expect.stringMatching(/^WHY-WRONG \d$/)]);
    }
    // Answered once: the same attempt again is refused.
    const twice = await submit(client, quiz, "right");
    expect(twice.status).toBe(409);
    expect((await json<{ error: { code: string } }>(twice)).error.code).toBe("QUIZ_ATTEMPT_CLOSED");

    const { quiz: retry, raw: retryRaw } = await readQuiz(client);
    expectNoKey(retryRaw);
    expect(retry.attemptId).not.toBe(quiz.attemptId);
    const before = quiz.questions.map((q) => q.prompt);
    expect(retry.questions.map((q) => q.prompt).filter((p) => before.includes(p))).toEqual([]);
    // The page a retry reloads shows the new draw, still without the key.
    const html = await (await client.request(lesson.path)).text();
    expectNoKey(html);
    for (const q of retry.questions) expect(html).toContain(q.prompt);
  });

  it("after a pass shows the correct options and every explanation", async () => {
    const { client } = await signedInMember("quiz-pass");
    const { quiz } = await readQuiz(client);
    const result = await json<Result>(await submit(client, quiz, "right"));
    expect(result.passed).toBe(true);
    for (const f of result.feedback) {
      expect(f.correctOptionIds).toEqual(f.chosen);
      expect(Object.keys(f.explanations)).toHaveLength(3);
    }
  });

  it("refuses answers to questions the attempt did not ask", async () => {
    const { client } = await signedInMember("quiz-forged");
    const { quiz } = await readQuiz(client);
    const forged = await client.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: quiz.attemptId, answers: [["a"], ["b"]] } });
    expect(forged.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(forged)).error.fields.answers).toMatch(/expected 4 answers/);
    const unknown = await client.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: quiz.attemptId, answers: quiz.questions.map(() => ["zz"]) } });
    expect(unknown.status).toBe(400);
    const noAttempt = await client.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { answers: answers(quiz, "right") } });
    expect(noAttempt.status).toBe(400);
  });

  it("cools down after three failures in a row: 429 QUIZ_COOL_DOWN with retryAt, and no draw until then", async () => {
    const { client } = await signedInMember("quiz-cool");
    let last: Result | undefined;
    for (let n = 0; n < 3; n += 1) {
      const { quiz } = await readQuiz(client);
      last = await json<Result>(await submit(client, quiz, "wrong"));
    }
    expect(last!.retryAt).not.toBeNull();
    // Five minutes from the last failure (the server's default), which was moments ago.
    const wait = new Date(last!.retryAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(2 * 60_000);
    expect(wait).toBeLessThanOrEqual(5 * 60_000);
    const { quiz } = await readQuiz(client);
    expect(quiz).toMatchObject({ attemptId: null, questions: [], retryAt: last!.retryAt });
    const refused = await client.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: 1, answers: [["a"]] } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ error: { code: string; retryAt: string } }>(refused)).error).toMatchObject({ code: "QUIZ_COOL_DOWN", retryAt: last!.retryAt });
    // Eight requests in a row to a built server: seconds each on a busy 2-core machine.
  }, 240_000);
});

describe("quiz routes × roles", () => {
  it("keeps both routes for signed-in people, and refuses a cross-site submit", async () => {
    const visitor = new Client();
    expect((await visitor.request(`/api/lessons/${lesson.id}`)).status).toBe(401);
    expect((await visitor.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: 1, answers: [["a"]] } })).status).toBe(401);
    const { client } = await signedInMember("quiz-csrf");
    const { quiz } = await readQuiz(client);
    const cross = await client.request(`/api/lessons/${lesson.id}/attempts`, {
      method: "POST",
      json: { attemptId: quiz.attemptId, answers: answers(quiz, "right") },
      headers: { origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect((await json<{ error: { code: string } }>(cross)).error.code).toBe("CSRF_REJECTED");
    const same = await client.request(`/api/lessons/${lesson.id}/attempts`, {
      method: "POST",
      json: { attemptId: quiz.attemptId, answers: answers(quiz, "right") },
      headers: { origin: appUrl() },
    });
    expect(same.status).toBe(201);
    // Another learner cannot answer this learner's attempt.
    const { client: other } = await signedInMember("quiz-other");
    const { quiz: theirs } = await readQuiz(client);
    const stolen = await other.request(`/api/lessons/${lesson.id}/attempts`, { method: "POST", json: { attemptId: theirs.attemptId, answers: answers(theirs, "right") } });
    expect(stolen.status).toBe(409);
    // Admins take quizzes like anyone.
    const admin = await signedInAdmin();
    expect((await admin.request(`/api/lessons/${lesson.id}`)).status).toBe(200);
  });
});
