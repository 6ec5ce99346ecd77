import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

describe.skipIf(browserMissing)("the admin area", () => {
  const devices = useDevices();

  it("refuses a member; an admin promotes them, the audit log shows it, and their next page load is the admin area, still signed in", async () => {
    const member = newPerson("member");
    await registerViaApi(member);
    const memberPage = await (await devices.launch()).newPage();
    await signInAt(memberPage, member);
    await memberPage.waitForURL(`${appUrl()}/`);
    const sections = memberPage.getByRole("navigation", { name: "Sections", exact: true });
    await sections.getByRole("link", { name: "Settings" }).waitFor();
    expect(await sections.getByRole("link", { name: "Admin" }).count()).toBe(0);

    // Refused on the server: a 403 page and 403 JSON, not just a hidden link.
    const refused = await memberPage.goto(`${appUrl()}/admin`);
    expect(refused?.status()).toBe(403);
    await memberPage.getByRole("heading", { name: "This page is for admins only" }).waitFor();
    expect(await memberPage.getByRole("table").count()).toBe(0);
    const api = await memberPage.evaluate(async () => {
      const res = await fetch("/api/admin/users");
      return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as { error?: { code?: string } } };
    });
    expect(api.status).toBe(403);
    expect(api.type).toMatch(/^application\/json/);
    expect(api.body.error?.code).toBe("FORBIDDEN");

    // The admin finds the member and makes them an admin.
    const adminPage = await (await devices.launch()).newPage();
    await signInAt(adminPage, TEST_ADMIN, "?callbackUrl=%2Fadmin");
    await adminPage.waitForURL(`${appUrl()}/admin`);
    await adminPage.getByLabel("Search by name, email or username", { exact: true }).fill(member.email);
    const rows = adminPage.getByRole("table").getByRole("row").filter({ hasText: member.email });
    await expect.poll(() => adminPage.getByRole("table").getByRole("row").count()).toBe(2); // header + the member
    const row = rows.first();
    await row.getByText("Member", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Make admin" }).click();
    const dialog = adminPage.getByRole("dialog", { name: `Make ${member.name} an admin?` });
    await dialog.getByRole("button", { name: "Make admin" }).click();
    await row.getByText("Admin", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Make member" }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The audit log, filtered by action, has the entry.
    await adminPage.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Audit log" }).click();
    await adminPage.waitForURL(`${appUrl()}/admin/audit`);
    await adminPage.getByRole("combobox", { name: "Action" }).selectOption("admin.role-changed");
    const body = adminPage.getByRole("table").locator("tbody");
    await expect.poll(async () => [...new Set(await body.locator("tr td:nth-child(2)").allInnerTexts())]).toEqual(["admin.role-changed"]);
    const entry = body.getByRole("row").filter({ hasText: member.email });
    await entry.waitFor();
    await expect(entry.innerText()).resolves.toContain(TEST_ADMIN.email);
    const detail = await entry.getByRole("cell").last().innerText();
    // In words (a term and its value), not the stored JSON.
    expect(detail.replace(/\s+/g, " ").trim()).toBe("Change member → admin");

    // A role granted takes effect without signing them out (issue #23 §3, decision 067): the
    // page that refused them opens on the next load, with the Admin link.
    const opened = await memberPage.reload();
    expect(opened?.status()).toBe(200);
    expect(new URL(memberPage.url()).pathname).toBe("/admin");
    await memberPage.getByRole("heading", { name: "People" }).waitFor();
    await memberPage.getByRole("navigation", { name: "Sections", exact: true }).getByRole("link", { name: "Admin" }).waitFor();
  });
});
