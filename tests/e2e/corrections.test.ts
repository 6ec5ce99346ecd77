/**
 * Corrections in a real browser (docs/decisions/041-corrections.md): a teacher reverses a
 * student's fill and adjusts their cash from the class's student page, sees a refusal worded
 * by the server, and the student finds both corrections — with the reasons — on /portfolio,
 * and both rows of the reversal marked in the fill history.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

describe.skipIf(browserMissing)("corrections", () => {
  const devices = useDevices();

  it("a teacher reverses a student's sale and adds cash; the student sees both notices and both fills marked", { timeout: 150_000 }, async () => {
    const organiser = newPerson("corr-teacher");
    const { id } = await registerViaApi(organiser);
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
    const api = new HttpClient(appUrl());
    await api.signIn(organiser.email, organiser.password);
    const klass = (await (await api.request("/api/classes", { method: "POST", json: { name: "Markets 10A" } })).json()) as { id: string };
    const [card] = ((await (await api.request(`/api/classes/${klass.id}/roster`, { method: "POST", json: { students: [{ name: "Maya Kowalska" }] } })).json()) as {
      students: Array<{ id: string; username: string; password: string }>;
    }).students;

    // The student trades: 5 bought, 2 sold.
    const studentApi = new HttpClient(appUrl());
    await studentApi.signIn(card!.username, card!.password);
    const { items } = (await (await studentApi.request("/api/instruments")).json()) as { items: Array<{ symbol: string; kind: string; active: boolean }> };
    const symbol = items.find((i) => i.kind === "stock" && i.active)!.symbol;
    const portfolio = (await (await studentApi.request("/api/portfolio")).json()) as { id: string };
    for (const [side, quantity] of [["buy", 5], ["sell", 2]] as const) {
      const res = await studentApi.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol, side, type: "market", quantity } });
      expect(res.status).toBe(201);
    }

    const teacher = await (await devices.launch()).newPage();
    await signInAt(teacher, organiser);
    await teacher.waitForURL(`${appUrl()}/`);
    await teacher.goto(`${appUrl()}/classes/${klass.id}/students/${card!.id}`);
    await teacher.getByRole("heading", { name: "Maya Kowalska", level: 1 }).waitFor();

    await teacher.getByRole("button", { name: new RegExp(`^Reverse the sell of 2 ${symbol} at`) }).click();
    const dialog = teacher.getByRole("dialog", { name: new RegExp(`^Reverse the sell of 2 ${symbol}`) });
    await dialog.getByLabel("Reason").fill("Sold by mistake during the demo");
    await dialog.getByRole("button", { name: "Reverse fill" }).click();
    await teacher.getByText(new RegExp(`^Reversed the sell of 2 ${symbol}`)).waitFor();
    await teacher.getByRole("cell").filter({ hasText: "Reversed" }).first().waitFor();

    // A refusal comes back in the server's words.
    const adjust = teacher.getByRole("form", { name: "Adjust cash" });
    await adjust.getByLabel("Amount").fill("-1000000.00");
    await adjust.getByLabel("Reason").fill("Too much");
    await adjust.getByRole("button", { name: "Adjust cash" }).click();
    await adjust.getByRole("alert").filter({ hasText: "Cash never goes negative" }).waitFor();

    await adjust.getByLabel("Amount").fill("250.00");
    await adjust.getByLabel("Reason").fill("Prize for the best trade journal");
    await adjust.getByRole("button", { name: "Adjust cash" }).click();
    await teacher.getByText("Added 250.00 to the cash.", { exact: true }).waitFor();

    // The student, on a phone.
    const student = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await student.goto(`${appUrl()}/login`);
    await student.getByLabel("Email or username", { exact: true }).fill(card!.username);
    await student.getByLabel("Password", { exact: true }).fill(card!.password);
    await student.getByRole("button", { name: "Sign in", exact: true }).click();
    await student.waitForURL(`${appUrl()}/`);
    await student.goto(`${appUrl()}/portfolio`);
    const notices = student.getByRole("region", { name: "Corrections" });
    await notices.getByText(new RegExp(`^Your teacher reversed the sell of 2 ${symbol} at`)).waitFor();
    await notices.getByText("Your teacher added 250.00 to the cash.").waitFor();
    await notices.getByText("Sold by mistake during the demo").waitFor();
    await notices.getByText("Prize for the best trade journal").waitFor();

    await student.getByLabel("Show").selectOption("fills");
    const fills = student.getByRole("table", { name: "Fills" });
    await fills.getByText("Correction", { exact: true }).waitFor();
    await fills.getByText("Reversed", { exact: true }).waitFor();
    // The reversal's row says "Correction" once: its badge, then the reason ("Reverses the sell …").
    expect(((await fills.textContent()) ?? "").match(/Correction/g)).toHaveLength(1);
    await fills.getByText(new RegExp(`Reverses the sell of 2 ${symbol} at`)).waitFor();
    await expect.poll(() => fills.getByRole("row").count()).toBe(4);
  });
});
