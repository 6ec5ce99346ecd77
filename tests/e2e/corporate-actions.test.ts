/**
 * Dividends and splits in the browser (docs/decisions/052-corporate-actions.md): an admin
 * announces a dividend and a split of a stock a trader holds; the instrument page lists them
 * with the day's notice, and once the market applies them the portfolio's history shows
 * "Dividend 0.42 × 120 shares" and "Split 2:1: 120 → 240 shares". The browser server runs no
 * simulator: the test-only route applies what is due, as a tick would.
 */
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, TEST_ADMIN, trader, useDevices } from "./helpers";

const SHOTS = process.env.SCREENSHOT_DIR;
const today = () => new Date().toISOString().slice(0, 10);

async function ok(res: Response, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

describe.skipIf(browserMissing)("dividends and splits", () => {
  const devices = useDevices();

  it("are listed on the instrument page and show in the holder's history once the market applies them", async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const symbol = "Q" + Array.from({ length: 4 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[randomInt(26)]).join("");
    await ok(
      await admin.request("/api/admin/instruments", {
        method: "POST",
        json: { symbol, name: "Quietwater Power", sector: "Utilities", kind: "stock", startingPrice: "40.00", drift: 0.05, volatility: 0.2, beta: 0.5, sectorLoading: 0.8, averageDailyVolume: 100000 },
      }),
      "adding the instrument",
    );
    const { client, page } = await trader(devices, "dividends");
    const portfolio = await ok(await client.request("/api/portfolio"), "the portfolio");
    await ok(await client.request(`/api/portfolios/${String(portfolio.id)}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 120 } }), "buying");

    // A past ex-date is refused with a clear error; today's dividend is announced.
    const past = await admin.request(`/api/admin/instruments/${symbol}/corporate-actions`, { method: "POST", json: { kind: "dividend", exDate: "2020-01-02", amount: "0.42" } });
    expect(past.status).toBe(400);
    expect(JSON.stringify(await past.json())).toMatch(/in the past/);
    await ok(await admin.request(`/api/admin/instruments/${symbol}/corporate-actions`, { method: "POST", json: { kind: "dividend", exDate: today(), payDate: today(), amount: "0.42" } }), "the dividend");
    expect(await ok(await admin.request("/api/test/corporate-actions", { method: "POST", json: {} }), "applying")).toMatchObject({ applied: 1 });
    await ok(await admin.request(`/api/admin/instruments/${symbol}/corporate-actions`, { method: "POST", json: { kind: "split", exDate: today(), ratio: "2:1" } }), "the split");

    await page.goto(`${appUrl()}/portfolio/instruments/${symbol}`);
    const card = page.getByRole("table", { name: `Past dividends and splits of ${symbol}` });
    await card.getByRole("cell", { name: "Dividend 0.42 per share" }).waitFor();
    await page.getByRole("table", { name: `Coming dividends and splits of ${symbol}` }).getByRole("cell", { name: "Split 2:1" }).waitFor();
    await page.getByText(`Today ${symbol} goes ex-dividend: 0.42 a share to holders of record, paid today; the price fell by it.`).waitFor();
    await page.getByText(`Today ${symbol} splits 2:1: positions, open orders and the price are adjusted when the market applies it.`).waitFor();
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole("heading", { name: "Dividends and splits" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/instrument-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    expect(await ok(await admin.request("/api/test/corporate-actions", { method: "POST", json: {} }), "applying the split")).toMatchObject({ applied: 1 });
    await page.goto(`${appUrl()}/portfolio`);
    await page.getByText(`Today ${symbol}: Split 2:1: 120 → 240 shares`).waitFor();
    const history = page.getByRole("region", { name: "History" });
    await history.getByLabel("Show").selectOption("actions");
    const table = page.getByRole("table", { name: "Dividends and splits" });
    await table.getByRole("cell", { name: /^Dividend 0\.42 × 120 shares/ }).waitFor();
    await table.getByRole("cell", { name: /^Split 2:1: 120 → 240 shares/ }).waitFor();
    await expect.poll(async () => (await client.request("/api/portfolio").then((r) => r.json())) as { positions: Array<{ symbol: string; quantity: number }> }).toMatchObject({
      positions: expect.arrayContaining([expect.objectContaining({ symbol, quantity: 240 })]),
    });
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await table.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/history-${width}.png`, fullPage: false });
      }
    }
  });
});
