import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForLink } from "../setup/mail-catcher";
import {
  appUrl,
  browserMissing,
  mailDir,
  newPerson,
  registerViaApi,
  sessionEmail,
  signInAt,
  signInWithPassword,
  useDevices,
  WRONG_PASSWORD,
} from "./helpers";

const SIGN_IN_LINK = /http:\/\/[^\s"<>]+\/api\/auth\/callback\/email\?[^\s"<>]+/;
const VERIFY_LINK = /http:\/\/[^\s"<>]+\/account\/verify-email\?token=[^\s"<>]+/;
const RESET_LINK = /http:\/\/[^\s"<>]+\/account\/reset-password\?token=[^\s"<>]+/;

/** Asks for a sign-in link on /login and returns the link from the mail that arrives. */
async function requestSignInLink(page: Page, email: string): Promise<string> {
  await page.goto(`${appUrl()}/login`);
  await page.getByLabel("Email or username", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("status").filter({ hasText: `Check your email: we sent a sign-in link to ${email}` }).waitFor();
  return waitForLink(mailDir(), email, SIGN_IN_LINK);
}

describe.skipIf(browserMissing)("emailed links", () => {
  const devices = useDevices();

  it("signs a new person in with the link from the mail", async () => {
    const { email } = newPerson("link");
    const page = await (await devices.launch()).newPage();
    const link = await requestSignInLink(page, email);
    expect(new URL(link).origin).toBe(appUrl());
    expect(await sessionEmail(page)).toBeNull();

    await page.goto(link);
    await page.waitForURL(`${appUrl()}/`);
    await page.getByRole("heading", { name: /^Welcome,/ }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    expect(await sessionEmail(page)).toBe(email);
  });

  it("takes an address back from someone who registered it with a password but never confirmed it", async () => {
    const victim = newPerson("victim");
    const attacker = { ...victim, name: "Squatter", password: "attacker password 1" };
    await registerViaApi(attacker);
    const attackerPage = await (await devices.launch()).newPage();
    await signInAt(attackerPage, attacker);
    await attackerPage.waitForURL(`${appUrl()}/`);
    await attackerPage.getByRole("heading", { name: "Welcome, Squatter" }).waitFor();

    // The real owner of the address signs in with an emailed link on their own device.
    const victimPage = await (await devices.launch()).newPage();
    const link = await requestSignInLink(victimPage, victim.email);
    await victimPage.goto(link);
    await victimPage.waitForURL(`${appUrl()}/`);
    await victimPage.getByRole("heading", { name: /^Welcome,/ }).waitFor();
    expect(await sessionEmail(victimPage)).toBe(victim.email);

    // The squatter's session has ended and their password no longer works.
    await attackerPage.reload();
    await attackerPage.waitForURL((url) => url.pathname === "/login");
    expect(await sessionEmail(attackerPage)).toBeNull();
    await signInWithPassword(attackerPage, attacker);
    await attackerPage.getByRole("alert").filter({ hasText: WRONG_PASSWORD }).waitFor();
    expect(new URL(attackerPage.url()).pathname).toBe("/login");
    expect(await sessionEmail(attackerPage)).toBeNull();
    // The owner stays signed in.
    await victimPage.reload();
    expect(await sessionEmail(victimPage)).toBe(victim.email);
  });

  it("resets a password through the emailed link, once", async () => {
    const person = newPerson("reset");
    await registerViaApi(person);
    const page = await (await devices.launch()).newPage();
    await page.goto(`${appUrl()}/login`);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").filter({ hasText: "a link to choose a new password is on its way" }).waitFor();
    const link = await waitForLink(mailDir(), person.email, RESET_LINK);

    const newPassword = "a brand new password";
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByRole("status").filter({ hasText: "Your password is changed." }).waitFor();

    await page.goto(`${appUrl()}/login`);
    await signInWithPassword(page, person);
    await page.getByRole("alert").filter({ hasText: WRONG_PASSWORD }).waitFor();
    expect(await sessionEmail(page)).toBeNull();
    await signInWithPassword(page, { email: person.email, password: newPassword });
    await page.waitForURL(`${appUrl()}/`);
    await page.getByRole("heading", { name: `Welcome, ${person.name}` }).waitFor();

    // The same link a second time is refused.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("yet another password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByRole("alert").filter({ hasText: "no longer valid" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Your password is changed." }).count()).toBe(0);
  });

  it("confirms a new address through the emailed link", async () => {
    const person = newPerson("verify");
    await registerViaApi(person);
    const link = await waitForLink(mailDir(), person.email, VERIFY_LINK);
    const page = await (await devices.launch()).newPage();
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.getByRole("status").filter({ hasText: `Thank you: ${person.email} is confirmed.` }).waitFor();
    const account = (await (await page.request.get(`${appUrl()}/api/account`)).json()) as { email: string; emailVerified: boolean };
    expect(account).toMatchObject({ email: person.email, emailVerified: true });
  });
});
