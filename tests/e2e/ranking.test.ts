/**
 * Rankings in the browser: two members trade, the boards refresh, /ranking shows both with
 * the viewer's own row marked; one opts out in settings and the other then sees a handle. The
 * boards are tabs of the page: choosing one (the Events tab too) never leaves it.
 * Instruments RMWL and TBXT are used by no other browser test, so their prices are ours.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, hydrated, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices, type Person } from "./helpers";

async function member(prefix: string) {
  const person: Person = newPerson(prefix);
  await registerViaApi(person);
  const client = new HttpClient(appUrl());
  await client.signIn(person.email, person.password);
  return { person, client };
}

async function ok(res: Response, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function buy(client: HttpClient, symbol: string, quantity: number) {
  const portfolio = await ok(await client.request("/api/portfolio"), "portfolio");
  await ok(
    await client.request(`/api/portfolios/${portfolio.id as string}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity } }),
    `buy ${symbol}`,
  );
}

const setPrice = async (client: HttpClient, symbol: string, price: string) =>
  ok(await client.request("/api/test/prices", { method: "POST", json: { symbol, price } }), `price ${symbol}`);

describe.skipIf(browserMissing)("rankings in the browser", () => {
  const devices = useDevices();

  it("shows two traders with the own row marked, and a handle once one opts out", async () => {
    const alice = await member("rank-alice");
    const bob = await member("rank-bob");
    await setPrice(alice.client, "RMWL", "100.00");
    await setPrice(alice.client, "TBXT", "100.00");
    await buy(alice.client, "RMWL", 500);
    await buy(bob.client, "TBXT", 400);
    // Alice +50 % on 50,000 (≈ +25 %), Bob +30 % on 40,000 (≈ +12 %): both near the top.
    await setPrice(alice.client, "RMWL", "150.00");
    await setPrice(alice.client, "TBXT", "130.00");
    await ok(await alice.client.request("/api/rankings/refresh", { method: "POST" }), "refresh");

    const page = await (await devices.launch()).newPage();
    await signInAt(page, alice.person);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}/ranking`);
    await page.getByRole("heading", { name: "Rankings", level: 1 }).waitFor();
    await page.getByRole("tab", { name: "Practice", selected: true }).waitFor();
    const table = page.getByRole("table", { name: /Practice portfolio leaderboard/ });
    const own = table.locator("tr[aria-current=true]");
    await own.getByText(alice.person.name).waitFor();
    expect(await own.textContent()).toContain("(you)");
    await table.getByRole("row").filter({ hasText: bob.person.name }).waitFor();
    expect(await table.getByText("(you)").count()).toBe(1);
    await page.getByText(/Updated \d+\u00a0s ago|Updated \d+\u00a0min ago/).waitFor();

    // Today's board, by keyboard: the period switch is a group of toggle buttons.
    await page.getByRole("button", { name: "Today" }).click();
    await page.getByRole("button", { name: "Today", pressed: true }).waitFor();
    await own.getByText(alice.person.name).waitFor();

    const bobPage = await (await devices.launch()).newPage();
    await signInAt(bobPage, bob.person);
    await bobPage.waitForURL(`${appUrl()}/`);
    await bobPage.goto(`${appUrl()}/settings`);
    await (await hydrated(bobPage.getByRole("checkbox", { name: /Hide my name on leaderboards/ }))).check();
    await bobPage.getByText("Preferences saved.").waitFor();

    // Names are resolved when a page is served: no refresh needed.
    await page.goto(`${appUrl()}/ranking?board=practice&period=all`);
    await own.getByText(alice.person.name).waitFor();
    expect(await table.getByText(bob.person.name).count()).toBe(0);
    const names = await table.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(names.some((name) => /^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,3}$/.test(name.trim()))).toBe(true);
  });

  it("keeps every board, an event's too, in tabs of the page; the keyboard moves between them and the back button walks back", async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const title = `Tab cup ${Date.now()}`;
    const created = await ok(
      await admin.request("/api/admin/events", {
        method: "POST",
        json: { title, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), startingCash: "100000.00", visibility: "public" },
      }),
      "event",
    );
    const slug = (created.event as { slug: string }).slug;
    // A live event that ends later is listed first, so choosing ours is a change (a history
    // entry) whichever other events exist: run alone, ours was the default and Back left the page.
    await ok(
      await admin.request("/api/admin/events", {
        method: "POST",
        json: { title: `${title} (ends later)`, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 7_200_000).toISOString(), startingCash: "100000.00", visibility: "public" },
      }),
      "the event listed first",
    );
    const viewer = await member("rank-tabs");
    await ok(await viewer.client.request(`/api/events/${slug}/join`, { method: "POST", json: {} }), "join");

    const page = await (await devices.launch()).newPage();
    await signInAt(page, viewer.person);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}/ranking`);
    const practice = page.getByRole("tab", { name: "Practice" });
    await page.getByRole("tab", { name: "Practice", selected: true }).waitFor();
    // Everything below happens in this one document: no tab or board loads another page.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The tabs pattern with manual activation: the arrows and End move the focus, Enter chooses.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await practice.focus();
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Learning XP");
    expect(await practice.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await focused()).toBe("Events");
    await page.keyboard.press("Enter");
    const events = page.getByRole("tabpanel", { name: "Events" });
    await events.getByRole("table", { name: / leaderboard, page / }).waitFor();
    await events.getByLabel("Event").selectOption(slug);
    await events.getByRole("table", { name: new RegExp(`^${title} leaderboard`) }).waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get("board")]).toEqual(["/ranking", `event:${slug}`]);

    // Back: the event board chosen before, then the practice board, still on this page.
    await page.goBack();
    await page.getByRole("tab", { name: "Events", selected: true }).waitFor();
    await page.goBack();
    await page.getByRole("tabpanel", { name: "Practice" }).getByRole("table", { name: /Practice portfolio leaderboard/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/ranking");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
