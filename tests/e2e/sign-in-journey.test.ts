import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, register, signInWithPassword, signOutFromMenu, useBrowser } from "./helpers";

describe.skipIf(browserMissing)("a new person's journey", () => {
  const browser = useBrowser();

  it("registers, reaches every guarded section that exists, signs out and back in", async () => {
    const page = await browser.newPage();
    const person = newPerson("journey");
    await register(page, person);
    await page.waitForURL(`${appUrl()}/`);
    await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();

    await page.getByRole("navigation", { name: "Sections", exact: true }).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Portfolio" }).click();
    await page.waitForURL(`${appUrl()}/portfolio`);
    await page.getByRole("heading", { name: "Portfolio", level: 1 }).waitFor();

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Learn" }).click();
    await page.waitForURL(`${appUrl()}/learn`);
    await page.getByRole("heading", { name: "Learn", level: 1 }).waitFor();

    for (const [label, path, heading] of [["Events", "/events", /^Events$/], ["Ranking", "/ranking", /^Rankings?$/]] as const) {
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: label }).click();
      await page.waitForURL(`${appUrl()}${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    }

    await page.goto(`${appUrl()}/`);
    await signOutFromMenu(page, person.name);
    await page.waitForURL(/\/login/);
    const guarded = await page.goto(`${appUrl()}/settings`);
    expect(new URL(guarded!.url()).pathname).toBe("/login");
    expect(new URL(guarded!.url()).searchParams.get("callbackUrl")).toBe("/settings");

    await signInWithPassword(page, person);
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  });
});
