/**
 * The benchmark index on a fresh install (the browser suite's server): the market overview
 * lists it as the benchmark, its page draws a year of its chart and today's minutes and says
 * what it is, it offers no trade ticket but can be followed, and the trade ticket's search
 * never offers it. On a phone the page fits the screen.
 */
import { describe, expect, it } from "vitest";
import { TLX } from "@/domain/market";
import { appUrl, browserMissing, newPerson, registerViaApi, signInAt, useDevices } from "./helpers";

describe.skipIf(browserMissing)("the TLX benchmark in the browser", () => {
  const devices = useDevices();

  async function signedIn(viewport?: { width: number; height: number }) {
    const person = newPerson("benchmark");
    await registerViaApi(person);
    const page = await (await devices.launch(viewport ? { viewport } : {})).newPage();
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    return page;
  }

  it("is the market's benchmark, with a page that draws its chart and says what it is; it can be followed but not traded", async () => {
    const page = await signedIn();
    await page.goto(`${appUrl()}/portfolio/market`);
    const benchmark = page.getByRole("region", { name: "Benchmark" });
    await benchmark.getByRole("link", { name: /^TLX\s*Tickerlab Composite/ }).click();
    await page.waitForURL(`${appUrl()}/portfolio/instruments/TLX`);

    await page.getByRole("heading", { level: 1, name: /TLX\s+Tickerlab Composite/ }).waitFor();
    await page.getByText("Benchmark index", { exact: true }).waitFor();
    await page.getByText(`Tickerlab Composite, an equal-weighted index of the ${TLX.constituents.length} bundled stocks; the benchmark your performance is compared with.`).waitFor();

    // The year's chart: drawn (a canvas) from the seeded history.
    const year = page.getByRole("img", { name: "TLX daily candles for the past year" });
    await year.locator("canvas").first().waitFor();
    expect(Number(await year.getAttribute("data-candles"))).toBeGreaterThanOrEqual(365);
    expect(await year.getByText("No candles yet.").count()).toBe(0);
    // Today's minutes, fetched on demand.
    await page.getByRole("group", { name: "Chart interval" }).getByRole("button", { name: "Today (minutes)" }).click();
    const minutes = page.getByRole("img", { name: "TLX minute candles for today" });
    await minutes.locator("canvas").first().waitFor();
    expect(Number(await minutes.getAttribute("data-candles"))).toBeGreaterThan(0);

    // Nothing to trade or hold on an index's page.
    expect(await page.getByRole("form", { name: "Trade ticket" }).count()).toBe(0);
    expect(await page.getByText("You hold").count()).toBe(0);

    // Following works: it appears on the portfolio's watchlist with its level.
    const level = (await page.getByTestId("last-price").textContent())!.trim();
    await page.getByRole("button", { name: "☆ Add to watchlist" }).click();
    await page.getByRole("button", { name: "★ On your watchlist", pressed: true }).waitFor();
    await page.goto(`${appUrl()}/portfolio`);
    await page.getByRole("list", { name: "Watchlist" }).getByTestId("watch-price-TLX").getByText(level).waitFor();

    // The ticket's search offers the fund named like it, never the index.
    const ticket = page.getByRole("form", { name: "Trade ticket" });
    const found = ticket.getByRole("listbox", { name: "Instruments" }).getByRole("option");
    await ticket.getByRole("combobox", { name: "Instrument" }).fill("Tickerlab");
    await found.filter({ hasText: /^TKTM/ }).waitFor();
    expect(await found.filter({ hasText: /^TLX/ }).count()).toBe(0);
    // Its own symbol finds nothing (the list empties as the typing narrows it).
    await ticket.getByRole("combobox", { name: "Instrument" }).fill("TLX");
    await expect.poll(() => found.count()).toBe(0);
    await ticket.getByText("Type to search, then pick with the arrow keys and Enter.").waitFor();
  });

  it("fits a phone's screen, chart included", async () => {
    const page = await signedIn({ width: 390, height: 844 });
    await page.goto(`${appUrl()}/portfolio/instruments/TLX`);
    await page.getByRole("img", { name: "TLX daily candles for the past year" }).locator("canvas").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
