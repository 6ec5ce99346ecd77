/**
 * A learner reads a lesson, passes its quiz and sees XP and streak change on /learn and on
 * the dashboard; and lesson text full of XSS payloads renders inert, inside its box.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, register, TEST_ADMIN, useDevices } from "./helpers";

const payloads = fs
  .readFileSync(path.join(import.meta.dirname, "..", "fixtures", "xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"));

async function adminClient() {
  const client = new HttpClient(appUrl());
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

/** Publishes a course with one lesson through the admin API; returns its address. */
async function publishLesson(options: { body: string; questions: unknown[]; title?: string }) {
  const client = await adminClient();
  const tag = randomBytes(3).toString("hex");
  const course = (await (await client.request("/api/admin/courses", { method: "POST", json: { slug: `e2e-${tag}`, title: `E2E course ${tag}`, published: true } })).json()) as { id: string; slug: string };
  const lesson = (await (await client.request(`/api/admin/courses/${course.id}/lessons`, { method: "POST", json: { slug: `e2e-lesson-${tag}`, title: options.title ?? "E2E lesson" } })).json()) as { id: string };
  const saved = await client.request(`/api/admin/lessons/${lesson.id}`, {
    method: "PUT",
    json: { slug: `e2e-lesson-${tag}`, title: options.title ?? "E2E lesson", body: options.body, passMark: 70, unlocks: null, published: true, questions: options.questions },
  });
  if (saved.status !== 200) throw new Error(`saving the lesson failed: ${saved.status} ${await saved.text()}`);
  return { courseTitle: `E2E course ${tag}`, path: `/learn/${course.slug}/e2e-lesson-${tag}` };
}

describe.skipIf(browserMissing)("learning in the browser", () => {
  const devices = useDevices();

  it("reads a lesson, passes its quiz, and sees XP and the streak grow on /learn and /", async () => {
    const lesson = await publishLesson({
      title: "Why prices move",
      body: "## Supply and demand\n\nPrices move when **buyers** and sellers change their minds.\n\n- one\n- two",
      questions: [
        { prompt: "What moves prices?", options: [{ text: "Buyers and sellers", correct: true, explanation: "They set the price." }, { text: "The weather", correct: false, explanation: "Not directly." }] },
        {
          prompt: "Which are people in a market? Select all that apply.",
          options: [
            { text: "Buyers", correct: true, explanation: "Yes." },
            { text: "Sellers", correct: true, explanation: "Yes." },
            { text: "Clouds", correct: false, explanation: "No." },
          ],
        },
      ],
    });
    const page = await (await devices.launch()).newPage();
    await register(page, newPerson("learner"));
    await page.waitForURL(`${appUrl()}/`);

    await page.goto(`${appUrl()}/learn`);
    await expect(page.getByText("0 XP", { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: new RegExp(lesson.courseTitle) }).click();
    await page.getByRole("link", { name: "Why prices move" }).click();
    await page.getByRole("heading", { name: "Supply and demand" }).waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: /^one$/ }).count()).toBe(1);

    await page.getByRole("button", { name: "I have read this lesson" }).click();
    await page.getByText("Marked as read: +10 XP.").waitFor();

    // A wrong attempt first: feedback with explanations, no XP.
    await page.getByRole("radio", { name: "The weather" }).check();
    await page.getByRole("checkbox", { name: "Buyers" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText(/Not passed yet\. You got 0 of 2/).waitFor();
    await page.getByText("Not directly.").waitFor();
    await page.getByRole("button", { name: "Try a fresh set of questions" }).click();

    await page.getByRole("radio", { name: "Buyers and sellers" }).check();
    await page.getByRole("checkbox", { name: "Buyers" }).check();
    await page.getByRole("checkbox", { name: "Sellers" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    // The first attempt scored 0 %, so passing pays the base 20 XP.
    await page.getByText(/Passed! You got 2 of 2 \(100\u00a0%\)\. \+20 XP\./).waitFor();

    await page.goto(`${appUrl()}/learn`);
    await page.getByText("30 XP", { exact: true }).waitFor();
    await page.getByText("1 day", { exact: true }).waitFor();
    await page.goto(`${appUrl()}/`);
    await page.getByText(/30 XP/).first().waitFor();
    expect(await page.getByText(/1-day streak/).count()).toBe(1);
  });

  it("renders lesson and quiz text full of XSS payloads as inert text that stays in its box", async () => {
    const body = ["## Payloads", ...payloads].join("\n\n");
    const lesson = await publishLesson({
      title: "Payloads",
      body,
      questions: [
        {
          prompt: payloads.slice(0, 8).join(" "),
          options: [
            { text: "<img src=x onerror=window.__xss=1>", correct: true, explanation: "<script>window.__xss=1</script>" },
            { text: '<svg onload="window.__xss=1">', correct: false, explanation: "[x](javascript:window.__xss=1)" },
          ],
        },
      ],
    });
    const page = await (await devices.launch()).newPage();
    const person = newPerson("xss");
    await register(page, person);
    await page.waitForURL(`${appUrl()}/`);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${appUrl()}${lesson.path}`);
    await page.getByRole("heading", { name: "Payloads", level: 2 }).waitFor();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText(/You got/).waitFor();

    const findings = await page.evaluate(() => {
      const article = document.querySelector("article")!;
      const dangerous = article.querySelectorAll("script, iframe, object, embed, svg, math, img, video, audio, style, link, meta, base, form, input:not([type=radio]):not([type=checkbox]), details, marquee, template, textarea");
      const links = [...article.querySelectorAll("a")].map((a) => a.getAttribute("href") ?? "");
      const styled = article.querySelectorAll("[style]:not([role=progressbar] *)");
      const handlers = [...article.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => a.name.startsWith("on")));
      const box = document.querySelector("main")!.getBoundingClientRect();
      const escaped = [...article.querySelectorAll("*")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      });
      // Our own quiz form is the one form the page is meant to have.
      const quizForm = document.querySelector("#quiz form");
      return {
        xss: (window as unknown as { __xss?: unknown }).__xss,
        dangerous: [...dangerous].filter((e) => e !== quizForm).map((e) => e.tagName),
        badLinks: links.filter((h) => !/^(https?:|mailto:|\/|#|$)/i.test(h)),
        styled: styled.length,
        handlers: handlers.map((e) => e.tagName),
        escaped: escaped.map((e) => e.tagName),
        headerVisible: !!document.querySelector("header") && getComputedStyle(document.querySelector("header")!).display !== "none",
      };
    });
    expect(findings).toEqual({ xss: undefined, dangerous: [], badLinks: [], styled: 0, handlers: [], escaped: [], headerVisible: true });
    expect(dialogs).toEqual([]);
    // The payloads are there, as text.
    await page.getByText("<script>window.__xss=1</script>", { exact: true }).first().waitFor();
    // Nothing covers the page: the account menu is still clickable.
    await page.getByRole("button", { name: `Account menu for ${person.name}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
  });
});
