/**
 * Risk figures that mean something (issue #23 §1, docs/decisions/053): a new portfolio's
 * Performance panel says what its risk figures wait for instead of annualising a few minutes
 * of noise, and a Sharpe-ranked event board ranks people without a day of history by return,
 * says so, and lets ties share a rank. Instruments FCRA and VLCM are used by no other browser
 * test, so their prices are ours. With SCREENSHOT_DIR set, both pages are saved at 1280 and 390 px.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, registerViaApi, setPrice, signInAt, TEST_ADMIN, useDevices, type Person } from "./helpers";

const WIDTHS = [1280, 390] as const;

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

async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe.skipIf(browserMissing)("risk figures in the browser (decision 053)", () => {
  const devices = useDevices();

  it("in a portfolio's first hour: the panel shows no Sharpe ratio and says it needs 24 hours of returns", async () => {
    const { person, client } = await member("risk-first-hour");
    await setPrice(client, "FCRA", "40.00");
    const portfolio = await ok(await client.request("/api/portfolio"), "portfolio");
    await ok(await client.request(`/api/portfolios/${portfolio.id as string}/orders`, { method: "POST", json: { symbol: "FCRA", side: "buy", type: "market", quantity: 50 } }), "buy");
    await setPrice(client, "FCRA", "41.00");
    for (const width of WIDTHS) {
      const page = await (await devices.launch({ viewport: { width, height: 900 } })).newPage();
      await signInAt(page, person);
      await page.waitForURL(`${appUrl()}/`);
      await page.goto(`${appUrl()}/portfolio`);
      const figures = page.getByTestId("risk-figures");
      await figures.waitFor();
      await page.getByTestId("risk-observations").getByText(/Not enough history yet — 0 of 24 hours/).waitFor();
      const sharpe = figures.locator("div").filter({ has: page.getByText("Sharpe", { exact: true }) });
      await sharpe.getByText("0 of 24 hours").waitFor();
      expect(await sharpe.locator("dd").textContent()).toMatch(/^—/);
      const beta = figures.locator("div").filter({ has: page.getByText("Beta", { exact: true }) });
      await beta.getByText("0 of 72 hours").waitFor();
      await page.getByRole("img", { name: /Equity over the last day/ }).waitFor();
      await shoot(page, `performance-first-hour-${width}`);
    }
  });

  it("draws a flat line (a portfolio that never traded) on an axis that is not labelled in cents", async () => {
    const { person } = await member("risk-flat-axis");
    const { context, newPage } = await devices.launch({ viewport: { width: 1280, height: 900 } });
    // What the chart's canvases draw: its axis labels.
    await context.addInitScript(() => {
      const texts: string[] = [];
      (window as unknown as { drawnTexts: string[] }).drawnTexts = texts;
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
        texts.push(text);
        return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
      };
    });
    const page = await newPage();
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    await page.goto(`${appUrl()}/portfolio`);
    await page.getByRole("img", { name: /Equity over the last day/ }).waitFor();
    const labels = async () => (await page.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts)).filter((t) => /^\d{1,3}(,\d{3})*\.\d{2}$/.test(t));
    await expect.poll(async () => (await labels()).length).toBeGreaterThan(2);
    const axis = await labels();
    expect(axis).toContain("100,000.00");
    // Without a minimum span the axis read 99,999.96 / 99,999.98 / 100,000.00 / 100,000.02 …: ticks a cent or two apart.
    const offLevel = axis.map((t) => Math.abs(Number(t.replace(/,/g, "")) - 100_000)).filter((d) => d > 0);
    expect(offLevel.length, axis.join(" / ")).toBeGreaterThan(0);
    expect(Math.min(...offLevel), axis.join(" / ")).toBeGreaterThanOrEqual(1);
  });

  it("on a Sharpe-ranked event: nobody has a day of history, so the board ranks by return, says so, and the two who never traded share 2nd", async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const title = `Steady cup ${Date.now()}`;
    const created = await ok(
      await admin.request("/api/admin/events", {
        method: "POST",
        json: { title, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), startingCash: "100000.00", visibility: "public", metric: "sharpe" },
      }),
      "event",
    );
    const slug = (created.event as { slug: string }).slug;
    const trader = await member("risk-board-trader");
    const idleA = await member("risk-board-idle-a");
    const idleB = await member("risk-board-idle-b");
    const joined = await ok(await trader.client.request(`/api/events/${slug}/join`, { method: "POST", json: {} }), "join");
    for (const idle of [idleA, idleB]) await ok(await idle.client.request(`/api/events/${slug}/join`, { method: "POST", json: {} }), "join");
    await setPrice(trader.client, "VLCM", "20.00");
    await ok(await trader.client.request(`/api/portfolios/${joined.portfolioId as string}/orders`, { method: "POST", json: { symbol: "VLCM", side: "buy", type: "market", quantity: 1000 } }), "buy");
    await setPrice(trader.client, "VLCM", "25.00");
    await ok(await admin.request("/api/rankings/refresh", { method: "POST" }), "refresh");

    for (const width of WIDTHS) {
      const page = await (await devices.launch({ viewport: { width, height: 900 } })).newPage();
      await signInAt(page, idleB.person);
      await page.waitForURL(`${appUrl()}/`);
      await page.goto(`${appUrl()}/events/${slug}`);
      await page.getByTestId("board-metric").getByText(/under 24 hours of history is not yet ranked by it and follows, by return\. Ties share a rank\./).waitFor();
      const board = page.getByRole("table", { name: "Leaderboard" });
      const row = (name: string) => board.getByRole("row").filter({ hasText: name });
      await row(trader.person.name).getByRole("cell").first().getByText("1", { exact: true }).waitFor();
      for (const idle of [idleA, idleB]) {
        const cell = row(idle.person.name).getByRole("cell").first();
        await expect.poll(async () => (await cell.textContent())?.replace(/\s+/g, " ").trim()).toBe("2= (tied)");
        await row(idle.person.name).getByText("not yet").waitFor();
      }
      await shoot(page, `sharpe-board-event-${width}`);

      await page.goto(`${appUrl()}/ranking?board=event:${slug}`);
      await page.getByText(/You are #2 of 3 \(tied with 1 other\)/).waitFor();
      await page.getByText(/not yet ranked by it/).waitFor();
      await shoot(page, `sharpe-board-ranking-${width}`);
    }
  });
});
