import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, useBrowser } from "./helpers";

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? null);

describe.skipIf(browserMissing)("on a phone, and with the keyboard only", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("hides the sections behind a Menu button, and the account menu works from the keyboard", async () => {
    const person = newPerson("phone");
    await registerViaApi(person);
    const page = await browser.newPage();
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();

    const menu = page.getByRole("button", { name: "Menu", exact: true });
    const sections = page.getByRole("navigation", { name: "Sections", exact: true });
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await sections.isVisible()).toBe(false);
    await menu.click();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await sections.getByRole("link", { name: "Settings" }).waitFor({ state: "visible" });
    await sections.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${appUrl()}/settings`);
    // Moving on closes the menu again.
    await sections.waitFor({ state: "hidden" });
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");

    // Keyboard: Tab from the top of the page to the account menu.
    await page.goto(`${appUrl()}/`);
    await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();
    const account = `Account menu for ${person.name}`;
    for (let presses = 0; (await focusedLabel(page)) !== account; presses++) {
      expect(presses, "Tab presses to reach the account menu").toBeLessThan(10);
      await page.keyboard.press("Tab");
    }
    const accountButton = page.getByRole("button", { name: account });
    expect(await accountButton.getAttribute("aria-haspopup")).toBe("menu");
    // The menu button pattern: Enter opens the menu on its first item; the arrow keys walk it.
    await page.keyboard.press("Enter");
    await expect(accountButton.getAttribute("aria-expanded")).resolves.toBe("true");
    const accountMenu = page.getByRole("menu", { name: new RegExp(person.name) });
    await accountMenu.getByRole("menuitem", { name: "Sign out", exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Settings");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => [document.activeElement?.getAttribute("role"), document.activeElement?.textContent])).toEqual(["menuitemradio", "System"]);
    await page.keyboard.press("End");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Sign out");
    // Escape: the menu closes and focus returns to its button.
    await page.keyboard.press("Escape");
    await accountMenu.waitFor({ state: "detached" });
    await expect(accountButton.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await focusedLabel(page)).toBe(account);
  });
});
