/**
 * One truth for every number, as a person sees it: the ticket's preview charges the event's
 * commission the fill then charges; a fresh install draws the benchmark and, once there are
 * enough snapshots, the risk figures; placing an order costs the page at most two more
 * requests; a resting order that fills while the page is open says so; and a browser in New
 * York shows no page error.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, chooseInstrument, setPrice, TEST_ADMIN, trader, useDevices } from "./helpers";

/** Resolves when `check` holds, polling the server (no fixed sleep). */
async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(browserMissing)("one truth for every number, in the browser", () => {
  const devices = useDevices();

  it("an event charging 1.00 + 10 bps previews the commission its fill then charges", async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const startsAt = new Date(Date.now() + 2_000).toISOString();
    const created = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title: `Commission cup ${Date.now()}`, startsAt, endsAt: new Date(Date.now() + 3_600_000).toISOString(), startingCash: "10000.00", commissionFlat: "1.00", commissionBps: 10, visibility: "public" },
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const { client, page } = await trader(devices, "commission");
    await setPrice(client, "BRWT", "80.00");
    expect((await client.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).status).toBe(201);
    await until(async () => ((await (await client.request(`/api/events/${slug}`)).json()) as { phase: string }).phase === "live", "the event to start");

    await page.goto(`${appUrl()}/events/${slug}`);
    const ticket = await chooseInstrument(page, "BRWT");
    await ticket.getByLabel("Quantity").fill("20");
    // 20 × 80.04 (80.00 + 5 bps, rounded up) = 1,600.80; commission 1.00 + 10 bps of it, rounded up = 2.61;
    // the estimated cost is both: 1,603.41.
    await expect.poll(async () => (await ticket.getByTestId("preview-commission").textContent())?.trim()).toBe("2.61");
    await ticket.getByText("1,603.41", { exact: true }).waitFor();
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 20 BRWT at 80\.04\. Commission 2\.61\./).waitFor();
    // The fill itself says so, in the history and in the API.
    await page.getByLabel("Show").selectOption("fills");
    await page.getByRole("table", { name: "Fills" }).getByText("+ 2.61 commission").waitFor();
    const fills = (await (await client.request(`/api/events/${slug}`)).json()) as { portfolioId: string };
    const answer = (await (await client.request(`/api/portfolios/${fills.portfolioId}/fills`)).json()) as { items: Array<{ commission: string; price: string }> };
    expect(answer.items[0]).toMatchObject({ commission: "2.61", price: "80.04" });
  });

  it("places an order with at most two more requests, and announces a resting order's fill", async () => {
    const { client, page } = await trader(devices, "requests");
    await setPrice(client, "MDGH", "50.00");
    await page.goto(`${appUrl()}/portfolio`);
    const ticket = await chooseInstrument(page, "MDGH");
    await ticket.getByLabel("Quantity").fill("2");
    await ticket.getByText("100.06", { exact: true }).waitFor(); // 2 × 50.03

    // Counted while the live stream is up: until it is, the page polls its figures every 5 s
    // (usePollInterval), which a loaded machine lets into the window.
    await page.getByText("Live", { exact: true }).waitFor();
    const requests: string[] = [];
    const count = (request: { url: () => string; method: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/") && url.pathname !== "/api/stream" && request.method() === "GET") requests.push(url.pathname);
    };
    page.on("request", count);
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 2 MDGH/).waitFor();
    await page.getByTestId("cash").getByText("99,899.94").waitFor();
    // A second order: whatever the first one still triggered has happened by its answer.
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await page.getByTestId("cash").getByText("99,799.88").waitFor();
    page.off("request", count);
    expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(4);

    // A limit to buy at 45.00 rests; the price comes down to it while the page is open.
    await ticket.getByLabel("Order type").selectOption("limit");
    await ticket.getByLabel("Limit price").fill("45.00");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/placed: it waits in Open orders/).waitFor();
    await setPrice(client, "MDGH", "44.00");
    const toast = page.getByRole("status").filter({ hasText: "Order filled" });
    // Through the limit, it fills at the limit (not at the lower price: honest limits, decision 056).
    await toast.getByText(/Buy 2 MDGH filled at 45\.00/).waitFor();
    await page.getByTestId("cash").getByText("99,709.88").waitFor();
  });

  it("draws the benchmark on a fresh install, and the risk figures once there is a day of hourly snapshots", async () => {
    const { client, page } = await trader(devices, "risk");
    await setPrice(client, "KSDX", "60.00");
    const { id } = (await (await client.request("/api/portfolio")).json()) as { id: string };
    expect((await client.request(`/api/portfolios/${id}/orders`, { method: "POST", json: { symbol: "KSDX", side: "buy", type: "market", quantity: 100 } })).status).toBe(201);
    await page.goto(`${appUrl()}/portfolio`);
    await page.getByTestId("risk-observations").getByText(/Not enough history yet — 0 of 24 hours/).waitFor();
    // A day of hourly snapshots (decision 053: 24 hourly returns), the price moving between them.
    const hour = 3_600_000;
    const aligned = Math.floor(Date.now() / hour) * hour;
    const prices = ["60.00", "63.00", "61.00", "62.50", "60.50", "64.00"];
    for (let i = 0; i <= 24; i++) {
      await setPrice(client, "KSDX", prices[i % prices.length]!);
      const res = await client.request("/api/test/snapshots", { method: "POST", json: { portfolioId: id, at: new Date(aligned - (24 - i) * hour).toISOString() } });
      expect(res.status).toBe(200);
    }
    await page.reload();
    const figures = page.getByTestId("risk-figures");
    await figures.waitFor();
    await expect.poll(async () => (await figures.textContent()) ?? "").toMatch(/Volatility[^—]*\d+\.\d{2}\u00a0%/);
    // Beta and alpha wait longer (72 hours): the note says so.
    await page.getByTestId("risk-observations").getByText(/24 of 72 hours/).waitFor();
    await page.getByText("TLX (same start)").waitFor();
    const performance = (await (await client.request(`/api/portfolios/${id}/performance?range=day`)).json()) as { points: Array<{ benchmark: string | null }>; metrics: { sharpe: string | null; observations: number } };
    expect(performance.points.filter((p) => p.benchmark !== null).length).toBeGreaterThanOrEqual(3);
    expect(performance.metrics.observations).toBe(24);
    expect(performance.metrics.sharpe).not.toBeNull();
  });

  it("shows no page error in a browser in America/New_York", async () => {
    const { client, page } = await trader(devices, "newyork", { timezoneId: "America/New_York" });
    await setPrice(client, "IVDR", "30.00");
    for (const path of ["/", "/portfolio", "/portfolio/market", "/portfolio/instruments/IVDR", "/portfolio/instruments/TLX", "/events", "/ranking", "/learn", "/settings"]) {
      await page.goto(`${appUrl()}${path}`);
      await page.getByRole("main").waitFor();
    }
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
  });
});
