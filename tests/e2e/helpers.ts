import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser } from "../setup/browser";
import { uniqueEmail } from "../factories/emails";
import { HttpClient } from "../setup/http-client";

/**
 * This worker's app server: one per worker (tests/setup/e2e-global.ts), picked by vitest's
 * VITEST_POOL_ID (1…maxWorkers, never two running files at once), so a file has its server
 * to itself while it runs.
 */
export const appUrl = () => {
  const urls = inject("appUrls");
  return urls[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % urls.length]!;
};
export const mailDir = () => inject("mailDir");
/** Set when the global setup found no Chromium (outside CI): the suite's tests skip. */
/**
 * A page load's bound: generous, because e2e workers run three at once beside the PostgreSQL pass
 * on two cores (CI saw a 30 s `goto` time out there, and RapiDoc's render of the API reference
 * take over 60 s). A browser test checks what a page shows, not how fast: speed is measured in bench/.
 */
export const PAGE_LOADED_WITHIN_MS = 90_000;

export const browserMissing = inject("appUrls").length === 0;

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

/** The sign-in form: its first field takes an email address or a roster account's username. */
export async function signInWithPassword(page: Page, person: Pick<Person, "email" | "password">) {
  await page.getByLabel("Email or username", { exact: true }).fill(person.email);
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
export const WRONG_PASSWORD = "That email or username and password do not match";

/** The person the page's own session belongs to (null when signed out), read through next-auth's session call. */
export async function sessionEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch("/api/auth/session");
    const body = (await res.json()) as { user?: { email?: string } };
    return body.user?.email ?? null;
  });
}

/**
 * Waits until React has hydrated the element (its props are attached to the DOM node): a click on
 * a server-rendered control before the page's script ran is lost (a controlled checkbox keeps its
 * state: "Clicking the checkbox did not change its state"), as it would be for a person on a slow phone.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.waitFor();
  await locator.page().waitForFunction((el) => el !== null && Object.keys(el).some((key) => key.startsWith("__reactProps$")), await locator.elementHandle());
  return locator;
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
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
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

/** A person with a browser tab signed in (on its own device), and an HTTP client signed in as the same person. */
export async function trader(devices: ReturnType<typeof useDevices>, prefix: string, options: { timezoneId?: string } = {}) {
  const person: Person = newPerson(prefix);
  await registerViaApi(person);
  const client = new HttpClient(appUrl());
  await client.signIn(person.email, person.password);
  const page = await (await devices.launch(options)).newPage();
  await signInAt(page, person);
  await page.waitForURL(`${appUrl()}/`);
  return { person, client, page };
}

/** Moves an instrument's price as a tick would (the server's TEST_PRICE_CONTROL). */
export async function setPrice(client: HttpClient, symbol: string, price: string) {
  const res = await client.request("/api/test/prices", { method: "POST", json: { symbol, price } });
  if (res.status !== 200) throw new Error(`setting ${symbol} to ${price} failed: ${res.status} ${await res.text()}`);
}

/** Picks an instrument in the page's trade ticket; returns the ticket. */
export async function chooseInstrument(page: Page, symbol: string) {
  const ticket = page.getByRole("form", { name: "Trade ticket" });
  await ticket.getByRole("combobox", { name: "Instrument" }).fill(symbol);
  await ticket.getByRole("option", { name: new RegExp(`^${symbol}`) }).waitFor();
  await ticket.getByRole("combobox", { name: "Instrument" }).press("Enter");
  return ticket;
}

/**
 * The organiser moves a live event's end to `inMs` from now, as the product allows (a live
 * event's end may move to a time still ahead; docs/api.md, PATCH /api/admin/events/{slug}).
 * Tests create their events with an end far enough ahead for a loaded machine and call this
 * once the event has been joined and traded, instead of waiting out that margin (decision
 * 055). Refused only when the request arrived after the asked end (a very slow machine): then
 * asked again further ahead.
 */
export async function endEventSoon(admin: HttpClient, slug: string, inMs = 3_000): Promise<void> {
  for (let ahead = inMs; ; ahead *= 2) {
    const res = await admin.request(`/api/admin/events/${slug}`, { method: "PATCH", json: { endsAt: new Date(Date.now() + ahead).toISOString() } });
    if (res.status === 200) return;
    if (res.status !== 422 || ahead > 60_000) throw new Error(`moving the end of ${slug} failed: ${res.status} ${await res.text()}`);
  }
}
