/**
 * The teacher's path of issue #23 §3 in a real browser: every student's report card reached by
 * links only (the roster, the student's view, the ended contest's page and board); a class
 * contest joined with one button (no code), and "Enrol everyone" gone once everyone is in;
 * random teams of N in one action, with team forming that names who is in which team, offers
 * only those not placed, and counts students.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, endEventSoon, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

interface Card {
  id: string;
  name: string;
  username: string;
  password: string;
}

/** An organiser (signed in over HTTP) with a class of these roster students. */
async function classOf(names: string[]) {
  const admin = new HttpClient(appUrl());
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const organiser = newPerson("path");
  const { id } = await registerViaApi(organiser);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  const teacher = new HttpClient(appUrl());
  await teacher.signIn(organiser.email, organiser.password);
  const klass = (await (await teacher.request("/api/classes", { method: "POST", json: { name: `Economics ${Date.now() % 1000}` } })).json()) as { id: string };
  const roster = await teacher.request(`/api/classes/${klass.id}/roster`, { method: "POST", json: { students: names.map((name) => ({ name })) } });
  expect(roster.status).toBe(201);
  const { students } = (await roster.json()) as { students: Card[] };
  return { admin, organiser, teacher, classPath: `/classes/${klass.id}`, classId: klass.id, students };
}

async function newContest(teacher: HttpClient, classId: string, title: string, teams: { min: number; max: number } | null = null) {
  const res = await teacher.request(`/api/classes/${classId}/contests`, {
    method: "POST",
    json: { title, startingCash: "10000.00", startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), teams },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { slug: string }).slug;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1 }).waitFor();

