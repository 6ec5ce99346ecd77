/**
 * Assignments in a real browser (docs/decisions/039-assignments.md): a teacher sets an
 * assignment on the class page, a student makes a trade, the teacher sees the progress in the
 * gradebook and downloads the CSV with one click; the student sees their progress with its
 * evidence on a phone-sized screen.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

describe.skipIf(browserMissing)("assignments", () => {
  const devices = useDevices();

  it("a teacher sets an assignment, a student trades, the gradebook shows it and downloads as CSV", { timeout: 180_000 }, async () => {
    const organiser = newPerson("assign-teacher");
    const { id } = await registerViaApi(organiser);
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
    const api = new HttpClient(appUrl());
    await api.signIn(organiser.email, organiser.password);
    const klass = (await (await api.request("/api/classes", { method: "POST", json: { name: "Markets 10A" } })).json()) as { id: string };
    const roster = await api.request(`/api/classes/${klass.id}/roster`, { method: "POST", json: { students: [{ name: "Maya Kowalska" }] } });
    const [card] = ((await roster.json()) as { students: Array<{ username: string; password: string }> }).students;

    const teacher = await (await devices.launch()).newPage();
    await signInAt(teacher, organiser);
    await teacher.waitForURL(`${appUrl()}/`);
    await teacher.goto(`${appUrl()}/classes/${klass.id}?section=assignments`);
    await teacher.getByRole("button", { name: "New assignment" }).click();
    const form = teacher.getByRole("form", { name: "New assignment" });
    await form.getByLabel("Title").fill("First trade");
    await form.getByLabel("How many").fill("1");
    await form.getByRole("button", { name: "Set assignment" }).click();
    await teacher.getByText("“First trade” was set.").waitFor();
    await teacher.getByText("0 of 1 complete").waitFor();

    // The student trades (through the API, as the trade ticket does).
    const student = new HttpClient(appUrl());
    await student.signIn(card!.username, card!.password);
    const instruments = (await (await student.request("/api/instruments")).json()) as { items: Array<{ symbol: string; kind: string; active: boolean }> };
    const symbol = instruments.items.find((i) => i.kind === "stock" && i.active)!.symbol;
    const portfolio = (await (await student.request("/api/portfolio")).json()) as { id: string };
    const placed = await student.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 1 } });
    expect(placed.status).toBe(201);

    await teacher.reload();
    await teacher.getByText("1 of 1 complete").waitFor();
    await teacher.getByRole("tab", { name: "Gradebook", exact: true }).click();
    const gradebook = teacher.getByRole("table", { name: "Gradebook of Markets 10A" });
    await gradebook.getByRole("row", { name: /Maya Kowalska/ }).getByText("100 %").waitFor();
    const [download] = await Promise.all([teacher.waitForEvent("download"), teacher.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("markets-10a-gradebook-canvas.csv");
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toBe("Student,ID,SIS User ID,SIS Login ID,Section,First trade");
    expect(csv).toMatch(/"Kowalska, Maya",,[^,]+,[^,]+,Markets 10A,100\r\n/);

    // The student's own view, on a phone: the task done, with the order as evidence.
    const phone = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(`${appUrl()}/login`);
    await phone.getByLabel("Email or username", { exact: true }).fill(card!.username);
    await phone.getByLabel("Password", { exact: true }).fill(card!.password);
    await phone.getByRole("button", { name: "Sign in", exact: true }).click();
    await phone.waitForURL(`${appUrl()}/`);
    await phone.goto(`${appUrl()}/classes/${klass.id}`);
    await phone.getByText("1 of 1 done").waitFor();
    await phone.getByRole("list", { name: "Evidence" }).getByText(new RegExp(`market order, ${symbol}`)).waitFor();
    expect(await phone.getByRole("heading", { name: "Gradebook" }).count()).toBe(0);
  });
});
