import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

/** The titles of a table's rows, read from the links in its second column. */
const rowTitles = (page: Page, region: string) =>
  page.getByRole("region", { name: region }).locator("tbody tr td:nth-child(2) a").allInnerTexts();

describe.skipIf(browserMissing)("authoring a course", () => {
  const devices = useDevices();

  it("an admin writes and publishes a course, a lesson and its quiz; a member reads the lesson and passes the quiz", { timeout: 150_000 }, async () => {
    const run = randomBytes(4).toString("hex");
    const course = { title: `Authoring test ${run}`, slug: `course-${run}`, summary: "Made by the browser test." };
    const lesson = { title: `Why prices move ${run}`, slug: `why-prices-move-${run}` };
    const second = { title: `Second lesson ${run}`, slug: `second-lesson-${run}` };
    const right = { text: "More buyers than sellers", explanation: "Demand above supply pushes the price up." };
    const wrong = { text: "The weather in Paris", explanation: "The weather has nothing to do with it here." };

    const admin = await (await devices.launch()).newPage();
    await signInAt(admin, TEST_ADMIN, "?callbackUrl=%2Fadmin%2Fcourses");
    await admin.waitForURL(`${appUrl()}/admin/courses`);
    const adminNav = admin.getByRole("navigation", { name: "Admin", exact: true });
    await expect(adminNav.getByRole("link", { name: "Courses" }).getAttribute("aria-current")).resolves.toBe("page");

    // A new course: the address name is suggested from the title, and can be changed.
    const newCourse = admin.getByRole("region", { name: "New course" });
    await newCourse.getByLabel("Title", { exact: true }).fill(course.title);
    await expect(newCourse.getByLabel("Address name").inputValue()).resolves.toBe(`authoring-test-${run}`);
    await newCourse.getByLabel("Address name").fill(course.slug);
    await newCourse.getByLabel("Summary").fill(course.summary);
    await newCourse.getByRole("button", { name: "Create course" }).click();
    await admin.waitForURL(/\/admin\/courses\/[^/]+$/);
    await admin.getByRole("heading", { level: 1, name: course.title }).waitFor();
    await expect(adminNav.getByRole("link", { name: "Courses" }).getAttribute("aria-current")).resolves.toBe("page");
    const courseUrl = admin.url();

    // The same address name again: the server's 409 shows on the field.
    await adminNav.getByRole("link", { name: "Courses" }).click();
    await admin.waitForURL(`${appUrl()}/admin/courses`);
    await newCourse.getByLabel("Title", { exact: true }).fill(`${course.title} again`);
    await newCourse.getByLabel("Address name").fill(course.slug);
    await newCourse.getByRole("button", { name: "Create course" }).click();
    await newCourse.getByText("Another course already uses that address name.").waitFor();
    await expect(newCourse.getByLabel("Address name").getAttribute("aria-invalid")).resolves.toBe("true");

    // Publish it from the list.
    const row = admin.getByRole("region", { name: "Courses" }).getByRole("row").filter({ hasText: course.title });
    await row.getByText("Draft", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Publish “${course.title}”` }).click();
    await row.getByText("Published", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Unpublish “${course.title}”` }).waitFor();

    // A lesson: creating it opens its editor.
    await row.getByRole("link", { name: course.title }).click();
    await admin.waitForURL(courseUrl);
    await admin.getByLabel("Lesson title").fill(lesson.title);
    await admin.getByLabel("Lesson address name").fill(lesson.slug);
    await admin.getByRole("button", { name: "Create and edit" }).click();
    await admin.waitForURL(/\/admin\/lessons\/[^/]+$/);
    const lessonUrl = admin.url();
    await admin.getByRole("heading", { level: 1, name: lesson.title }).waitFor();
    await expect(admin.getByLabel("Pass mark (%)").inputValue()).resolves.toBe("70");

    // Markdown with a live preview; the unsaved-changes indicator appears while typing.
    const unsaved = admin.getByText("You have unsaved changes");
    expect(await unsaved.count()).toBe(0);
    await admin.getByLabel("Lesson text (Markdown)").fill("## What moves a price\n\nA price moves when:\n\n- more people want to buy than sell\n- news changes what a company is worth\n");
    await unsaved.waitFor();
    const preview = admin.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { level: 2, name: "What moves a price" }).waitFor();
    await expect.poll(() => preview.getByRole("listitem").allInnerTexts()).toEqual(["more people want to buy than sell", "news changes what a company is worth"]);

    // A question with two answers, one correct; the second answer's text is left empty.
    await admin.getByRole("button", { name: "Add question" }).click();
    const question = admin.getByRole("group", { name: "Question 1" });
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe("lesson-questions-0-prompt");
    await question.getByLabel("Question text").fill("What makes a share price go up?");
    const answer1 = question.getByRole("group", { name: "Answer 1" });
    const answer2 = question.getByRole("group", { name: "Answer 2" });
    await answer1.getByLabel("Answer text").fill(right.text);
    await answer1.getByLabel("Correct answer").check();
    await answer1.getByLabel("Explanation").fill(right.explanation);
    await answer2.getByLabel("Explanation").fill(wrong.explanation);
    await admin.getByLabel("Published", { exact: true }).check();

    // Saving shows the problem: a summary at the top and the message at the empty field.
    await admin.getByRole("button", { name: "Save lesson" }).first().click();
    await admin.getByText("There is 1 problem with this lesson.").waitFor();
    await answer2.getByText("Enter the answer's text.").waitFor();
    await expect(answer2.getByLabel("Answer text").getAttribute("aria-invalid")).resolves.toBe("true");
    await admin.getByRole("link", { name: "Question 1, answer 2: answer text" }).click();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe("lesson-questions-0-options-1-text");
    await admin.keyboard.type(wrong.text);
    await expect.poll(() => answer2.getByText("Enter the answer's text.").count()).toBe(0);
    await expect.poll(() => admin.getByText("There is 1 problem with this lesson.").count()).toBe(0);
    await unsaved.waitFor();

    await admin.getByRole("button", { name: "Save lesson" }).first().click();
    await admin.getByText("Saved", { exact: true }).waitFor();
    expect(await unsaved.count()).toBe(0);
    await admin.getByRole("link", { name: "Learner's view" }).waitFor(); // shown once the lesson is published

    // Leaving with unsaved changes asks first; staying keeps the page and the text.
    await admin.getByLabel("Title", { exact: true }).fill(`${lesson.title} (draft)`);
    await unsaved.waitFor();
    const asked: string[] = [];
    admin.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await admin.getByRole("link", { name: "Back to the course" }).click();
    await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
    expect(admin.url()).toBe(lessonUrl);
    await expect(admin.getByLabel("Title", { exact: true }).inputValue()).resolves.toBe(`${lesson.title} (draft)`);
    // Undoing the change is no change.
    await admin.getByLabel("Title", { exact: true }).fill(lesson.title);
    await admin.getByText("Saved", { exact: true }).waitFor();

    // A second lesson, then the reorder buttons swap the two.
    await admin.getByRole("link", { name: "Back to the course" }).click();
    await admin.waitForURL(courseUrl);
    await admin.getByLabel("Lesson title").fill(second.title);
    await admin.getByLabel("Lesson address name").fill(second.slug);
    await admin.getByRole("button", { name: "Create and edit" }).click();
    await admin.waitForURL((url) => url.pathname.startsWith("/admin/lessons/") && url.href !== lessonUrl);
    await admin.getByRole("heading", { level: 1, name: second.title }).waitFor();
    await admin.getByRole("link", { name: "Back to the course" }).click();
    await admin.waitForURL(courseUrl);
    await expect.poll(() => rowTitles(admin, "Lessons (2)")).toEqual([lesson.title, second.title]);
    const first = admin.getByRole("row").filter({ hasText: lesson.title });
    await first.getByText("Published", { exact: true }).waitFor();
    await expect(first.getByRole("cell").nth(3).innerText()).resolves.toBe("1"); // one question
    await admin.getByRole("button", { name: `Move “${second.title}” up` }).click();
    await expect.poll(() => rowTitles(admin, "Lessons (2)")).toEqual([second.title, lesson.title]);
    // Focus stays with the moved lesson's buttons.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Move “${second.title}” down`);
    await admin.getByRole("button", { name: `Move “${second.title}” down` }).click();
    await expect.poll(() => rowTitles(admin, "Lessons (2)")).toEqual([lesson.title, second.title]);
    await admin.reload();
    await expect.poll(() => rowTitles(admin, "Lessons (2)")).toEqual([lesson.title, second.title]);

    // A member finds the course on /learn, reads the lesson and passes its quiz.
    const member = newPerson("learner");
    await registerViaApi(member);
    const learner = await (await devices.launch()).newPage();
    await signInAt(learner, member);
    await learner.waitForURL(`${appUrl()}/`);
    const refused = await learner.goto(`${appUrl()}/admin/courses`);
    expect(refused?.status()).toBe(403);
    await learner.getByRole("heading", { name: "This page is for admins only" }).waitFor();

    await learner.goto(`${appUrl()}/learn`);
    await learner.getByRole("link").filter({ has: learner.getByRole("heading", { name: course.title }) }).click();
    await learner.waitForURL(`${appUrl()}/learn/${course.slug}`);
    expect(await learner.getByRole("link", { name: second.title }).count()).toBe(0); // still a draft
    await learner.getByRole("link", { name: lesson.title }).click();
    await learner.waitForURL(`${appUrl()}/learn/${course.slug}/${lesson.slug}`);
    await learner.getByRole("heading", { level: 2, name: "What moves a price" }).waitFor();
    await learner.getByRole("button", { name: "I have read this lesson" }).click();
    await learner.getByText(/^Marked as read/).waitFor();
    await learner.getByRole("radio", { name: right.text }).check();
    await learner.getByRole("button", { name: "Submit answers" }).click();
    await learner.getByText("Passed!").waitFor();
    await learner.getByText(right.explanation).waitFor();

    // The admin deletes the course; the confirmation names it and what goes with it.
    await admin.goto(`${appUrl()}/admin/courses`);
    await row.getByRole("button", { name: `Delete “${course.title}”` }).click();
    const dialog = admin.getByRole("dialog", { name: `Delete “${course.title}”?` });
    await expect(dialog.innerText()).resolves.toContain("Its 2 lessons, their quizzes and every learner's progress in them are deleted too.");
    await dialog.getByRole("button", { name: "Delete course" }).click();
    await admin.getByText(`Deleted “${course.title}”.`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });
});
