/**
 * The practice portfolio in the browser: a market buy moves cash, position and equity; a
 * resting limit order fills when a test sets the price through it; an open order is
 * cancelled; a refused order explains itself; an order whose answer was lost (a 5xx) is
 * placed once when submitted again; the CSV export downloads; and a refused live stream is
 * said so and tried again within seconds.
 * Each test is its own person; each uses its own instrument so prices never collide.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appUrl, browserMissing, chooseInstrument, setPrice, trader, useDevices } from "./helpers";

async function openTicket(page: Page, symbol: string) {
  await page.goto(`${appUrl()}/portfolio`);
  return chooseInstrument(page, symbol);
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();
const cents = (formatted: string) => Math.round(Number(formatted.replace(/,/g, "").replace("−", "-")) * 100);

describe.skipIf(browserMissing)("the practice portfolio in the browser", () => {
  const devices = useDevices();

  it("buys at market and sees cash, the position and equity change", async () => {
    const { client, page } = await trader(devices, "buyer");
    await setPrice(client, "NWRB", "140.00");
    const ticket = await openTicket(page, "NWRB");
    expect(await text(page, "cash")).toBe("100,000.00");
    await ticket.getByLabel("Quantity").fill("10");
    // The preview: 140.00 + 5 bps slippage = 140.07, so 1,400.70.
    await ticket.getByText("1,400.70", { exact: true }).waitFor();
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 10 NWRB at 140\.07/).waitFor();

    await page.getByTestId("cash").getByText("98,599.30").waitFor();
    const row = page.locator("tr[data-symbol=NWRB]");
    await row.waitFor();
    expect(await row.textContent()).toContain("1,400.00");
    // Equity = cash + 10 × last = 98,599.30 + 1,400.00: the slippage is the only cost.
    expect(cents((await text(page, "equity"))!)).toBe(9_999_930);
    expect(await page.getByText(/NWRB/).first().isVisible()).toBe(true);
  });

  it("says when live updates are refused, and is live again seconds after the stream comes back", async () => {
    const { page } = await trader(devices, "offline");
    // The stream refused, as while the database is away (a 503): EventSource gives up, the page polls and says so.
    await page.route("**/api/stream", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"DATABASE_UNAVAILABLE"}}' }));
    await page.goto(`${appUrl()}/portfolio`);
    await page.getByText("Updating every 5 s", { exact: true }).waitFor();
    await page.unroute("**/api/stream");
    // The first retry comes about 2 s after the refusal (then 4 s, 8 s, … up to 30 s), not 20 s later.
    await page.getByText("Live", { exact: true }).waitFor({ timeout: 10_000 });
  });

  it("rests a limit buy below the price, fills it when the price comes down, and says why", async () => {
    const { client, page } = await trader(devices, "limit");
    await setPrice(client, "QBYT", "80.00");
    const ticket = await openTicket(page, "QBYT");
    await ticket.getByLabel("Order type").selectOption("limit");
    await ticket.getByLabel("Limit price").fill("79.00");
    await ticket.getByLabel("Quantity").fill("5");
    await ticket.getByLabel("Time in force").selectOption("gtc");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Limit order to buy 5 QBYT placed/).waitFor();
    const openOrders = page.getByRole("list", { name: "Open orders" });
    await openOrders.getByText("Buy 5 QBYT · Limit").waitFor();
    // 5 × 79.00 is reserved for the order.
    await page.getByTestId("buying-power").getByText("99,605.00").waitFor();

    // No reload: the fill reaches the open page through the live stream.
    await page.getByText("Live", { exact: true }).waitFor();
    // Through the limit (a price only touching it fills by its place in the queue, decision 056):
    // it fills at its limit, not at the lower price.
    await setPrice(client, "QBYT", "78.50");
    await page.locator("tr[data-symbol=QBYT]").waitFor();
    await page.getByTestId("cash").getByText("99,605.00").waitFor();
    await page.getByText("No open orders.", { exact: false }).waitFor();

    await page.getByLabel("Status").selectOption("filled");
    const history = page.getByRole("table", { name: "Order history" });
    await history.getByText("Filled", { exact: true }).waitFor();
    await history.getByText(/price crossed the limit 79\.00 \(to 78\.50\): filled at the limit/).waitFor();
    await page.getByLabel("Show").selectOption("fills");
    await page.getByRole("table", { name: "Fills" }).getByText(/crossed the limit 79\.00/).waitFor();
  });

  it("cancels an open order after confirming", async () => {
    const { client, page } = await trader(devices, "cancel");
    await setPrice(client, "LMXS", "55.00");
    const ticket = await openTicket(page, "LMXS");
    await ticket.getByLabel("Order type").selectOption("limit");
    await ticket.getByLabel("Limit price").fill("40.00");
    await ticket.getByLabel("Quantity").fill("3");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    const openOrders = page.getByRole("list", { name: "Open orders" });
    await openOrders.getByText("Buy 3 LMXS · Limit").waitFor();

    await openOrders.getByRole("button", { name: /Cancel Buy 3 LMXS/ }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText(/Cancelled: Buy 3 LMXS/).waitFor();
    await page.getByText(/No open orders/).waitFor();
    await page.getByTestId("buying-power").getByText("100,000.00").waitFor();
    const orders = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const list = (await (await client.request(`/api/portfolios/${orders.id}/orders`)).json()) as { items: Array<{ status: string }> };
    expect(list.items.map((o) => o.status)).toEqual(["cancelled"]);
  });

  it("searches instruments from the keyboard: the list follows the typing, ↓ starts at the first match, Enter picks, Escape closes", async () => {
    const { page } = await trader(devices, "searcher");
    await page.goto(`${appUrl()}/portfolio`);
    const ticket = page.getByRole("form", { name: "Trade ticket" });
    const field = ticket.getByRole("combobox", { name: "Instrument" });
    const options = ticket.getByRole("listbox", { name: "Instruments" }).getByRole("option");
    const active = () => field.evaluate((input) => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent ?? null);
    const symbolOf = (option: string) => option.split(" ")[0]!;
    await field.fill("b");
    await options.first().waitFor();
    expect(await field.getAttribute("aria-expanded")).toBe("true");
    // ↓ goes to the first match, ↓ again to the second (before: the first was pre-highlighted,
    // so ↓ + Enter picked the second).
    const [first, second] = (await options.allTextContents()).slice(0, 2);
    const secondName = await options.nth(1).locator("span").first().textContent();
    await field.press("ArrowDown");
    await expect.poll(active).toBe(first);
    await field.press("ArrowDown");
    await expect.poll(active).toBe(second);
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe(symbolOf(second!));
    await options.first().waitFor({ state: "detached" });
    expect(await field.getAttribute("aria-expanded")).toBe("false");
    await ticket.getByText(new RegExp(`· last `)).waitFor();
    // Enter with nothing highlighted picks the first match.
    await field.fill("b");
    await options.first().waitFor();
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe(symbolOf(first!));
    // A single match: ↓ + Enter picks it (before: ↓ left nothing highlighted, Enter picked nothing).
    await field.fill(secondName!);
    await expect.poll(() => options.count()).toBe(1);
    const only = await options.first().textContent();
    await field.press("ArrowDown");
    await expect.poll(active).toBe(only);
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe(symbolOf(second!));
    // Escape closes an open list and keeps what was typed.
    await field.fill("c");
    await options.first().waitFor();
    await field.press("Escape");
    await options.first().waitFor({ state: "detached" });
    expect(await field.inputValue()).toBe("c");
  });

  it("explains a refused order next to the ticket", async () => {
    const { page } = await trader(devices, "refused");
    const ticket = await openTicket(page, "CLDV");
    await ticket.getByRole("radio", { name: "Sell" }).check();
    await ticket.getByLabel("Quantity").fill("5");
    // From the keyboard: the button keeps focus while the order is placed and after (a disabled
    // busy button used to drop it to the page).
    await ticket.getByRole("button", { name: "Place sell order" }).focus();
    await page.keyboard.press("Enter");
    const alert = ticket.getByRole("alert");
    await alert.getByText("You do not have enough shares.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Place sell order");
    expect(await alert.textContent()).toMatch(/sell at most 0/);
    await page.getByLabel("Status").selectOption("rejected");
    // The history says why in words; the stable code stays in the API.
    await page.getByRole("table", { name: "Order history" }).getByText(/you can sell at most 0/).waitFor();
    expect(await page.getByRole("table", { name: "Order history" }).getByText("INSUFFICIENT_SHARES").count()).toBe(0);
  });

  it("does not send a short while short selling is locked: it says why and no rejected order is kept", async () => {
    const { client, page } = await trader(devices, "lockedshort");
    const ticket = await openTicket(page, "CLDV");
    await ticket.getByRole("radio", { name: "Short" }).check();
    await ticket.getByText("Short selling unlocks when you pass").waitFor();
    await ticket.getByRole("button", { name: "Place short order" }).click();
    await ticket.getByRole("alert").getByText("Pass the short-selling lesson first").waitFor();
    const { id } = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const { items } = (await (await client.request(`/api/portfolios/${id}/orders?status=rejected`)).json()) as { items: unknown[] };
    expect(items).toEqual([]);
  });

  it("downloads the CSV export", async () => {
    const { page } = await trader(devices, "export");
    await page.goto(`${appUrl()}/portfolio`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const file = await download.path();
    const csv = fs.readFileSync(file, "utf8");
    expect(csv.startsWith("record,id,order_id,time,symbol,side,type,quantity")).toBe(true);
    expect(download.suggestedFilename()).toMatch(/^portfolio-.*\.csv$/);
  });

  it("follows instruments on a watchlist whose prices move live, and unfollows them", async () => {
    const { client, page } = await trader(devices, "watch");
    await setPrice(client, "HLEN", "61.00");
    await page.goto(`${appUrl()}/portfolio`);
    const card = page.getByRole("region", { name: "Watchlist" });
    await page.getByRole("combobox", { name: "Add to watchlist" }).fill("HLEN");
    await page.getByRole("combobox", { name: "Add to watchlist" }).press("Enter");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const list = page.getByRole("list", { name: "Watchlist" });
    await list.getByTestId("watch-price-HLEN").getByText("61.00").waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
    await setPrice(client, "HLEN", "63.25");
    await list.getByTestId("watch-price-HLEN").getByText("63.25").waitFor();
    // Adding it again says so instead of failing quietly.
    await page.getByRole("combobox", { name: "Add to watchlist" }).fill("HLEN");
    await page.getByRole("combobox", { name: "Add to watchlist" }).press("Enter");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await card.getByText("HLEN is already on your watchlist.").first().waitFor();
    await list.getByRole("button", { name: "Remove HLEN from the watchlist" }).click();
    await page.getByText(/Nothing here yet/).waitFor();
    const saved = (await (await client.request("/api/watchlist")).json()) as { items: unknown[] };
    expect(saved.items).toEqual([]);
  });

  it("starts over only after confirming, with 100,000.00 and no history", async () => {
    const { client, page } = await trader(devices, "reset");
    await setPrice(client, "GWIG", "20.00");
    const ticket = await openTicket(page, "GWIG");
    await ticket.getByLabel("Quantity").fill("100");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await page.locator("tr[data-symbol=GWIG]").waitFor();

    await page.getByRole("button", { name: "Start over…" }).click();
    const dialog = page.getByRole("dialog", { name: "Start your practice portfolio over?" });
    // Backing out changes nothing.
    await dialog.getByRole("button", { name: "Keep my portfolio" }).click();
    expect(await page.locator("tr[data-symbol=GWIG]").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Start over…" }).click();
    await dialog.getByRole("button", { name: "Delete everything and start over" }).click();
    await page.getByTestId("cash").getByText("100,000.00").waitFor();
    await page.locator("tr[data-symbol=GWIG]").waitFor({ state: "detached" });
    const summary = (await (await client.request("/api/portfolio")).json()) as { id: string; equity: string };
    expect(summary.equity).toBe("100000.00");
    const orders = (await (await client.request(`/api/portfolios/${summary.id}/orders`)).json()) as { total: number };
    expect(orders.total).toBe(0);
  });

  it("keeps the Idempotency-Key after a 5xx that came after the order was placed: submitting again places it once", async () => {
    const { client, page } = await trader(devices, "retry");
    const ticket = await openTicket(page, "NWRB");
    const keys: string[] = [];
    await page.route("**/api/portfolios/*/orders", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      keys.push(request.headers()["idempotency-key"] ?? "");
      if (keys.length > 1) return route.continue();
      // The order reaches the server and is placed; its answer is lost on the way back (a load
      // balancer's 502 when the instance died after its commit).
      await route.fetch();
      await route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" });
    });
    await ticket.getByLabel("Quantity").fill("3");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/may not have been placed; submit again to retry safely/).waitFor();
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    // The server answers the same key with its first answer: the order placed the first time.
    await ticket.getByText(/Bought 3 NWRB/).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const { id } = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const orders = (await (await client.request(`/api/portfolios/${id}/orders`)).json()) as { total: number };
    expect(orders.total).toBe(1);
  });

  it("draws the equity curve with its risk figures and switches ranges", async () => {
    const { page } = await trader(devices, "curve");
    await page.goto(`${appUrl()}/portfolio`);
    const figures = page.getByTestId("risk-figures");
    await figures.getByText("Max drawdown").waitFor();
    expect(await page.getByRole("img", { name: /Equity over the last day/ }).count()).toBe(1);
    await page.getByRole("button", { name: "1W" }).click();
    await page.getByRole("img", { name: /Equity over the last week/ }).waitFor();
    expect(await page.getByRole("button", { name: "1W" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("protects a holding with a stop and buys a breakout with a stop-limit, both filling live", async () => {
    const { client, page } = await trader(devices, "stops");
    await setPrice(client, "SKRL", "50.00");
    const ticket = await openTicket(page, "SKRL");
    await ticket.getByLabel("Quantity").fill("20");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await page.locator("tr[data-symbol=SKRL]").waitFor();

    // A sell stop at 45: the price gaps from 50 to 44, it fills at 44 less slippage.
    await ticket.getByRole("radio", { name: "Sell" }).check();
    await ticket.getByLabel("Order type").selectOption("stop");
    await ticket.getByLabel("Stop price").fill("45.00");
    await ticket.getByLabel("Quantity").fill("20");
    await ticket.getByRole("button", { name: "Place sell order" }).click();
    await ticket.getByText(/Stop order to sell 20 SKRL placed/).waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
    await setPrice(client, "SKRL", "44.00");
    await page.locator("tr[data-symbol=SKRL]").waitFor({ state: "detached" });

    // A buy stop-limit: triggers at 46, but pays no more than 46.50.
    await ticket.getByRole("radio", { name: "Buy" }).check();
    await ticket.getByLabel("Order type").selectOption("stop-limit");
    await ticket.getByLabel("Stop price").fill("46.00");
    await ticket.getByLabel("Limit price").fill("46.50");
    await ticket.getByLabel("Quantity").fill("10");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/to buy 10 SKRL placed/).waitFor();
    await setPrice(client, "SKRL", "47.00"); // through the stop and above the limit: waits as a limit
    await setPrice(client, "SKRL", "46.25"); // back through the limit: it fills at its limit, 46.50 (honest limits, decision 056)
    const row = page.locator("tr[data-symbol=SKRL]");
    await row.waitFor();
    expect(await row.textContent()).toContain("46.50");
    await page.getByText("No open orders.", { exact: false }).waitFor();
    const { id } = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const fills = (await (await client.request(`/api/portfolios/${id}/fills`)).json()) as { items: Array<{ side: string; price: string; reason: string }> };
    expect(fills.items.map((f) => [f.side, f.price])).toEqual([
      ["buy", "46.50"],
      ["sell", "43.97"],
      ["buy", "50.03"],
    ]);
  });

  it("buys with a dollar amount and protects it with a trailing stop whose stop follows the high, then fills (decision 060); then a bracket whose exits show grouped (decision 065)", async () => {
    const { client, page } = await trader(devices, "trailing");
    await setPrice(client, "SKRL", "80.00");
    const ticket = await openTicket(page, "SKRL");
    // Dollars: the preview shows the whole shares the amount buys (31 at 80.04) and the cash left.
    await ticket.getByRole("radio", { name: "Dollars" }).check();
    await ticket.getByLabel("Amount", { exact: true }).fill("2500.00");
    expect(await text(page, "preview-shares")).toMatch(/^31\s*18\.76 stays cash$/);
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 31 SKRL at 80\.04/).waitFor();

    // A 5 % trailing stop: the preview's stop is the engine's.
    await ticket.getByRole("radio", { name: "Sell" }).check();
    await ticket.getByLabel("Order type").selectOption("trailing-stop");
    await ticket.getByLabel("Quantity").fill("31");
    await ticket.getByLabel("Trail (%)").fill("5");
    expect(await text(page, "preview-trailing-stop")).toMatch(/^76\.00\s*5\s%\sbelow the high 80\.00$/);
    await ticket.getByLabel("Time in force").selectOption("gtc");
    await ticket.getByRole("button", { name: "Place sell order" }).click();
    await ticket.getByText(/Trailing stop order to sell 31 SKRL placed/).waitFor();
    const open = page.getByRole("list", { name: "Open orders" });
    await open.getByText(/stop 76\.00, trails 5\s% below the high 80\.00/).waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
    // Up: the open order shows the new stop and mark, live.
    await setPrice(client, "SKRL", "90.00");
    await open.getByText(/stop 85\.50, trails 5\s% below the high 90\.00/).waitFor();
    // Down through the stop: sold at market.
    await setPrice(client, "SKRL", "85.00");
    await page.locator("tr[data-symbol=SKRL]").waitFor({ state: "detached" });
    await page.getByText("No open orders.", { exact: false }).waitFor();

    // A bracket from the same ticket (decision 065): the preview names its exits, and they work, grouped, once it filled.
    await ticket.getByLabel("Order class").selectOption("bracket");
    await ticket.getByRole("radio", { name: "Shares" }).check();
    await ticket.getByLabel("Quantity").fill("5");
    await ticket.getByLabel("Take-profit limit").fill("95.00");
    await ticket.getByLabel("Stop-loss stop").fill("80.00");
    expect(await text(page, "preview-exits")).toMatch(/^take-profit 95\.00 · stop-loss 80\.00: they wait for the entry/);
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 5 SKRL at .* Its take-profit 95\.00 and stop-loss 80\.00 work now\./).waitFor();
    const legs = open.getByRole("list", { name: /^Legs of/ });
    await legs.getByText("Take-profit: Sell 5 SKRL · Limit").waitFor();
    await legs.getByText("Stop-loss: Sell 5 SKRL · Stop").waitFor();
  });
});