describe.skipIf(browserMissing)("the teacher's path", () => {
  const devices = useDevices();

  it("reaches every student's report card by links only: the roster, the student's view, the ended contest's page and its board", { timeout: 180_000 }, async () => {
    const { admin, organiser, teacher, classPath, classId } = await classOf(["Maya Kowalska", "Leo Brandt"]);
    const slug = await newContest(teacher, classId, "Links Cup");
    expect((await teacher.request(`/api/classes/${classId}/contests/${slug}/enrol`, { method: "POST" })).status).toBe(200);
    await endEventSoon(admin, slug);
    // The end is processed within a second or so of it: then the cards are ready.
    await expect.poll(async () => (await teacher.request(`/api/events/${slug}/report-cards`)).status, { timeout: 90_000, interval: 500 }).toBe(200);

    const page = await (await devices.launch()).newPage();
    await signInAt(page, organiser);
    await page.waitForURL(`${appUrl()}/`);

    // 1. The roster: each student's card in the ended contest.
    await page.goto(`${appUrl()}${classPath}`);
    await page.getByRole("link", { name: "Maya Kowalska's report card for Links Cup" }).click();
    await heading(page, "Report card: Maya Kowalska");

    // 2. The contest's row (the Contests section): the list of every card, each a link.
    await page.goto(`${appUrl()}${classPath}`);
    await page.getByRole("tab", { name: "Contests", exact: true }).click();
    await page.getByRole("link", { name: "Report cards of Links Cup" }).click();
    await heading(page, "Report cards");
    await page.getByRole("link", { name: "Report card of Leo B." }).click();
    await heading(page, "Report card: Leo Brandt");

    // 3. The ended contest's page: a link to every card, and each name on the final board opens one.
    await page.getByRole("link", { name: "Links Cup" }).first().click();
    await page.waitForURL(`${appUrl()}/events/${slug}`);
    await page.getByRole("link", { name: "Every participant's report card" }).waitFor();
    await page.getByRole("link", { name: "Maya K.: report card" }).click();
    await heading(page, "Report card: Maya Kowalska");

    // 4. The teacher's view of the student (its name on the roster) links the card.
    await page.goto(`${appUrl()}${classPath}`);
    await page.getByRole("table", { name: "Students of the class" }).getByRole("link", { name: "Leo Brandt", exact: true }).click();
    await heading(page, "Leo Brandt");
    await page.getByRole("link", { name: "Leo Brandt's report card" }).click();
    await heading(page, "Report card: Leo Brandt");
  });

  it("a class member joins the class contest from its page with one button; “Enrol everyone” gives way to “Everyone is in”", { timeout: 120_000 }, async () => {
    const { organiser, teacher, classPath, classId, students } = await classOf(["Maya Kowalska", "Leo Brandt"]);
    await newContest(teacher, classId, "Join Cup");

    // The student opens the contest from the class page: no code asked, one button.
    const student = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await signInAt(student, { email: students[0]!.username, password: students[0]!.password });
    await student.waitForURL(`${appUrl()}/`);
    await student.goto(`${appUrl()}${classPath}`);
    await student.getByRole("link", { name: "Join Cup", exact: true }).click();
    await student.waitForURL(/\/events\/[a-z0-9-]+$/);
    const join = student.getByRole("form", { name: "Join the event" });
    await join.getByRole("button", { name: "Join this event" }).waitFor();
    expect(await join.getByLabel("Join code").count()).toBe(0);
    await join.getByRole("button", { name: "Join this event" }).click();
    await student.getByRole("region", { name: "Your event portfolio" }).waitFor();

    // The teacher enrols the one left; then there is nobody to enrol.
    const page = await (await devices.launch()).newPage();
    await signInAt(page, organiser);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}${classPath}?section=contests`);
    await page.getByRole("button", { name: "Enrol everyone in Join Cup" }).click();
    await page.getByText("1 student enrolled in Join Cup; 1 already in.").waitFor();
    await page.getByText("Everyone is in").waitFor();
    expect(await page.getByRole("button", { name: "Enrol everyone in Join Cup" }).count()).toBe(0);
    // Reloaded, the same: the server counts who is in.
    await page.reload();
    await page.getByText("Everyone is in").waitFor();
    expect(await page.getByRole("button", { name: "Enrol everyone in Join Cup" }).count()).toBe(0);
  });

  it("makes random teams of N in one action; team forming names who is in which team, offers only the others, and counts students", { timeout: 120_000 }, async () => {
    const names = ["Maya Kowalska", "Leo Brandt", "Ada Lovelace", "Émile Ørsted", "Noor Haddad", "Ines Duarte", "Tomas Novak"];
    const { organiser, teacher, classPath, classId, students } = await classOf(names);
    const slug = await newContest(teacher, classId, "Team Cup", { min: 2, max: 3 });
    const byName = (name: string) => students.find((s) => s.name === name)!.id;
    const formed = await teacher.request(`/api/classes/${classId}/contests/${slug}/teams`, { method: "POST", json: { name: "Bulls", members: [byName("Maya Kowalska"), byName("Leo Brandt")] } });
    expect(formed.status).toBe(201);

    const page = await (await devices.launch()).newPage();
    await signInAt(page, organiser);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}${classPath}?section=contests`);
    const teams = page.getByRole("region", { name: "Teams of Team Cup" });
    await teams.getByText("2 of 7 students in 1 team.").waitFor();
    await teams.getByText("Already in a team: Leo Brandt (Bulls), Maya Kowalska (Bulls).").waitFor();
    const picker = teams.getByRole("group", { name: /Students not in a team/ });
    await expect.poll(() => picker.getByRole("checkbox").count()).toBe(5);
    expect(await picker.getByRole("checkbox", { name: "Maya Kowalska" }).count()).toBe(0);
    // The joined count is of students, not teams.
    const row = page.getByRole("table", { name: "The class's contests" }).getByRole("row").filter({ hasText: "Team Cup" });
    await expect.poll(() => row.innerText()).toMatch(/2\s+in 1 team/);

    // Random teams of 2 for the five others: 5 = 2 + 2 + 1, the one left spread: teams of 3 and 2.
    await teams.getByLabel("Random teams of").selectOption("2");
    await teams.getByRole("button", { name: "Make random teams" }).click();
    await teams.getByText(/^Made 2 teams from 5 students: Team 1 \(3\), Team 2 \(2\)\.$/).waitFor();
    await teams.getByText("7 of 7 students in 3 teams.").waitFor();
    await teams.getByText("Every student is in a team.").waitFor();
    expect(await teams.getByRole("button", { name: "Make random teams" }).count()).toBe(0);
    await expect.poll(() => row.innerText()).toMatch(/7\s+in 3 teams/);
  });

  it("on a phone the class page is one section at a time, reached by keyboard, and a student's actions are in a menu that asks before deleting", { timeout: 120_000 }, async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Student ${String.fromCharCode(65 + (i % 26))}${i} Phone`);
    const { organiser, teacher, classPath, classId } = await classOf(names);
    const slug = await newContest(teacher, classId, "Phone Cup");
    expect((await teacher.request(`/api/classes/${classId}/contests/${slug}/enrol`, { method: "POST" })).status).toBe(200);

    const page = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await signInAt(page, organiser);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}${classPath}`);
    const sections = page.getByRole("tablist", { name: "Sections of the class" });
    await sections.getByRole("tab", { name: "Students (30)", selected: true }).waitFor();
    await page.getByRole("table", { name: "Students of the class" }).waitFor();
    // One section, not the whole class (it was 11,990 px with every part one under another), and
    // no wall of red buttons: a row's actions are behind one menu button.
    expect(await page.getByRole("table", { name: /^Gradebook of/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: /^Actions for / }).count()).toBe(30);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(6000);

    // The keyboard: arrows move along the tabs, Enter opens one; its address follows.
    await sections.getByRole("tab", { name: "Students (30)" }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Gradebook");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${appUrl()}${classPath}?section=gradebook`);
    await page.getByRole("heading", { name: "Gradebook" }).first().waitFor();
    expect(await page.getByRole("table", { name: "Students of the class" }).count()).toBe(0);
    // The address opens the section (a reload, a link).
    await page.goto(`${appUrl()}${classPath}?section=contests`);
    await page.getByText("Everyone is in").waitFor();
    // On a phone the contests are a list like the roster: nothing scrolls sideways, the status stays in view.
    const contests = page.getByRole("table", { name: "The class's contests" });
    expect(await contests.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    expect(await contests.getByText("Live", { exact: true }).isVisible()).toBe(true);

    // The menu by keyboard: Delete is its last item; Escape backs out of the dialog to the menu button.
    await page.goto(`${appUrl()}${classPath}`);
    const victim = names.slice().sort((a, b) => a.localeCompare(b))[0]!;
    const menuButton = page.getByRole("button", { name: `Actions for ${victim}` });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Delete account…" }).waitFor();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Delete ${victim}'s account?` });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // Confirmed, the account goes, and the page says so.
    await menuButton.click();
    await menu.getByRole("menuitem", { name: "Delete account…" }).click();
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await page.getByText(`${victim}'s account was deleted.`).waitFor();
    await sections.getByRole("tab", { name: "Students (29)" }).waitFor();
  });
});
