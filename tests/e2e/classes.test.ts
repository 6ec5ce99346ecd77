/**
 * The classes journey in a real browser (docs/decisions/038-classes.md): an organiser creates
 * a class, pastes five names, gets the login sheet (printable: only the cards print), and a
 * student signs in on /login with a username from it and finds their class, with classmates
 * shown by first name and initial.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

const NAMES = ["Maya Kowalska", "Leo Brandt", "Ada Lovelace", "Émile Ørsted", "Noor Haddad"];

describe.skipIf(browserMissing)("classes", () => {
  const devices = useDevices();

  it("an organiser makes a class with five roster accounts; a student signs in with a username and sees the class", async () => {
    const organiser = newPerson("teacher");
    const { id } = await registerViaApi(organiser);
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

    // Signed in as a member, the teacher is made an organiser: the next page has the Classes
    // link, with no sign-in again (issue #23 §3, decision 067).
    const teacher = await (await devices.launch()).newPage();
    await signInAt(teacher, organiser);
    await teacher.waitForURL(`${appUrl()}/`);
    expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
    await teacher.reload();
    expect(new URL(teacher.url()).pathname).toBe("/");
    await teacher.getByRole("navigation", { name: "Sections", exact: true }).getByRole("link", { name: "Classes" }).waitFor();
    // The first page describes the teacher's path and leads to it.
    await teacher.getByRole("list", { name: "The teacher's path" }).waitFor();
    await teacher.getByRole("link", { name: "Open your classes" }).click();
    await teacher.waitForURL(`${appUrl()}/classes`);
    await teacher.getByLabel("Class name").fill("Economics 9B");
    await teacher.getByRole("button", { name: "Create class" }).click();
    await teacher.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
    const classPath = new URL(teacher.url()).pathname;
    await teacher.getByRole("heading", { name: "Economics 9B", level: 1 }).waitFor();

    await teacher.getByLabel("Students' names, one per line").fill(NAMES.join("\n"));
    await teacher.getByRole("button", { name: "Create 5 accounts" }).click();
    await teacher.getByRole("heading", { name: "Login sheet · Economics 9B" }).waitFor();
    const cards = teacher.getByRole("list", { name: "Login cards" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(5);
    const usernames = await teacher.getByTestId("card-username").allInnerTexts();
    const passwords = await teacher.getByTestId("card-password").allInnerTexts();
    expect(new Set(usernames).size).toBe(5);
    for (const username of usernames) expect(username).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
    for (const password of passwords) expect(password).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{4}(-[23456789abcdefghjkmnpqrstuvwxyz]{4}){2}$/);
    await expect(cards.first().innerText()).resolves.toContain("Maya Kowalska");

    // Printed, the sheet is the cards alone: no app frame, no buttons.
    await teacher.emulateMedia({ media: "print" });
    await expect.poll(() => teacher.getByRole("button", { name: "Print login sheet" }).isVisible()).toBe(false);
    expect(await teacher.getByRole("banner").isVisible()).toBe(false);
    expect(await cards.first().isVisible()).toBe(true);
    await teacher.emulateMedia({ media: "screen" });

    await teacher.getByRole("button", { name: "Back to the class" }).click();
    await teacher.getByRole("heading", { name: "Students (5)" }).waitFor();
    await teacher.getByRole("cell", { name: usernames[0]! }).waitFor();

    // The student: username and password from the sheet, on the ordinary sign-in form.
    const student = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await student.goto(`${appUrl()}/login`);
    await student.getByLabel("Email or username", { exact: true }).fill(usernames[0]!);
    await student.getByLabel("Password", { exact: true }).fill(passwords[0]!);
    await student.getByRole("button", { name: "Sign in", exact: true }).click();
    await student.waitForURL(`${appUrl()}/`);
    await student.getByRole("heading", { name: "Your class" }).waitFor();
    await student.getByRole("link", { name: "Open your class" }).click();
    await student.waitForURL(`${appUrl()}/classes`);
    await student.getByRole("link", { name: "Economics 9B" }).click();
    await student.waitForURL(`${appUrl()}${classPath}`);
    await student.getByRole("heading", { name: "Classmates (4)" }).waitFor();
    for (const shown of ["Ada L.", "Leo B.", "Noor H.", "Émile Ø."]) await student.getByText(shown, { exact: true }).waitFor();
    const text = await student.locator("main").innerText();
    expect(text).not.toMatch(/Brandt|Lovelace|Haddad/);
    for (const username of usernames) expect(text).not.toContain(username);
    // The teacher's page is not the student's: the join code and roster stay with the teacher.
    expect(await student.getByRole("heading", { name: "Join code" }).count()).toBe(0);
  });
});
