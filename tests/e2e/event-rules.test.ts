/**
 * The rules against gambling in the browser (docs/decisions/044): an admin sets all four on
 * the event form, the event page explains each in a plain sentence (and its board its metric),
 * and a participant's order that breaks one is refused with the human message.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, chooseInstrument, localTime, setPrice, signInAt, TEST_ADMIN, trader, useDevices } from "./helpers";

/** An instrument no other browser test moves. */
const CHEAP = "ILPR";

describe.skipIf(browserMissing)("an event's rules against gambling", () => {
  const devices = useDevices();

  it("are set on the form, explained on the event page, and refuse a participant's order with the number", { timeout: 120_000 }, async () => {
    const adminClient = new HttpClient(appUrl());
    await adminClient.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await setPrice(adminClient, CHEAP, "3.00");

    const admin = await (await devices.launch()).newPage();
    await signInAt(admin, TEST_ADMIN);
    await admin.waitForURL(`${appUrl()}/`);
    await admin.goto(`${appUrl()}/admin/events`);
    const form = admin.getByRole("form", { name: "Create an event" });
    const title = `Fair cup ${Date.now()}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Starts (", { exact: false }).fill(await localTime(admin, -60_000));
    await form.getByLabel("Ends (", { exact: false }).fill(await localTime(admin, 3_600_000));
    const rules = form.getByRole("group", { name: "Rules against gambling" });
    await rules.getByLabel("Minimum holdings after the first day").fill("3");
    await rules.getByLabel("Orders per day").fill("5");
    await rules.getByLabel("Minimum holding time (minutes)").fill("30");
    await rules.getByLabel("Minimum share price").fill("5.00");
    // A bad value first: the server's message shows beside the field.
    await rules.getByLabel("Orders per day").fill("0");
    await form.getByRole("button", { name: "Create event" }).click();
    await form.getByText("The trades per day must be a whole number from 1 to 1,000, or no limit.").first().waitFor();
    await rules.getByLabel("Orders per day").fill("5");
    await form.getByRole("button", { name: "Create event" }).click();
    const created = admin.getByRole("status").filter({ hasText: "Created" });
    await created.waitFor();
    const href = (await created.getByRole("link", { name: title }).getAttribute("href"))!;
    const slug = href.split("/").pop()!;

    const { page } = await trader(devices, "fair");
    await page.goto(`${appUrl()}/events/${slug}`);
    await page.getByRole("heading", { name: title }).waitFor();
    for (const sentence of [
      "After the first day (24 hours from the start) you must keep positions in at least 3 different instruments: a sale that would leave fewer is refused.",
      "You can place at most 5 orders each day, 00:00 to 24:00 UTC; rejected and cancelled orders do not count.",
      "You must hold a position at least 30 minutes after your last buy (or short) before you sell (or cover) it.",
      "You can buy or short only shares priced at 5.00 or more.",
    ]) {
      await page.getByRole("listitem").filter({ hasText: sentence }).waitFor();
    }

    await page.getByRole("button", { name: "Join this event" }).click();
    await page.getByRole("heading", { name: "Your event portfolio" }).waitFor();
    await page.getByTestId("board-metric").filter({ hasText: "Ranked by total return since the event started" }).waitFor();
    const ticket = await chooseInstrument(page, CHEAP);
    await ticket.getByLabel("Quantity").fill("10");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    const refusal = ticket.getByRole("alert").filter({ hasText: "Share price too low." });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`This order would buy ${CHEAP} at 3.00; this event allows buying or shorting only shares priced at 5.00 or more.`);
  });
});
