/**
 * The trade journal, the teacher's view of it and the report card in a real browser
 * (docs/decisions/040-journal-dashboard-report-card.md): a student writes why in the ticket,
 * sees the note under the order in their history (as text, markup and all), their teacher
 * finds it on the class dashboard and the student's read-only page, and after an event the
 * student's report card shows the trade with its note and prints without the app's frame.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, chooseInstrument, endEventSoon, setPrice, TEST_ADMIN, trader, useDevices } from "./helpers";

const NOTE = "<b>Cheap</b> after the dip. Sell if it falls below 40.";

describe.skipIf(browserMissing)("the trade journal", () => {
  const devices = useDevices();

  it("a student journals a trade in the ticket; the teacher reads it on the dashboard and the student's page", { timeout: 150_000 }, async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const klass = (await (await admin.request("/api/classes", { method: "POST", json: { name: "Journal 9B" } })).json()) as { id: string; joinCode: string };

    const { client, page, person } = await trader(devices, "journal");
    expect((await client.request("/api/classes/join", { method: "POST", json: { code: klass.joinCode } })).status).toBeLessThan(300);
    await setPrice(admin, "NWRB", "50.00");
    await page.goto(`${appUrl()}/portfolio`);
    const ticket = await chooseInstrument(page, "NWRB");
    await ticket.getByLabel("Quantity").fill("4");
    const journal = ticket.getByLabel("Journal — why this trade? (optional)");
    await journal.fill(NOTE);
    await ticket.getByText(`${NOTE.length} / 1,000 characters`, { exact: false }).waitFor();
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(/Bought 4 NWRB/).waitFor();
    // The field is empty again for the next trade.
    await expect.poll(() => journal.inputValue()).toBe("");
    const history = page.getByRole("table", { name: "Order history" });
    await history.getByText(NOTE).waitFor();
    // Shown as the text it is: no bold element was made from it.
    expect(await history.locator("b").count()).toBe(0);

    // The teacher (the admin made the class): the dashboard counts the entry; the student's page shows it.
    const teacher = await (await devices.launch()).newPage();
    await teacher.context().addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: appUrl() })));
    await teacher.goto(`${appUrl()}/classes/${klass.id}?section=dashboard`);
    const dashboard = teacher.getByRole("table", { name: "Class dashboard" });
    const row = dashboard.getByRole("row").filter({ hasText: person.name });
    await row.waitFor();
    await expect.poll(async () => (await row.getByRole("cell").allInnerTexts()).slice(1, 4)).toEqual(["1", "0", "1"]);
    await row.getByRole("link").click();
    await teacher.waitForURL(/\/classes\/[0-9a-f-]{36}\/students\/[0-9a-f-]{36}$/);
    await teacher.getByRole("table", { name: /Orders of the practice portfolio/ }).getByText(NOTE).waitFor();
    expect(await teacher.getByRole("form", { name: "Trade ticket" }).count()).toBe(0);
  });

  it("after an event, the participant's report card shows the trade with its note and prints without the frame", { timeout: 150_000 }, async () => {
    const admin = new HttpClient(appUrl());
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await setPrice(admin, "QBYT", "80.00");
    const made = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title: `Report sprint ${Date.now()}`, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), startingCash: "10000.00", visibility: "public" },
    });
    expect(made.status).toBe(201);
    const slug = ((await made.json()) as { event: { slug: string } }).event.slug;
    const { client, page } = await trader(devices, "report");
    const { portfolioId } = (await (await client.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).json()) as { portfolioId: string };
    const placed = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol: "QBYT", side: "buy", type: "market", quantity: 10, note: "Event bet on QBYT." } });
    expect(placed.status).toBe(201);
    // Joined and traded: the organiser ends it now (decision 055).
    await endEventSoon(admin, slug);

    // The event page links the report card once the end is processed.
    await page.goto(`${appUrl()}/events/${slug}`);
    await page.getByRole("link", { name: "See your report card" }).waitFor({ timeout: 90_000 });
    await page.getByRole("link", { name: "See your report card" }).click();
    await page.waitForURL(`${appUrl()}/events/${slug}/report`);
    await page.getByRole("heading", { name: "Report card", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Trades with their journal notes" }).getByText("Event bet on QBYT.").waitFor();
    await page.getByRole("table", { name: "Holdings" }).getByText("QBYT").first().waitFor();
    // At 1280 px the holdings table is whole, not cut off inside half the page.
    await page.setViewportSize({ width: 1280, height: 800 });
    const overflow = () => page.getByRole("table", { name: "Holdings", exact: true }).evaluate((table) => table.getBoundingClientRect().right - table.parentElement!.getBoundingClientRect().right);
    await expect.poll(overflow).toBeLessThanOrEqual(1);
    // …and, with room to spare, each instrument's name is whole ("Quillbyte Software", not "Quillbyte Softw…").
    const nameCut = () => page.getByRole("table", { name: "Holdings", exact: true }).getByText("Quillbyte Software").evaluate((name) => name.scrollWidth - name.clientWidth);
    await expect.poll(nameCut).toBeLessThanOrEqual(0);

    await page.emulateMedia({ media: "print" });
    await expect.poll(() => page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.getByRole("banner").isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: "Results" }).isVisible()).toBe(true);
  });
});
