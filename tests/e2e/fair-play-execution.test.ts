/**
 * The organiser's review of an execution exploit (docs/decisions/072), as the browser shows it:
 * three orders each for 6 % of a thin stock's daily volume, the monitor run as its task would,
 * and the flag with its figures and orders table on the event's fair-play page.
 */
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, signInAt, TEST_ADMIN, trader, useDevices } from "./helpers";

const SHOTS = process.env.SCREENSHOT_DIR;

describe.skipIf(browserMissing)("the review of orders sized to an illiquid instrument", () => {
  const devices = useDevices();

  it("shows the flag's figures and each order with its share of a day's volume", async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const symbol = "Q" + Array.from({ length: 4 }, () => letters[randomInt(26)]).join("");
    const definition = { symbol, name: "Quietwater Thin Co", sector: "Industrials", kind: "stock", startingPrice: "10.00", drift: 0.05, volatility: 0.3, beta: 1, sectorLoading: 1, averageDailyVolume: 2_000 };
    expect((await admin.request("/api/admin/instruments", { method: "POST", json: definition })).status).toBe(201);
    const made = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title: `Thin cup ${Date.now()}`, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), startingCash: "10000.00", visibility: "public" },
    });
    expect(made.status).toBe(201);
    const slug = ((await made.json()) as { event: { slug: string } }).event.slug;

    const { client } = await trader(devices, "thin");
    const { portfolioId } = (await (await client.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).json()) as { portfolioId: string };
    for (let i = 0; i < 3; i++) {
      const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 120, timeInForce: "gtc" } });
      expect(res.status).toBeLessThan(300);
    }
    expect((await admin.request("/api/test/tasks/fair-play", { method: "POST", json: {} })).status).toBe(200);

    const page = await (await devices.launch()).newPage();
    await signInAt(page, TEST_ADMIN, `?callbackUrl=${encodeURIComponent(`/events/${slug}/fair-play`)}`);
    await page.waitForURL(`${appUrl()}/events/${slug}/fair-play`);
    await page.getByRole("heading", { name: "Orders sized to illiquid instruments" }).first().waitFor();
    const orders = page.getByRole("table", { name: "Orders for a large share of a day's volume" });
    await expect.poll(() => orders.getByRole("row").count()).toBe(4); // header + three orders
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/fair-play-illiquid-${width}.png`, fullPage: true });
      }
    }
    await orders.getByRole("cell", { name: /^6\s%\sof 2,000$/ }).first().waitFor();
  });
});
