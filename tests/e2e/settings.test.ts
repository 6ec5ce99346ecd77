import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, sessionEmail, signInAt, signInWithPassword, useDevices, WRONG_PASSWORD, type Person } from "./helpers";

describe.skipIf(browserMissing)("settings", () => {
  const devices = useDevices();

  async function openSettings(person: Person): Promise<Page> {
    await registerViaApi(person);
    const page = await (await devices.launch()).newPage();
    await signInAt(page, person, "?callbackUrl=%2Fsettings");
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    return page;
  }

  /** Saves a new display name and waits until the header's account menu shows it. */
  async function saveDisplayName(page: Page, name: string) {
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("Display name", { exact: true }).fill(name);
    await profile.getByRole("button", { name: "Save profile" }).click();
    await page.getByRole("button", { name: `Account menu for ${name}` }).waitFor();
  }

  // Guards a bug that was: the session update call put the status to "loading", the
  // client guard swapped the page for a skeleton, and the form came back with the old name
  // (so a second save could silently restore it).
  it("a new display name shows in the header at once and after a reload", async () => {
    const person = newPerson("rename");
    const page = await openSettings(person);
    await page.getByRole("button", { name: `Account menu for ${person.name}` }).waitFor();
    const profile = page.getByRole("region", { name: "Profile" });
    const nameField = profile.getByLabel("Display name", { exact: true });

    const renamed = `Renamed ${person.email.slice(7, 17)}`;
    await saveDisplayName(page, renamed);
    expect(await page.getByRole("button", { name: `Account menu for ${person.name}` }).count()).toBe(0);
    await expect.soft(profile.getByRole("status").filter({ hasText: "Profile saved." }).waitFor({ timeout: 10_000 }), "the form confirms the save").resolves.toBeUndefined();
    await expect.soft(nameField.inputValue(), "the form keeps the saved name").resolves.toBe(renamed);

    await page.reload();
    await page.getByRole("button", { name: `Account menu for ${renamed}` }).waitFor();
    await expect(nameField.inputValue()).resolves.toBe(renamed);
  });

  it("the dark theme is set on <html> at once and rendered by the server after a reload", async () => {
    const page = await openSettings(newPerson("theme"));
    const html = () => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
    expect(await html()).toBeNull();

    await page.getByRole("combobox", { name: "Theme" }).selectOption({ label: "Dark" });
    expect(await html()).toBe("dark");
    await page.getByRole("region", { name: "Preferences" }).getByRole("status").filter({ hasText: "Preferences saved." }).waitFor();

    const response = await page.reload();
    // The server's own HTML carries the theme: no light flash before scripts run.
    expect(await response!.text()).toMatch(/<html[^>]*\sdata-theme="dark"/);
    expect(await html()).toBe("dark");
    await expect(page.getByRole("combobox", { name: "Theme" }).inputValue()).resolves.toBe("dark");
  });

  it("a display name that looks like HTML is shown as text and never runs", async () => {
    const person = newPerson("xss");
    const page = await openSettings(person);
    const payload = `<img src=x onerror="window.__xss=1">`;
    await saveDisplayName(page, payload);

    const menuButton = page.getByRole("button", { name: `Account menu for ${payload}` });
    await menuButton.waitFor();
    await expect(menuButton.innerText()).resolves.toContain(payload);
    await menuButton.click();
    // The button's label and the open menu's heading both show the name as plain text.
    await expect.poll(() => page.getByRole("banner").getByText(payload, { exact: true }).count()).toBe(2);

    await page.goto(`${appUrl()}/`);
    await page.getByRole("heading", { name: `Welcome, ${payload}` }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it("deletes the account only with the typed address and the password, says so; afterwards the password no longer signs in", async () => {
    const person = newPerson("delete");
    const page = await openSettings(person);
    await page.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirmation = dialog.getByLabel("Your email address", { exact: true });
    const password = dialog.getByLabel("Your password", { exact: true });

    await confirmation.fill("someone-else@example.test");
    await password.fill(person.password);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await dialog.getByText("Type your email address exactly to confirm.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect(await sessionEmail(page)).toBe(person.email);

    // The session alone is not enough: a wrong password keeps the account.
    await confirmation.fill(person.email);
    await password.fill("not my password");
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await dialog.getByText("Your current password is not correct.").waitFor();
    expect(await sessionEmail(page)).toBe(person.email);

    await password.fill(person.password);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await page.waitForURL((url) => url.pathname === "/account/deleted");
    await page.getByRole("heading", { name: "Your account is deleted" }).waitFor();
    expect(await sessionEmail(page)).toBeNull();
    await page.goto(`${appUrl()}/login`);

    await signInWithPassword(page, person);
    await page.getByRole("alert").filter({ hasText: WRONG_PASSWORD }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await sessionEmail(page)).toBeNull();
  });
});
