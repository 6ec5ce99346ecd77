import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, registerViaApi, signInWithPassword, useBrowser, WRONG_PASSWORD } from "./helpers";

/** Submits the sign-in form and returns the status of next-auth's credentials callback. */
async function attempt(page: Page, email: string, password: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/auth/callback/credentials"),
    signInWithPassword(page, { email, password }),
  ]);
  // The form is usable again once it has shown its answer.
  await expect.poll(() => page.getByRole("button", { name: "Sign in", exact: true }).isEnabled()).toBe(true);
  return response.status();
}

describe.skipIf(browserMissing)("too many sign-in attempts", () => {
  const browser = useBrowser();

  it("shows the wrong-password message three times, then how long to wait", async () => {
    // RATE_LIMIT_PER_ADDRESS=3 on the test server.
    const person = newPerson("limit");
    await registerViaApi(person);
    const page = await browser.newPage();
    await page.goto(`${appUrl()}/login`);
    const alert = page.getByRole("alert");

    for (let i = 1; i <= 3; i++) {
      expect(await attempt(page, person.email, `wrong password ${i}`), `attempt ${i}`).toBe(401);
      await alert.filter({ hasText: WRONG_PASSWORD }).waitFor();
    }

    expect(await attempt(page, person.email, "wrong password 4")).toBe(429);
    await alert.filter({ hasText: /Too many attempts\. Try again in \d+ minutes?\./ }).waitFor();
    expect(await alert.filter({ hasText: WRONG_PASSWORD }).count()).toBe(0);

    // While limited even the right password is refused, so guessing gains nothing.
    expect(await attempt(page, person.email, person.password)).toBe(429);
    await alert.filter({ hasText: /Try again in \d+ minutes?/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
