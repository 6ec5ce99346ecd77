/**
 * Browsers outside UTC: every main page renders and hydrates without a page error or a
 * console error (React's hydration error #418 is what a server and a browser formatting a
 * time in different zones produce), for a member and for an admin, in New York (UTC−5/−4)
 * and Auckland (UTC+13/+12). And a displayed time follows the profile's zone, not the
 * browser's, with the page saying which zone it shows.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { timeFormat } from "@/lib/format";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, setPrice, signInAt, TEST_ADMIN, useDevices } from "./helpers";

const ZONES = ["America/New_York", "Pacific/Auckland"] as const;
const HOUR = 3_600_000;

/**
 * Every error the page reports: uncaught exceptions (React 19 reports #418 there) and
 * console.error. The page is a plain one, not watchedPage(): its throwing listener would stop
 * this one from hearing the error, and the test could not say which page failed.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** Opens each path, waits until the page has settled (scripts ran, no requests pending), and returns the errors per path. */
async function visit(page: Page, errors: string[], paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    errors.length = 0;
    const res = await page.goto(`${appUrl()}${path}`, { waitUntil: "networkidle" });
    expect(res?.status(), path).toBe(200);
    // The app's own element is there: the page rendered, not an error screen.
    await page.locator("main").first().waitFor();
    if (errors.length) found[path] = [...errors];
  }
  return found;
}

