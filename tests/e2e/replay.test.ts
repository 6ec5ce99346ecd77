/**
 * A replay contest in the browser: an admin imports a small CSV dataset, creates an event
 * replaying it (dataset picker, start date, speed), and a member joins, sees the replay's
 * trading day and price, and buys at the replay's price — an instrument the practice market
 * does not even list — then a resting sell fills when the server's replay task plays through it.
 */
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, localTime, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

// Flat first day, so the price on day 1 is exactly 40.00 whenever the member trades.
const CSV = ["Date,Open,High,Low,Close,Volume", "2008-10-06,40.00,40.00,40.00,40.00,1000", "2008-10-07,40.00,41.00,30.00,31.00,1000", "2008-10-08,31.00,35.00,30.50,34.00,1000"].join("\n");

describe.skipIf(browserMissing)("a replay event in the browser", () => {
  const devices = useDevices();

  it("is created on an imported dataset, joined, and traded at the replay's price; a resting order fills on the replay's clock", { timeout: 240_000 }, async () => {
    const symbol = `RP${Array.from({ length: 4 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 24)]).join("")}`;
    const admin = await (await devices.launch()).newPage();
    await signInAt(admin, TEST_ADMIN);
    await admin.waitForURL(`${appUrl()}/`);

    // Import the dataset.
    await admin.goto(`${appUrl()}/admin/datasets`);
    const importForm = admin.getByRole("form", { name: "Import a CSV" });
    const name = `Crash ${symbol}`;
    await importForm.getByLabel("CSV file").setInputFiles({ name: "crash.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await importForm.getByLabel("Dataset name").fill(name);
    await importForm.getByLabel("Symbol", { exact: true }).fill(symbol);
    await importForm.getByLabel("Sector", { exact: true }).fill("Financials");
    await importForm.getByRole("button", { name: "Import" }).click();
    await admin.waitForURL((url) => /^\/admin\/datasets\/[^/]+$/.test(url.pathname));

    // Create a public replay event, live from a few seconds ago for three minutes: three trading days at 60 a real hour.
    await admin.goto(`${appUrl()}/admin/events`);
    const form = admin.getByRole("form", { name: "Create an event" });
    const title = `Crash class ${symbol}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Starts (", { exact: false }).fill(await localTime(admin, -5_000));
    await form.getByLabel("Ends (", { exact: false }).fill(await localTime(admin, 180_000));
    await form.getByLabel("Replay imported datasets instead of the practice market").check();
    await form.getByLabel(new RegExp(`^${name} \\(${symbol}`)).check();
    await form.getByLabel("Replay from (first trading day)").fill("2008-10-06");
    // A speed far beyond the data says how much data there is, and the speed that fits it.
    await form.getByLabel("Speed (trading days per real hour)").fill("1000");
    await form.getByText("but the data has about 3 from 2008-10-06").waitFor();
    await form.getByLabel("Speed (trading days per real hour)").fill("60");
    await form.getByText("This window plays 3 trading days").waitFor();
    await form.getByRole("button", { name: "Create event" }).click();
    const created = admin.getByRole("status").filter({ hasText: "Created" });
    await created.waitFor();
    const href = (await created.getByRole("link", { name: title }).getAttribute("href"))!;
    const slug = href.split("/").pop()!;

    // A member joins and trades the replay's instrument at its price.
    const person = newPerson("replayer");
    await registerViaApi(person);
    const member = await (await devices.launch()).newPage();
    await signInAt(member, person);
    await member.waitForURL(`${appUrl()}/`);
    await member.goto(`${appUrl()}/events/${slug}`);
    await member.getByRole("button", { name: "Join this event" }).click();
    await member.getByRole("heading", { name: "Your event portfolio" }).waitFor();
    await member.getByTestId("replay-day").getByText("Replaying 2008-10-06, day 1 of 3").waitFor();
    expect(await member.getByTestId(`replay-price-${symbol}`).textContent()).toContain("40.00");
    const ticket = member.getByRole("form", { name: "Trade ticket" });
    await ticket.getByRole("combobox", { name: "Instrument" }).fill(symbol);
    await ticket.getByRole("option", { name: new RegExp(`^${symbol}`) }).waitFor();
    await ticket.getByRole("combobox", { name: "Instrument" }).press("Enter");
    await ticket.getByLabel("Quantity").fill("10");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    // 40.00 plus 5 bps, rounded up: 40.02.
    await ticket.getByText(new RegExp(`Bought 10 ${symbol}.*40\\.02`)).waitFor();
    // Held at the replay's price; no link to a practice chart the symbol does not have.
    const row = member.getByRole("region", { name: "Your event portfolio" }).locator(`tr[data-symbol="${symbol}"]`);
    await row.waitFor();
    expect(await row.getByRole("link", { name: symbol }).count()).toBe(0);
    await member.getByTestId("equity").getByText("99,999.80").waitFor();

    // A resting sell at 40.90: the server's replay task fills it when day 2 (2008-10-07) runs up to its high of 41.00.
    await ticket.getByLabel("Sell", { exact: true }).check();
    await ticket.getByLabel("Order type").selectOption("limit");
    await ticket.getByLabel("Limit price").fill("40.90");
    await ticket.getByLabel("Quantity").fill("10");
    await ticket.getByLabel("Time in force").selectOption("gtc");
    await ticket.getByRole("button", { name: "Place sell order" }).click();
    await ticket.getByText(new RegExp(`Limit order to sell 10 ${symbol} placed`)).waitFor();
    await member.getByRole("list", { name: "Open orders" }).getByText(`Sell 10 ${symbol} · Limit`).waitFor();
    // Day 1 is flat at 40.00: the order rests until day 2 begins, a minute after the start.
    await member.getByTestId("replay-day").getByText(/Replaying 2008-10-0[78], day [23] of 3/).waitFor({ timeout: 100_000 });
    // Bought at 40.02, sold at 40.90: 100,000.00 − 400.20 + 409.00.
    await member.getByTestId("cash").getByText("100,008.80").waitFor({ timeout: 30_000 });
    await member.getByText("No open orders.", { exact: false }).waitFor();
  });
});
