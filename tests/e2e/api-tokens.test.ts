/**
 * Settings → API tokens in a browser: create a token, copy it (shown once, gone after a
 * reload), use it from a script, revoke it. With SCREENSHOT_DIR set, the section is
 * photographed at 1280 and 390 pixels wide.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices, type Person } from "./helpers";

const script = (token: string, p = "/api/portfolio") => fetch(`${appUrl()}${p}`, { headers: { authorization: `Bearer ${token}` } });

describe.skipIf(browserMissing)("API tokens in settings", () => {
  const devices = useDevices();

  async function openSettings(person: Pick<Person, "email" | "password">, width = 1280): Promise<Page> {
    const { context, newPage } = await devices.launch({ viewport: { width, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
    const page = await newPage();
    await signInAt(page, person, "?callbackUrl=%2Fsettings");
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    return page;
  }

  async function shoot(page: Page, name: string) {
    const dir = process.env.SCREENSHOT_DIR;
    if (!dir) return;
    // An element screenshot scrolls under the sticky header; keep it out of the picture.
    await page.addStyleTag({ content: "header { position: static !important; }" });
    await page.getByRole("region", { name: "API tokens" }).screenshot({ path: path.join(dir, `${name}.png`) });
  }

  it("creates a token shown once, copies it, lists it with its last use, and revokes it", async () => {
    const person = newPerson("tokens");
    await registerViaApi(person);
    const page = await openSettings(person);
    const section = page.getByRole("region", { name: "API tokens" });
    await section.getByText("You have no API tokens yet.").waitFor();
    // A member is not offered the admin scope.
    expect(await section.getByRole("checkbox", { name: /^Admin/ }).count()).toBe(0);

    await section.getByLabel("Token name").fill("Nightly rebalancer");
    await section.getByRole("checkbox", { name: /^Trade/ }).check();
    await section.getByLabel("Expires after").selectOption({ label: "90 days" });
    await section.getByRole("button", { name: "Create token" }).click();

    const shown = section.getByTestId("new-token");
    await shown.waitFor();
    const token = (await shown.innerText()).trim();
    expect(token).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    await section.getByRole("button", { name: "Copy token" }).click();
    await section.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const item = section.getByRole("list", { name: "Your API tokens" }).getByRole("listitem").filter({ hasText: "Nightly rebalancer" });
    await item.getByText("read, trade").waitFor();
    await item.getByText("never used").waitFor();
    await shoot(page, "tokens-created-1280");

    // A script uses it; the list then says when.
    expect((await script(token)).status).toBe(200);
    await section.getByRole("button", { name: "I have stored it" }).click();
    expect(await section.getByTestId("new-token").count()).toBe(0);
    const response = await page.reload();
    // Shown once: not in the page the server renders, nor anywhere on the page after a reload.
    expect(await response!.text()).not.toContain(token);
    await item.getByText(/last used/).waitFor();
    expect(await page.content()).not.toContain(token);
    expect(await item.innerText()).toContain(token.slice(0, 10));

    await item.getByRole("button", { name: "Revoke Nightly rebalancer" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke “Nightly rebalancer”?" });
    await dialog.getByRole("button", { name: "Revoke token" }).click();
    await section.getByText("“Nightly rebalancer” is revoked").waitFor();
    await item.getByText("Revoked", { exact: true }).waitFor();
    expect(await item.getByRole("button", { name: /Revoke/ }).count()).toBe(0);
    expect((await script(token)).status).toBe(401);
    await shoot(page, "tokens-revoked-1280");
  });

  it("offers the admin scope to an admin, and says what is wrong before sending", async () => {
    const page = await openSettings(TEST_ADMIN);
    const section = page.getByRole("region", { name: "API tokens" });
    await section.getByRole("checkbox", { name: /^Admin/ }).waitFor();
    await section.getByRole("checkbox", { name: /^Read/ }).uncheck();
    await section.getByRole("button", { name: "Create token" }).click();
    await section.getByText("Name the token, e.g. after the script that uses it.").waitFor();
    await section.getByText("Choose at least one scope.").waitFor();

    await section.getByLabel("Token name").fill("Admin report");
    await section.getByRole("checkbox", { name: /^Admin/ }).check();
    await section.getByRole("button", { name: "Create token" }).click();
    const token = (await section.getByTestId("new-token").innerText()).trim();
    expect((await script(token, "/api/admin/users")).status).toBe(200);
    expect((await script(token, "/api/portfolio")).status).toBe(403);
  });

  it("fits a phone", async () => {
    const person = newPerson("tokphone");
    await registerViaApi(person);
    const page = await openSettings(person, 390);
    const section = page.getByRole("region", { name: "API tokens" });
    await section.getByText("You have no API tokens yet.").waitFor();
    await section.getByLabel("Token name").fill("Phone script with a rather long name");
    await section.getByRole("button", { name: "Create token" }).click();
    await section.getByTestId("new-token").waitFor();
    await section.getByRole("list", { name: "Your API tokens" }).waitFor();
    // Nothing in the section is wider than the screen (the token wraps instead).
    const overflow = await section.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, "tokens-created-390");
    if (process.env.SCREENSHOT_DIR) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "settings-top-390.png") });
    }
  });
});
