import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, newPerson, refocus, registerViaApi, signInAt, signInWithPassword, TEST_ADMIN, useDevices } from "./helpers";

describe.skipIf(browserMissing)("a page that needs a session", () => {
  const devices = useDevices();

  it("sends a person whose session ends while /settings is open to sign in, and back to /settings", async () => {
    const person = newPerson("required");
    await registerViaApi(person);
    const { newPage } = await devices.launch();
    const page = await newPage();
    await signInAt(page, person, "?callbackUrl=%2Fsettings");
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();

    // The session ends while the page stays open (every device is signed out)...
    const status = await page.evaluate(async () => (await fetch("/api/account/sign-out-everywhere", { method: "POST" })).status);
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/settings");
    // ...and the page finds out when the window regains focus.
    await refocus(page);
    await page.waitForURL((url) => url.pathname === "/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("error")).toBe("SessionRequired");
    expect(url.searchParams.get("callbackUrl")).toBe(`${appUrl()}/settings`);
    await page.getByRole("status").filter({ hasText: "Please sign in to see that page." }).waitFor();

    await signInWithPassword(page, person);
    await page.waitForURL(`${appUrl()}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  });

  it("keeps the path and query of a guarded address through sign-in", async () => {
    const { newPage } = await devices.launch();
    const page = await newPage();
    await page.goto(`${appUrl()}/admin/audit?x=1`);
    expect(page.url()).toBe(`${appUrl()}/login?callbackUrl=%2Fadmin%2Faudit%3Fx%3D1`);

    await signInWithPassword(page, TEST_ADMIN);
    await page.waitForURL(`${appUrl()}/admin/audit?x=1`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
  });

  for (const target of ["https://evil.example/", "javascript:alert(1)", "//evil.example/settings"]) {
    it(`never follows callbackUrl=${target} after sign-in: the person lands on /`, async () => {
      const person = newPerson("callback");
      await registerViaApi(person);
      const { newPage } = await devices.launch();
      const page = await newPage();
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await signInAt(page, person, `?callbackUrl=${encodeURIComponent(target)}`);
      await page.waitForURL(`${appUrl()}/`);
      await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();
      // A fresh load of /login with the same target, now signed in, also goes home (server side).
      const response = await page.goto(`${appUrl()}/login?callbackUrl=${encodeURIComponent(target)}`);
      expect(response?.url()).toBe(`${appUrl()}/`);
      await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();
      expect(dialogs).toBe(0);
    });
  }
});