async function createEvent(admin: HttpClient): Promise<{ slug: string; startsAt: string }> {
  const res = await admin.request("/api/admin/events", {
    method: "POST",
    json: {
      title: `Zone cup ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      startingCash: "25000.00",
      visibility: "public",
    },
  });
  if (res.status !== 201) throw new Error(`creating the event failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { slug: string; event: { startsAt: string } };
  return { slug: body.slug, startsAt: body.event.startsAt };
}

async function practicePortfolioId(client: HttpClient): Promise<string> {
  const res = await client.request("/api/portfolio");
  return ((await res.json()) as { id: string }).id;
}

async function placeLimitBuy(client: HttpClient, portfolioId: string, symbol: string) {
  const res = await client.request(`/api/portfolios/${portfolioId}/orders`, {
    method: "POST",
    json: { symbol, side: "buy", type: "limit", quantity: 2, limitPrice: "10.00", timeInForce: "gtc" },
  });
  if (res.status !== 201) throw new Error(`placing the order failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { order: { id: string; createdAt: string } }).order;
}

describe.skipIf(browserMissing)("pages in a browser outside UTC", () => {
  const devices = useDevices();

  for (const zone of ZONES) {
    it(`renders every main page without a page or console error in ${zone}`, { timeout: 300_000 }, async () => {
      const adminClient = new HttpClient(appUrl());
      await adminClient.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      const { slug } = await createEvent(adminClient);

      // A member with something timed on every page: a resting order, a fill, a price history.
      const person = newPerson("zones");
      await registerViaApi(person);
      const client = new HttpClient(appUrl());
      await client.signIn(person.email, person.password);
      await setPrice(client, "BHFD", "60.00");
      const portfolioId = await practicePortfolioId(client);
      await placeLimitBuy(client, portfolioId, "BHFD");
      const market = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol: "BHFD", side: "buy", type: "market", quantity: 1 } });
      expect(market.status).toBe(201);

      const member = await (await devices.launch({ timezoneId: zone })).context.newPage();
      const memberErrors = collectErrors(member);
      await signInAt(member, person);
      await member.waitForURL(`${appUrl()}/`);
      const memberFound = await visit(member, memberErrors, [
        "/",
        "/portfolio",
        "/portfolio/market",
        "/portfolio/instruments/BHFD",
        "/events",
        `/events/${slug}`,
        "/ranking",
        "/learn",
        "/settings",
      ]);
      // The history is read in the browser: its rows must be there and fine too.
      memberErrors.length = 0;
      await member.goto(`${appUrl()}/portfolio`, { waitUntil: "networkidle" });
      await member.getByRole("table", { name: "Order history" }).getByText("BHFD").first().waitFor();
      if (memberErrors.length) memberFound["/portfolio (history)"] = [...memberErrors];

      const admin = await (await devices.launch({ timezoneId: zone })).context.newPage();
      const adminErrors = collectErrors(admin);
      await signInAt(admin, TEST_ADMIN);
      await admin.waitForURL(`${appUrl()}/`);
      const adminFound = await visit(admin, adminErrors, ["/admin", "/admin/audit", "/admin/events", `/admin/events/${slug}`, "/admin/instruments", "/admin/datasets", "/admin/courses"]);

      expect({ ...memberFound, ...adminFound }).toEqual({});
    });
  }

  it("shows times in the profile's zone, not the browser's, and says which zone", { timeout: 120_000 }, async () => {
    const person = newPerson("profilezone");
    await registerViaApi(person);
    const client = new HttpClient(appUrl());
    await client.signIn(person.email, person.password);
    // Kolkata is UTC+05:30 all year: no browser zone of this test prints its times.
    const saved = await client.request("/api/account", { method: "PATCH", json: { timeZone: "Asia/Kolkata" } });
    expect(saved.status).toBe(200);
    await setPrice(client, "OTMG", "40.00");
    const order = await placeLimitBuy(client, await practicePortfolioId(client), "OTMG");

    const page = await (await devices.launch({ timezoneId: "America/New_York" })).context.newPage();
    const errors = collectErrors(page);
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    // The dashboard says where "today" begins — 00:00 UTC for everyone, read on the person's clock
    // — and promises the time zone moves only what it moves (issue #23 §4).
    const kolkataMidnight = timeFormat("Asia/Kolkata").dateTime(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    await page.getByText(`since 00:00 UTC (${kolkataMidnight} in Asia/Kolkata)`).waitFor();
    expect(await page.getByText("daily results follow your own day").count()).toBe(0);
    await page.goto(`${appUrl()}/portfolio`, { waitUntil: "networkidle" });

    // The order's time as Kolkata's wall clock reads it (hours and minutes, 24-hour).
    const wall = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(order.createdAt));
    const newYork = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(order.createdAt));
    const openOrders = page.getByRole("list", { name: "Open orders" });
    await openOrders.getByText("Buy 2 OTMG · Limit").waitFor();
    const placed = (await openOrders.locator("li").filter({ hasText: "OTMG" }).first().textContent()) ?? "";
    expect(placed).toContain(wall);
    expect(placed).not.toContain(newYork);
    await page.getByText("Times in Asia/Kolkata").first().waitFor();
    expect(errors).toEqual([]);

    // Back to "the browser's" zone: the page now follows the browser (New York), and says so.
    const cleared = await client.request("/api/account", { method: "PATCH", json: { timeZone: null } });
    expect(cleared.status).toBe(200);
    await page.goto(`${appUrl()}/portfolio`, { waitUntil: "networkidle" });
    await page.getByText("Times in America/New_York").first().waitFor();
    const again = (await openOrders.locator("li").filter({ hasText: "OTMG" }).first().textContent()) ?? "";
    expect(again).toContain(newYork);

    // The time-zone picker searches: "berl", ↓, Enter picks Europe/Berlin, and saving keeps it.
    await page.goto(`${appUrl()}/settings`, { waitUntil: "networkidle" });
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await zone.fill("berl");
    await page.getByRole("listbox", { name: "Time zones" }).getByRole("option", { name: /Europe\/Berlin/ }).waitFor();
    await zone.press("ArrowDown");
    await zone.press("Enter");
    expect(await zone.inputValue()).toBe("Europe/Berlin");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByRole("status").filter({ hasText: "Profile saved." }).waitFor();
    expect(((await (await client.request("/api/account")).json()) as { timeZone: string | null }).timeZone).toBe("Europe/Berlin");
    expect(errors).toEqual([]);
  });

  it("reads and writes the event form's wall times in the profile's zone", { timeout: 120_000 }, async () => {
    // An organiser in Kolkata (profile) on a laptop set to New York.
    const organiser = newPerson("organiser");
    const { id } = await registerViaApi(organiser);
    const adminClient = new HttpClient(appUrl());
    await adminClient.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await adminClient.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "admin" } })).status).toBe(200);
    const client = new HttpClient(appUrl());
    await client.signIn(organiser.email, organiser.password);
    expect((await client.request("/api/account", { method: "PATCH", json: { timeZone: "Asia/Kolkata" } })).status).toBe(200);
    const { slug, startsAt } = await createEvent(client);

    const page = await (await devices.launch({ timezoneId: "America/New_York" })).context.newPage();
    const errors = collectErrors(page);
    await signInAt(page, organiser);
    await page.waitForURL(`${appUrl()}/`);

    // An existing event's start, as Kolkata's clock reads it.
    await page.goto(`${appUrl()}/admin/events/${slug}`, { waitUntil: "networkidle" });
    const edit = page.getByRole("form", { name: "Edit event" });
    expect((await edit.getByLabel(/^Starts \(/).inputValue()).slice(0, 16)).toBe(timeFormat("Asia/Kolkata").wallTime(startsAt));
    await edit.getByLabel("Starts (Asia/Kolkata time)").waitFor();

    // A new event at 10:00 Kolkata time starts at 04:30 UTC, whatever the laptop's zone.
    await page.goto(`${appUrl()}/admin/events`, { waitUntil: "networkidle" });
    const create = page.getByRole("form", { name: "Create an event" });
    const title = `Kolkata cup ${Date.now()}`;
    await create.getByLabel("Title").fill(title);
    await create.getByLabel(/^Starts \(/).fill("2030-01-15T10:00");
    await create.getByLabel(/^Ends \(/).fill("2030-01-22T10:00");
    await create.getByRole("button", { name: "Create event" }).click();
    const created = page.getByRole("status").filter({ hasText: "Created" });
    await created.waitFor();
    const newSlug = (await created.getByRole("link", { name: title }).getAttribute("href"))!.split("/").pop()!;
    const saved = (await (await client.request(`/api/admin/events/${newSlug}`)).json()) as { event: { startsAt: string; endsAt: string } };
    expect(saved.event.startsAt).toBe("2030-01-15T04:30:00.000Z");
    expect(saved.event.endsAt).toBe("2030-01-22T04:30:00.000Z");
    expect(errors).toEqual([]);
  });
});
