import { afterAll, beforeAll, inject } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../setup/browser";
import { uniqueEmail } from "../factories/emails";

export const appUrl = () => inject("appUrl");
export const mailDir = () => inject("mailDir");
/** Set when the global setup found no Chromium (outside CI): the suite's tests skip. */
export const browserMissing = !inject("appUrl");

/** One browser profile per test file, closed at the end. */
export function useBrowser() {
  const state: { context?: BrowserContext } = {};
  beforeAll(async () => {
    if (!browserMissing) state.context = await launchBrowser();
  });
  afterAll(async () => {
    await state.context?.close();
  });
  return {
    get context() {
      return state.context!;
    },
    async newPage(): Promise<Page> {
      const page = await state.context!.newPage();
      page.on("pageerror", (error) => {
        throw new Error(`Uncaught error in the page: ${error.message}`);
      });
      return page;
    },
  };
}

export interface Person {
  name: string;
  email: string;
  password: string;
}

export function newPerson(prefix = "e2e"): Person {
  return { name: `Tester ${prefix}`, email: uniqueEmail(prefix), password: "correct horse battery" };
}

/** Creates an account through the form on /login, which also signs the person in. */
export async function register(page: Page, person: Person, path = "/login") {
  await page.goto(`${appUrl()}${path}`);
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("Display name", { exact: true }).fill(person.name);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

export async function signInWithPassword(page: Page, person: Pick<Person, "email" | "password">) {
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Registers through the API (fast setup for tests about something else). */
export async function registerViaApi(person: Person): Promise<{ id: string; role: string }> {
  const res = await fetch(`${appUrl()}/api/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(person),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: { id: string; role: string } }).user;
}

export async function signOutFromMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
}

export { TEST_ADMIN } from "../setup/app-server";
