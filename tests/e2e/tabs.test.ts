import { describe, expect, it } from "vitest";
import {
  appUrl,
  browserMissing,
  newPerson,
  refocus,
  registerViaApi,
  sessionEmail,
  signInAt,
  signInWithPassword,
  signOutFromMenu,
  useDevices,
} from "./helpers";

describe.skipIf(browserMissing)("open tabs and devices stay in step with the session", () => {
  const devices = useDevices();

  it("a sign-in in one tab moves the other tab on; a sign-out in one tab signs the other out", async () => {
    const person = newPerson("tabs");
    await registerViaApi(person);
    const browser = await devices.launch();
    const tabA = await browser.newPage();
    const tabB = await browser.newPage();
    await tabA.goto(`${appUrl()}/login`);
    await tabB.goto(`${appUrl()}/login`);
    await tabB.getByRole("button", { name: "Sign in", exact: true }).waitFor();

    // The form signs in with redirect:false; next-auth alone would not tell tab B.
    await signInWithPassword(tabA, person);
    await tabA.waitForURL(`${appUrl()}/`);
    await tabB.waitForURL(`${appUrl()}/`);
    await tabB.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();

    await tabB.goto(`${appUrl()}/settings`);
    await tabB.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await signOutFromMenu(tabA, person.name);
    await tabA.waitForURL((url) => url.pathname === "/login");
    await tabB.waitForURL((url) => url.pathname === "/login");
    expect(new URL(tabB.url()).searchParams.get("error")).toBe("SessionRequired");
    await tabB.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await sessionEmail(tabB)).toBeNull();
  });

  it("a device signed out from another device finds out when its window regains focus", async () => {
    const person = newPerson("focus");
    await registerViaApi(person);
    const laptop = await (await devices.launch()).newPage();
    const phone = await (await devices.launch()).newPage();
    await signInAt(laptop, person, "?callbackUrl=%2Fsettings");
    await laptop.waitForURL(`${appUrl()}/settings`);
    await laptop.getByRole("heading", { name: "Settings", level: 1 }).waitFor();

    await signInAt(phone, person, "?callbackUrl=%2Fsettings");
    await phone.waitForURL(`${appUrl()}/settings`);
    await phone.getByRole("button", { name: "Sign out all devices" }).click();
    const dialog = phone.getByRole("dialog", { name: "Sign out all devices?" });
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await phone.waitForURL((url) => url.pathname === "/login");
    expect(await sessionEmail(phone)).toBeNull();

    // The laptop has heard nothing yet: another browser shares no storage with the phone.
    expect(new URL(laptop.url()).pathname).toBe("/settings");
    await refocus(laptop);
    await laptop.waitForURL((url) => url.pathname === "/login");
    const url = new URL(laptop.url());
    expect(url.searchParams.get("error")).toBe("SessionRequired");
    expect(url.searchParams.get("callbackUrl")).toBe(`${appUrl()}/settings`);
  });
});
