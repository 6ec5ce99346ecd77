/**
 * A private contest end to end in the browser: an admin creates it on /admin/events, a
 * member opens it with the join code, joins, trades and appears on the live board; the
 * organiser moves the end to seconds from now, the event ends and the standings freeze — a
 * price move afterwards changes nothing on the board.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, endEventSoon, localTime, newPerson, registerViaApi, signInAt, TEST_ADMIN, useDevices } from "./helpers";

const SYMBOL = "DWPT";

describe.skipIf(browserMissing)("a private event in the browser", () => {
  const devices = useDevices();

  it("is created by an admin, joined with its code, traded, ranked live, and frozen at its end", { timeout: 150_000 }, async () => {
    const adminClient = new HttpClient(appUrl());
    await adminClient.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const price = await adminClient.request("/api/test/prices", { method: "POST", json: { symbol: SYMBOL, price: "50.00" } });
    expect(price.status).toBe(200);

    // The admin creates a private event that is live now and ends in 15 minutes.
    const admin = await (await devices.launch()).newPage();
    await signInAt(admin, TEST_ADMIN);
    await admin.waitForURL(`${appUrl()}/`);
    await admin.goto(`${appUrl()}/admin/events`);
    const form = admin.getByRole("form", { name: "Create an event" });
    const title = `Class cup ${Date.now()}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Starts (", { exact: false }).fill(await localTime(admin, -60_000));
    await form.getByLabel("Ends (", { exact: false }).fill(await localTime(admin, 15 * 60_000));
    await form.getByLabel("Visibility").selectOption("private");
    await form.getByRole("button", { name: "Create event" }).click();
    const created = admin.getByRole("status").filter({ hasText: "Created" });
    await created.waitFor();
    const joinCode = (await created.getByTestId("new-join-code").textContent())!.trim();
    expect(joinCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const href = (await created.getByRole("link", { name: title }).getAttribute("href"))!;
    const slug = href.split("/").pop()!;

    // A member opens the address: nothing shows without the code.
    const person = newPerson("eventer");
    await registerViaApi(person);
    const member = await (await devices.launch()).newPage();
    await signInAt(member, person);
    await member.waitForURL(`${appUrl()}/`);
    await member.goto(`${appUrl()}/events/${slug}`);
    await member.getByText("There is no event at this address that you can see").waitFor();
    expect(await member.getByRole("heading", { name: title }).count()).toBe(0);
    await member.getByLabel("Join code").fill(joinCode.toLowerCase());
    await member.getByRole("button", { name: "Open" }).click();
    await member.getByRole("heading", { name: title }).waitFor();
    await member.getByRole("button", { name: "Join this event" }).click();

    // Joined: the event portfolio with the same trade ticket as /portfolio.
    await member.getByRole("heading", { name: "Your event portfolio" }).waitFor();
    const ticket = member.getByRole("form", { name: "Trade ticket" });
    await ticket.getByRole("combobox", { name: "Instrument" }).fill(SYMBOL);
    await ticket.getByRole("option", { name: new RegExp(`^${SYMBOL}`) }).waitFor();
    await ticket.getByRole("combobox", { name: "Instrument" }).press("Enter");
    await ticket.getByLabel("Quantity").fill("100");
    await ticket.getByRole("button", { name: "Place buy order" }).click();
    await ticket.getByText(new RegExp(`Bought 100 ${SYMBOL}`)).waitFor();

    // On the live board, marked as the person's own row.
    const board = member.getByRole("table", { name: "Leaderboard" });
    const mine = board.getByRole("row", { name: new RegExp(`${person.name} \\(you\\)`) });
    await mine.waitFor();
    await member.getByText("Live: updates every few seconds.").waitFor();
    // 100 × 50.025 → 50.03 paid (slippage against the trader): equity 100,000.00 − 3.00.
    await mine.getByText("99,997.00").waitFor();

    // The organiser ends it early (decision 055); the member's page, loaded again, counts down
    // the new end and shows the frozen standings.
    await endEventSoon(adminClient, slug);
    await member.reload();
    await member.getByText("Final standings, frozen at the end.").waitFor({ timeout: 90_000 });
    await board.getByRole("row", { name: new RegExp(person.name) }).getByText("99,997.00").waitFor();

    // Prices move afterwards; the frozen board does not.
    await adminClient.request("/api/test/prices", { method: "POST", json: { symbol: SYMBOL, price: "80.00" } });
    await member.reload();
    await member.getByText("Final standings, frozen at the end.").waitFor();
    const frozenRow = member.getByRole("table", { name: "Leaderboard" }).getByRole("row", { name: new RegExp(person.name) });
    expect(await frozenRow.textContent()).toContain("99,997.00");

    // The organiser's CSV has the frozen row.
    const csv = await adminClient.request(`/api/admin/events/${slug}/standings.csv`);
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain(`1,${person.name},${person.email},99997.00`);
    expect(body.trim().split("\r\n").at(-1)).toMatch(/,yes$/);
  });
});
