/**
 * The market overview and the dashboard in a browser (docs/decisions/036): the instruments
 * table sorts by change both ways and by symbol — by mouse and keyboard — and says so with
 * aria-sort; a loss's bar grows left of the centre line; both pages fit a phone. The dashboard
 * shows an active member's open orders, "my events" with a ticking countdown and a rank,
 * today's movers and the equity sparkline, and a brand-new member what to do next.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, setPrice, signInAt, TEST_ADMIN, trader, useDevices } from "./helpers";

const HOUR = 3_600_000;

/** The table's rows as drawn: symbol and change (a fraction; null when unknown), in order. */
async function drawnRows(table: Locator): Promise<Array<{ symbol: string; change: number | null }>> {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => ({ symbol: r.getAttribute("data-symbol")!, change: r.getAttribute("data-change") ? Number(r.getAttribute("data-change")) : null })),
  );
}

function expectSortedByChange(rows: Array<{ change: number | null }>, direction: "ascending" | "descending") {
  const known = rows.map((r) => r.change).filter((c): c is number => c !== null);
  // Unknown changes go last, whichever the direction.
  expect(rows.slice(0, known.length).every((r) => r.change !== null)).toBe(true);
  const sorted = [...known].sort((a, b) => (direction === "ascending" ? a - b : b - a));
  expect(known).toEqual(sorted);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not drawn");
  return box;
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe.skipIf(browserMissing)("the market overview", () => {
  const devices = useDevices();

  it("sorts by change both ways and by symbol with aria-sort, by mouse and keyboard, and draws a loss left of the centre line", async () => {
    const { client, page } = await trader(devices, "market");
    // One sure loser and one sure gainer, big enough to draw a long bar beside the moves other
    // tests leave behind (the browser suite's market does not tick by itself).
    const instruments = ((await (await client.request("/api/instruments")).json()) as { items: Array<{ symbol: string; previousClose: string }> }).items;
    const close = (symbol: string) => Number(instruments.find((i) => i.symbol === symbol)!.previousClose);
    await setPrice(client, "GLMM", (close("GLMM") * 0.5).toFixed(2));
    await setPrice(client, "SMCH", (close("SMCH") * 1.5).toFixed(2));

    await page.goto(`${appUrl()}/portfolio/market`);
    const table = page.getByRole("table", { name: "All instruments" });
    const change = table.getByRole("columnheader", { name: "Change" });
    const symbol = table.getByRole("columnheader", { name: "Symbol" });
    await expect.poll(() => change.getAttribute("aria-sort")).toBe("descending");
    expect(await symbol.getAttribute("aria-sort")).toBeNull();
    let rows = await drawnRows(table);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.map((r) => r.symbol)).not.toContain("TLX");
    expectSortedByChange(rows, "descending");

    await change.getByRole("button").click();
    await expect.poll(() => change.getAttribute("aria-sort")).toBe("ascending");
    rows = await drawnRows(table);
    expectSortedByChange(rows, "ascending");
    expect(rows[0]!.change).toBeLessThan(0);

    await symbol.getByRole("button").click();
    await expect.poll(() => symbol.getAttribute("aria-sort")).toBe("ascending");
    expect(await change.getAttribute("aria-sort")).toBeNull();
    rows = await drawnRows(table);
    expect(rows.map((r) => r.symbol)).toEqual([...rows.map((r) => r.symbol)].sort());

    // The keyboard: the header is a button, Enter flips it.
    await symbol.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => symbol.getAttribute("aria-sort")).toBe("descending");
    rows = await drawnRows(table);
    expect(rows.map((r) => r.symbol)).toEqual([...rows.map((r) => r.symbol)].sort().reverse());

    // A loss's bar ends on the centre line and lies left of it; a gain's starts there.
    const centreOf = async (row: Locator) => {
      const track = await boxOf(row.getByTestId("change-bar"));
      return track.x + track.width / 2;
    };
    const loser = table.locator('tr[data-symbol="GLMM"]');
    const lossBar = await boxOf(loser.locator('[data-tone="down"]'));
    const lossCentre = await centreOf(loser);
    expect(lossBar.width).toBeGreaterThan(1);
    expect(lossBar.x + lossBar.width).toBeLessThanOrEqual(lossCentre + 1);
    expect(lossBar.x + lossBar.width).toBeGreaterThanOrEqual(lossCentre - 1);
    const gainer = table.locator('tr[data-symbol="SMCH"]');
    const gainBar = await boxOf(gainer.locator('[data-tone="up"]'));
    expect(gainBar.x).toBeGreaterThanOrEqual((await centreOf(gainer)) - 1);
    expect(gainBar.width).toBeGreaterThan(1);

    // Each row has today's path, named in words; the volume column reads today's volume.
    const sparkline = loser.getByRole("img", { name: /^GLMM since .*: from [\d,]+\.\d{2} to [\d,]+\.\d{2}$/ });
    expect(Number(await sparkline.getAttribute("data-points"))).toBeGreaterThan(1);
    await expect.poll(async () => (await loser.locator("td").last().textContent())?.trim()).toMatch(/^\d[\d,]*$/);
  });

  it("fits a phone: fewer columns, nothing wider than the screen, still sortable", async () => {
    const person = newPerson("marketphone");
    await registerViaApi(person);
    const page = await (await devices.launch({ viewport: { width: 390, height: 844 } })).newPage();
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${appUrl()}/portfolio/market`);
    const table = page.getByRole("table", { name: "All instruments" });
    await table.locator("tbody tr").first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The table fits its card: no sideways scrolling inside it either.
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    expect(await table.getByRole("columnheader", { name: "Volume" }).isVisible()).toBe(false);
    const change = table.getByRole("columnheader", { name: "Change" });
    await change.getByRole("button").click();
    await expect.poll(() => change.getAttribute("aria-sort")).toBe("ascending");
  });
});

describe.skipIf(browserMissing)("the dashboard", () => {
  const devices = useDevices();

  it("tells a brand-new member what to do next: no orders, no events, no curve yet", async () => {
    const { page } = await trader(devices, "dashnew");

    const orders = page.getByRole("region", { name: "Open orders" });
    await orders.getByText("No open orders.").waitFor();
    expect(await orders.getByRole("link", { name: "Go to the trade ticket" }).getAttribute("href")).toBe("/portfolio#trade");
    const events = page.getByRole("region", { name: "My events" });
    await events.getByText("You have not joined an event yet.").waitFor();
    await events.getByRole("link", { name: "Browse events" }).waitFor();
    const portfolio = page.getByRole("region", { name: "Practice portfolio" });
    // No curve to draw: too few snapshots yet, or (if one was just taken) a flat line of cash.
    await portfolio.getByText(/^Your equity (curve draws itself here as the market runs|has not moved since)/).waitFor();
    expect(await portfolio.getByRole("img").count()).toBe(0);
    await portfolio.getByRole("link", { name: "Place your first trade" }).waitFor();
    await page.getByRole("region", { name: "Today's movers" }).getByRole("link", { name: "The whole market" }).waitFor();
  });

  it("shows an active member's open orders, my events with a ticking countdown and rank, the movers and the equity sparkline", { timeout: 120_000 }, async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const title = `Dash cup ${Math.random().toString(36).slice(2, 8)}`;
    const made = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 30 * HOUR).toISOString(), startingCash: "25000.00", visibility: "public" },
    });
    expect(made.status).toBe(201);
    const { slug } = (await made.json()) as { slug: string };

    const { client, page } = await trader(devices, "dashactive");
    expect((await client.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).status).toBe(201);
    const { id } = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const order = (json: Record<string, unknown>) => client.request(`/api/portfolios/${id}/orders`, { method: "POST", json });
    expect((await order({ symbol: "BHFD", side: "buy", type: "limit", quantity: 2, limitPrice: "1.00", timeInForce: "gtc" })).status).toBe(201);
    expect((await order({ symbol: "SMCH", side: "buy", type: "market", quantity: 50 })).status).toBe(201);
    // Three snapshots in the last quarter hour, the holding's price moving between them: the day's curve has a line to draw.
    const instruments = ((await (await client.request("/api/instruments")).json()) as { items: Array<{ symbol: string; previousClose: string }> }).items;
    const close = Number(instruments.find((i) => i.symbol === "SMCH")!.previousClose);
    const step = 5 * 60_000;
    const aligned = Math.floor(Date.now() / step) * step;
    for (const [back, move] of [[3, 1.01], [2, 1.03], [1, 1.02]] as const) {
      await setPrice(client, "SMCH", (close * move).toFixed(2));
      expect((await client.request("/api/test/snapshots", { method: "POST", json: { portfolioId: id, at: new Date(aligned - back * step).toISOString() } })).status).toBe(200);
    }
    expect((await client.request("/api/rankings/refresh", { method: "POST" })).status).toBe(200);

    await page.goto(`${appUrl()}/`);
    const orders = page.getByRole("list", { name: "Open orders" });
    await orders.getByText("Buy 2 BHFD · Limit").waitFor();
    await orders.getByText(/limit 1\.00 · good till cancelled · placed /).waitFor();

    const mine = page.getByRole("list", { name: "My events" }).getByRole("listitem").filter({ hasText: title });
    await mine.getByRole("link", { name: title }).waitFor();
    await mine.getByText("Live", { exact: true }).waitFor();
    await mine.getByText(/^Rank #1 of \d+$/).waitFor();
    const timer = mine.getByRole("timer");
    const first = (await timer.textContent())!;
    expect(first).toMatch(/^1\u00a0d \d{1,2}:\d{2}:\d{2}$/);
    // It ticks in the browser.
    await expect.poll(async () => await timer.textContent(), { timeout: 10_000 }).not.toBe(first);

    const movers = page.getByRole("region", { name: "Today's movers" });
    const listed = movers.getByRole("list").getByRole("listitem");
    expect(await listed.count()).toBeGreaterThan(0);
    // Each mover with today's path (named in words; right after 00:00 UTC in a market that does not tick, none yet).
    await listed.first().getByRole("img", { name: /( since .*: from [\d,]+\.\d{2} to |: no prices yet today$)/ }).waitFor();

    const curve = page.getByRole("region", { name: "Practice portfolio" }).getByRole("img", { name: /^Equity since .*: from [\d,]+\.\d{2} to [\d,]+\.\d{2}$/ });
    expect(Number(await curve.getAttribute("data-points"))).toBeGreaterThanOrEqual(3);
  });
});
