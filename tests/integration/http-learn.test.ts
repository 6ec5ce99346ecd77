/**
 * HTTP contract of Learn: the learner's routes and the admin's authoring routes. (That an admin's
 * edit of shipped content outlives a start's loading of the curriculum is learn.test.ts's.)
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { HttpClient } from "../setup/http-client";
import { Client, TEST_ADMIN } from "./http-client";


async function admin() {
  const client = new Client();
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

async function member() {
  const client = new Client();
  const person = { email: uniqueEmail("learner"), password: "a good password", name: "Learner" };
  await client.register(person);
  await client.signIn(person.email, person.password);
  return client;
}

const json = async <T>(res: Response) => (await res.json()) as T;

const quiz = [
  { prompt: "Pick the right one", options: [{ text: "Right", correct: true, explanation: "It is." }, { text: "Wrong", correct: false, explanation: "It is not." }] },
  {
    prompt: "Pick both right ones",
    options: [
      { text: "Right A", correct: true, explanation: "Yes." },
      { text: "Right B", correct: true, explanation: "Also yes." },
      { text: "Wrong C", correct: false, explanation: "No." },
    ],
  },
];

async function publishedLesson(client: HttpClient) {
  const tag = randomBytes(3).toString("hex");
  const course = await json<{ id: string; slug: string }>(
    await client.request("/api/admin/courses", { method: "POST", json: { slug: `c-${tag}`, title: `Course ${tag}`, summary: "S", published: true } }),
  );
  const lesson = await json<{ id: string }>(await client.request(`/api/admin/courses/${course.id}/lessons`, { method: "POST", json: { slug: `l-${tag}`, title: "Lesson" } }));
  const saved = await client.request(`/api/admin/lessons/${lesson.id}`, {
    method: "PUT",
    json: { slug: `l-${tag}`, title: "Lesson", body: "## Hello\n\nText.", passMark: 70, unlocks: null, published: true, questions: quiz },
  });
  expect(saved.status).toBe(200);
  return { course, lessonId: lesson.id, tag };
}

describe("the learner's API", () => {
  it("serves a published lesson without its answers, pays XP once, and scores an attempt with feedback", async () => {
    const { course, lessonId } = await publishedLesson(await admin());
    const learner = await member();
    const catalogue = await json<{ items: Array<{ slug: string; lessonCount: number }> }>(await learner.request("/api/courses"));
    expect(catalogue.items.find((c) => c.slug === course.slug)).toMatchObject({ lessonCount: 1 });
    const lessonRes = await learner.request(`/api/lessons/${lessonId}`);
    const text = await lessonRes.text();
    expect(text).not.toMatch(/"correct"|explanation/);
    type Drawn = { prompt: string; multiple: boolean; options: Array<{ id: string; text: string }> };
    const lesson = JSON.parse(text) as { quiz: { attemptId: number; questions: Drawn[] } };
    const byPrompt = (prompt: string) => lesson.quiz.questions.find((q) => q.prompt === prompt)!;
    expect(byPrompt("Pick the right one").multiple).toBe(false);
    expect(byPrompt("Pick both right ones").multiple).toBe(true);

    expect(await json(await learner.request(`/api/lessons/${lessonId}/read`, { method: "POST" }))).toEqual({ xpAwarded: 10 });
    expect(await json(await learner.request(`/api/lessons/${lessonId}/read`, { method: "POST" }))).toEqual({ xpAwarded: 0 });

    // Answers follow the drawn order; pick by text.
    const answer = (quiz: { questions: Drawn[] }, picks: Record<string, string[]>) =>
      quiz.questions.map((q) => q.options.filter((o) => picks[q.prompt]!.includes(o.text)).map((o) => o.id));
    const half = { "Pick the right one": ["Right"], "Pick both right ones": ["Right A"] };
    const partial = await learner.request(`/api/lessons/${lessonId}/attempts`, { method: "POST", json: { attemptId: lesson.quiz.attemptId, answers: answer(lesson.quiz, half) } });
    expect(partial.status).toBe(201);
    const first = await json<{ passed: boolean; score: string; feedback: Array<{ questionId: string; correct: boolean }> }>(partial);
    expect(first).toMatchObject({ passed: false, score: "0.5000" });
    const single = lesson.quiz.questions.findIndex((q) => q.prompt === "Pick the right one");
    expect(first.feedback.map((f) => f.correct)).toEqual(lesson.quiz.questions.map((_, i) => i === single));
    // The same attempt cannot be answered again; the next read draws a new one.
    const again = await learner.request(`/api/lessons/${lessonId}/attempts`, { method: "POST", json: { attemptId: lesson.quiz.attemptId, answers: answer(lesson.quiz, half) } });
    expect(again.status).toBe(409);
    const retry = await json<{ quiz: { attemptId: number; questions: Drawn[] } }>(await learner.request(`/api/lessons/${lessonId}`));
    expect(retry.quiz.attemptId).not.toBe(lesson.quiz.attemptId);
    const all = { "Pick the right one": ["Right"], "Pick both right ones": ["Right A", "Right B"] };
    const pass = await json<{ passed: boolean; xpAwarded: number }>(
      await learner.request(`/api/lessons/${lessonId}/attempts`, { method: "POST", json: { attemptId: retry.quiz.attemptId, answers: answer(retry.quiz, all) } }),
    );
    expect(pass).toMatchObject({ passed: true, xpAwarded: 35 });
  });

  it("answers 400 for malformed answers and 404 for an unknown or unpublished lesson", async () => {
    const learner = await member();
    const { lessonId } = await publishedLesson(await admin());
    const bad = await learner.request(`/api/lessons/${lessonId}/attempts`, { method: "POST", json: { attemptId: 1, answers: "all of them" } });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(bad)).error.fields.answers).toBeTruthy();
    expect((await learner.request("/api/lessons/no-such-lesson")).status).toBe(404);
  });

  it("keeps the admin routes for admins", async () => {
    const learner = await member();
    expect((await learner.request("/api/admin/courses")).status).toBe(403);
    expect((await learner.request("/api/admin/courses", { method: "POST", json: { slug: "x-y", title: "T" } })).status).toBe(403);
  });
});

describe("authoring", () => {
  it("names every invalid field of a lesson, down to one answer of one question", async () => {
    const client = await admin();
    const { lessonId } = await publishedLesson(client);
    const res = await client.request(`/api/admin/lessons/${lessonId}`, {
      method: "PUT",
      json: {
        slug: "Not A Slug",
        title: "",
        body: "x",
        passMark: 120,
        unlocks: "time-travel",
        published: true,
        questions: [{ prompt: "Q", options: [{ text: "", correct: false, explanation: "e" }, { text: "B", correct: false, explanation: "" }] }],
      },
    });
    expect(res.status).toBe(400);
    const { fields } = (await json<{ error: { fields: Record<string, string> } }>(res)).error;
    expect(fields).toMatchObject({
      slug: "Use lowercase letters, digits and single hyphens, like order-types.",
      title: "Enter a title.",
      passMark: "Use 1 to 100.",
      unlocks: "Choose a feature from the list.",
      "questions.0.options.0.text": "Enter the answer's text.",
      "questions.0.options.1.explanation": "Explain why this answer is right or wrong.",
      "questions.0.options": "Mark at least one answer as correct.",
    });
  });

  it("answers 409 for a course address that is taken", async () => {
    const client = await admin();
    const { course } = await publishedLesson(client);
    const res = await client.request("/api/admin/courses", { method: "POST", json: { slug: course.slug, title: "Again" } });
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("SLUG_TAKEN");
  });

  it("reorders lessons and refuses an order that does not match the course", async () => {
    const client = await admin();
    const { course, lessonId, tag } = await publishedLesson(client);
    const second = await json<{ id: string }>(await client.request(`/api/admin/courses/${course.id}/lessons`, { method: "POST", json: { slug: `l2-${tag}`, title: "Second" } }));
    expect((await client.request(`/api/admin/courses/${course.id}/lessons/reorder`, { method: "POST", json: { ids: [second.id, lessonId] } })).status).toBe(204);
    const view = await json<{ lessons: Array<{ id: string }> }>(await client.request(`/api/admin/courses/${course.id}`));
    expect(view.lessons.map((l) => l.id)).toEqual([second.id, lessonId]);
    const mismatch = await client.request(`/api/admin/courses/${course.id}/lessons/reorder`, { method: "POST", json: { ids: [second.id] } });
    expect(mismatch.status).toBe(422);
  });
});
