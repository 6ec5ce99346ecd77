/**
 * Rough edges a new user trips over (issue #12, section 3), each checked the way a person
 * meets it in the browser: the confirm dialogs' verbs, refusals in the order history, the
 * sell preview without shares, the phone menu, joining with a code alone, and event
 * descriptions written in Markdown.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, chooseInstrument, setPrice, signInAt, TEST_ADMIN, trader, useDevices } from "./helpers";

const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;

async function openTicket(page: Page, symbol: string) {
  await page.goto(`${appUrl()}/portfolio`);
  return chooseInstrument(page, symbol);
}

async function adminClient() {
  const client = new HttpClient(appUrl());
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

async function createEvent(client: HttpClient, extra: Record<string, unknown>) {
  const res = await client.request("/api/admin/events", {
    method: "POST",
    json: {
      title: `Edge cup ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      startingCash: "25000.00",
      visibility: "public",
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`creating the event failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { slug: string; joinCode?: string; event: { title: string } };
}

describe.skipIf(browserMissing)("rough edges a new user meets", () => {
  const devices = useDevices();

  it("asks to keep or cancel an order, with verbs that cannot be confused", async () => {
    const { client, page } = await trader(devices, "keeper");
    await setPrice(client, "SNFW", "30.00");
    const ticket = await openTicket(page, "SNFW");
    await ticket.getByLabel("Order type").selectOption("limit");
    await ticket.getByLabel("Limit price").fill("20.00");
    await ticket.getByLabel("Quantity").fill("5");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    const open = page.getByRole("list", { name: "Open orders" });
    const opener = open.getByRole("button", { name: /^Cancel Buy 5 SNFW/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Cancel", exact: true }).count()).toBe(0);
    // Modal: focus starts on the way out and Tab never reaches the page behind (as with a native
    // <dialog>, it passes through the browser's own controls — no element here — and comes back);
    // Escape closes and focus goes back to the opener.
    const focused = () => page.evaluate(() => (document.activeElement === document.body ? "(the browser)" : document.activeElement?.textContent));
    await expect.poll(focused).toBe("Keep order");
    const order: Array<string | undefined> = [];
    for (let presses = 0; presses < 3; presses++) {
      await page.keyboard.press("Tab");
      order.push(await focused());
    }
    expect(order).toEqual(["Cancel order", "(the browser)", "Keep order"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await open.getByRole("button", { name: /^Cancel Buy 5 SNFW/ }).count()).toBe(1);
    await open.getByRole("button", { name: /^Cancel Buy 5 SNFW/ }).click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText(/Cancelled: Buy 5 SNFW/).waitFor();
  });

  it("warns before selling shares you do not hold, and the history shows why in words, not a code", async () => {
    const { client, page } = await trader(devices, "nosell");
    await setPrice(client, "CKBK", "12.00");
    const ticket = await openTicket(page, "CKBK");
    await ticket.getByRole("radio", { name: "Sell" }).check();
    await ticket.getByLabel("Quantity").fill("1500");
    // The preview says it plainly instead of promising proceeds.
    const note = ticket.getByRole("note");
    await note.getByText(/You hold 0 CKBK/).waitFor();
    expect(await ticket.getByText("Estimated proceeds").count()).toBe(0);
    await ticket.getByRole("button", { name: "Place sell order" }).click();
    await ticket.getByRole("alert").getByText("You do not have enough shares.").waitFor();
    await page.getByLabel("Status").selectOption("rejected");
    const history = page.getByRole("table", { name: "Order history" });
    await history.getByText(/You hold 0 CKBK: you can sell at most 0/).waitFor();
    expect(await history.getByText("INSUFFICIENT_SHARES").count()).toBe(0);
    // Quantities are grouped like every other figure on the page.
    await history.getByText("Sell 1,500 CKBK · Market").waitFor();
  });

  it("shows a short sale for shares you do not hold without proceeds out of thin air, and a stop sell too", async () => {
    const { client, page } = await trader(devices, "stopsell");
    await setPrice(client, "LNFC", "40.00");
    const ticket = await openTicket(page, "LNFC");
    await ticket.getByRole("radio", { name: "Sell" }).check();
    await ticket.getByLabel("Order type").selectOption("stop");
    await ticket.getByLabel("Stop price").fill("35.00");
    await ticket.getByLabel("Quantity").fill("3");
    await ticket.getByRole("note").getByText(/You hold 0 LNFC/).waitFor();
    expect(await ticket.getByText("Estimated proceeds").count()).toBe(0);
  });
});

describe.skipIf(browserMissing)("the phone menu", () => {
  const devices = useDevices();

  async function phoneTrader() {
    const { page, context } = await (async () => {
      const device = await devices.launch({ viewport: PHONE });
      return { page: await device.newPage(), context: device.context };
    })();
    const person = { name: "Tester phone", email: `phone-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`, password: "correct horse battery" };
    const res = await fetch(`${appUrl()}/api/account/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(person) });
    expect(res.status).toBe(201);
    await signInAt(page, person);
    await page.waitForURL(`${appUrl()}/`);
    return { page, context };
  }

  it("closes on Escape (focus back on the toggle), on a tap outside and after choosing a section, and stays small", async () => {
    const { page } = await phoneTrader();
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Sections" });

    await toggle.click();
    await nav.getByRole("link", { name: "Portfolio" }).waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    // It takes at most a quarter of the phone's screen.
    const box = (await nav.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(PHONE.height / 4);
    // Keyboard: Tab from the toggle reaches the first link, Escape closes and gives focus back.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Dashboard");
    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // A tap outside.
    await toggle.click();
    await nav.waitFor();
    await page.mouse.click(PHONE.width / 2, PHONE.height - 40);
    await nav.waitFor({ state: "hidden" });

    // Choosing the page already open (no navigation) closes it too.
    await toggle.click();
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await nav.waitFor({ state: "hidden" });

    // And navigating to another section.
    await toggle.click();
    await nav.getByRole("link", { name: "Portfolio" }).click();
    await page.waitForURL(`${appUrl()}/portfolio`);
    await nav.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe.skipIf(browserMissing)("joining an event and reading its description", () => {
  const devices = useDevices();

  it("finds a private event from its join code alone on /events, and says so when a code is unknown", async () => {
    const admin = await adminClient();
    const created = await createEvent(admin, { visibility: "private" });
    const { page } = await trader(devices, "coder");
    await page.goto(`${appUrl()}/events`);
    const box = page.getByRole("form", { name: "Have a join code?" });
    await box.getByLabel("Join code").fill("ZZZZ-ZZZZ");
    await box.getByRole("button", { name: "Find event" }).click();
    await box.getByText("No event has this join code").waitFor();

    await box.getByLabel("Join code").fill(created.joinCode!.toLowerCase().replace("-", " "));
    await box.getByRole("button", { name: "Find event" }).click();
    await page.getByRole("heading", { name: created.event.title }).waitFor();
    await page.getByRole("button", { name: "Join this event" }).click();
    await page.getByRole("heading", { name: "Your event portfolio" }).waitFor();
  });

  it("renders an event's Markdown description safely: bold is bold, scripts and handlers never run", async () => {
    const admin = await adminClient();
    const description = [
      "Trade **only tech** this week.",
      "",
      "- first rule",
      "- second rule",
      "",
      '<script>window.__pwned = "script"</script>',
      '<img src="x" onerror="window.__pwned = \'img\'">',
      "[a link](javascript:window.__pwned='link')",
    ].join("\n");
    const created = await createEvent(admin, { description });
    const { page } = await trader(devices, "reader");
    await page.goto(`${appUrl()}/events/${created.slug}`);
    const about = page.getByRole("region", { name: "About" });
    await about.locator("strong", { hasText: "only tech" }).waitFor();
    expect(await about.getByRole("listitem").filter({ hasText: "first rule" }).count()).toBe(1);
    expect(await about.getByText("**only tech**").count()).toBe(0);
    expect(await about.locator("script, img").count()).toBe(0);
    const link = about.getByRole("link", { name: "a link" });
    if (await link.count()) await link.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
  });
});
