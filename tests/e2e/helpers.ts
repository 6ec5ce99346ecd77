import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../setup/browser";
import { uniqueEmail } from "../factories/emails";

export const appUrl = () => inject("appUrl");
export const mailDir = () => inject("mailDir");
/** Set when the global setup found no Chromium (outside CI): the suite's tests skip. */
export const browserMissing = !inject("appUrl");

type Viewport = { width: number; height: number };

/** A new tab in `context` whose uncaught errors fail the test. */
export async function watchedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`Uncaught error in the page: ${error.message}`);
  });
  return page;
}

/** One browser profile per test file, closed at the end. */
export function useBrowser(options: { viewport?: Viewport } = {}) {
  const state: { context?: BrowserContext } = {};
  beforeAll(async () => {
    if (!browserMissing) state.context = await launchBrowser(options);
  });
  afterAll(async () => {
    await state.context?.close();
  });
  return {
    get context() {
      return state.context!;
    },
    newPage(): Promise<Page> {
      return watchedPage(state.context!);
    },
  };
}

/**
 * Separate "devices" for one test: each launch() is a new browser profile (its own cookies
 * and storage), and every one is closed after the test, so no test inherits a session.
 */
export function useDevices() {
  const open: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return {
    async launch(options: { viewport?: Viewport; timezoneId?: string } = {}) {
      const context = await launchBrowser(options);
      open.push(context);
      return { context, newPage: () => watchedPage(context) };
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

/** Opens /login (optionally with a query string) and signs in with a password. */
export async function signInAt(page: Page, person: Pick<Person, "email" | "password">, query = "") {
  await page.goto(`${appUrl()}/login${query}`);
  await signInWithPassword(page, person);
}

/** The sign-in form's answer to a wrong password (CredentialsSignin). */
export const WRONG_PASSWORD = "That email and password do not match";

/** The person the page's own session belongs to (null when signed out), read through next-auth's session call. */
export async function sessionEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch("/api/auth/session");
    const body = (await res.json()) as { user?: { email?: string } };
    return body.user?.email ?? null;
  });
}

/** What the browser does when the window regains focus: the page becomes visible and focused. */
export async function refocus(page: Page) {
  await page.evaluate(() => {
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("focus"));
  });
}

export async function signOutFromMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
}

export { TEST_ADMIN } from "../setup/app-server";

/** The browser's local wall time `offsetMs` from now, as a datetime-local input takes it. */
export async function localTime(page: Page, offsetMs: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, offsetMs);
}
