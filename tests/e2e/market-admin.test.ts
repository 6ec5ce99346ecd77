/**
 * The market admin in the browser: an admin adds an instrument, imports a small dataset (its
 * sector asked for) and sees its preview chart and sector, and a bad file shows every problem
 * with its line number. "Edit" on a row far down the page brings its form into view with the
 * focus in it; a new sector is asked for on purpose, naming the existing one it is close to.
 */
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, signInAt, TEST_ADMIN, useDevices } from "./helpers";

const GOOD_CSV = ["Date,Open,High,Low,Close,Volume", "2024-01-02,10.00,11.00,9.50,10.50,1000", "2024-01-03,10.50,12.00,10.00,11.75,2000", "2024-01-04,11.75,11.80,11.00,11.10,1500"].join("\n");
const BAD_CSV = ["Date,Open,High,Low,Close,Volume", "2024-01-02,10.00,11.00,9.50,10.50,1000", "2024-02-30,10.00,11.00,9.50,10.50,1000", "2024-01-05,10.00,9.00,9.50,10.50,x"].join("\n");

const suffix = () => Date.now().toString(36) + randomInt(1e6).toString(36);

describe.skipIf(browserMissing)("market admin", () => {
  const devices = useDevices();

  it("adds an instrument, imports a dataset with a preview chart, and lists a bad file's problems by line", async () => {
    const page = await (await devices.launch()).newPage();
    await signInAt(page, TEST_ADMIN, "?callbackUrl=%2Fadmin");
    await page.waitForURL(`${appUrl()}/admin`);
    await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Instruments" }).click();
    await page.waitForURL(`${appUrl()}/admin/instruments`);

    // Add an instrument: a bad price first gets a message on that field.
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const symbol = "Y" + Array.from({ length: 4 }, () => letters[randomInt(26)]).join("");
    const form = page.getByRole("form", { name: "Add an instrument" });
    await form.getByLabel("Symbol", { exact: true }).fill(symbol);
    await form.getByLabel("Name", { exact: true }).fill("Yonder Browser Works");
    await form.getByLabel("Sector", { exact: true }).selectOption("Industrials");
    await form.getByLabel("Starting price", { exact: true }).fill("12.5");
    await form.getByRole("button", { name: "Add instrument" }).click();
    await form.getByText("The starting price must be positive with two decimals, like 42.50.").waitFor();
    await form.getByLabel("Starting price", { exact: true }).fill("12.50");
    await form.getByRole("button", { name: "Add instrument" }).click();
    await page.getByText(`${symbol} is added.`).waitFor();
    const row = page.getByRole("table").getByRole("row").filter({ hasText: symbol });
    await row.getByText("Yonder Browser Works").waitFor();
    await row.getByText("Active", { exact: true }).waitFor();

    // Import a bad file: every problem with its line, nothing imported.
    await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Datasets" }).click();
    await page.waitForURL(`${appUrl()}/admin/datasets`);
    const importForm = page.getByRole("form", { name: "Import a CSV" });
    const badName = `Bad ${suffix()}`;
    await importForm.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(BAD_CSV) });
    await importForm.getByLabel("Dataset name").fill(badName);
    await importForm.getByLabel("Symbol", { exact: true }).fill("ACME");
    // The sector is asked for, with a message on its field.
    await importForm.getByRole("button", { name: "Import" }).click();
    await importForm.getByText("Give the company's sector, like Technology: a replay position shows it.").waitFor();
    await importForm.getByLabel("Sector", { exact: true }).fill("Industrials");
    await importForm.getByRole("button", { name: "Import" }).click();
    const problems = importForm.getByRole("list", { name: "Problems in the file" }).getByRole("listitem");
    await expect.poll(() => problems.count()).toBe(3);
    const texts = await problems.allInnerTexts();
    expect(texts[0]).toMatch(/^Line 3: /);
    expect(texts[1]).toMatch(/^Line 4: /);
    expect(texts[2]).toMatch(/^Line 4: /);
    expect(await page.getByRole("link", { name: badName }).count()).toBe(0);

    // A good file: the dataset page with its preview chart.
    const name = `Good ${suffix()}`;
    await importForm.getByLabel("CSV file").setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(GOOD_CSV) });
    await importForm.getByLabel("Dataset name").fill(name);
    await importForm.getByRole("button", { name: "Import" }).click();
    await page.waitForURL((url) => /^\/admin\/datasets\/[^/]+$/.test(url.pathname));
    await page.getByRole("heading", { name }).waitFor();
    await page.getByText("ACME · 3 days from 2024-01-02 to 2024-01-04").waitFor();
    // Its sector is shown, and can be changed.
    const sectorForm = page.getByRole("form", { name: "Dataset sector" });
    expect(await sectorForm.getByLabel("Sector", { exact: true }).inputValue()).toBe("Industrials");
    await sectorForm.getByLabel("Sector", { exact: true }).fill("Materials");
    await sectorForm.getByRole("button", { name: "Save sector" }).click();
    await sectorForm.getByRole("status").filter({ hasText: "The sector is now Materials." }).waitFor();
    const chart = page.getByRole("img", { name: `Daily candles of ${name}` });
    await chart.locator("canvas").first().waitFor();

    await page.goto(`${appUrl()}/admin/datasets`);
    await page.getByRole("table").getByRole("row").filter({ hasText: name }).getByText("Materials").waitFor();
    await page.getByRole("table").getByRole("link", { name }).click();

    // Deleting asks first, then the dataset is gone from the list.
    await page.getByRole("button", { name: "Delete dataset…" }).click();
    await page.getByRole("dialog", { name: `Delete "${name}"?` }).getByRole("button", { name: "Delete dataset" }).click();
    await page.waitForURL(`${appUrl()}/admin/datasets`);
    await page.getByRole("heading", { name: "Imported datasets" }).waitFor();
    expect(await page.getByRole("link", { name }).count()).toBe(0);
  });

  it("Edit on a row near the bottom brings the form into view with the focus in it; a new sector is confirmed as new, naming close matches", async () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    // Y… sorts near the end of the universe's list: the row is far below the form.
    const symbol = "Y" + Array.from({ length: 4 }, () => letters[randomInt(26)]).join("");
    const client = new HttpClient(appUrl());
    await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const definition = { symbol, name: "Yardarm Edit Works", sector: "Industrials", kind: "stock", startingPrice: "20.00", drift: 0.05, volatility: 0.3, beta: 1, sectorLoading: 1, averageDailyVolume: 100_000 };
    const added = await client.request("/api/admin/instruments", { method: "POST", json: definition });
    expect(added.status).toBe(201);

    const viewport = { width: 1280, height: 800 };
    const page = await (await devices.launch({ viewport })).newPage();
    await signInAt(page, TEST_ADMIN, "?callbackUrl=%2Fadmin%2Finstruments");
    await page.waitForURL(`${appUrl()}/admin/instruments`);
    const editButton = page.getByRole("button", { name: `Edit ${symbol}` });
    await editButton.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    await editButton.click();

    const form = page.getByRole("form", { name: `Edit ${symbol}` });
    await form.waitFor();
    // The focus is in the form's first field, and the form is on screen.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("edit-name");
    const box = (await page.getByRole("heading", { name: `Edit ${symbol}` }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

    // An existing sector in other letters is not a new one.
    await form.getByLabel("Sector", { exact: true }).selectOption({ label: "New sector…" });
    await form.getByLabel("New sector", { exact: true }).fill("real estate");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("“real estate” is the existing sector “Real Estate”: pick it from the list.").waitFor();

    // A typo of an existing sector: asked first, with the sector it is close to.
    await form.getByLabel("New sector", { exact: true }).fill("Industrals");
    await form.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Create the sector “Industrals”?" });
    await dialog.getByText("Close to an existing sector:").waitFor();
    await dialog.getByText(/Industrials\./).waitFor();
    await dialog.getByRole("button", { name: "Go back to the form" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A sector that is new on purpose: confirmed, saved, and the focus goes back to the row.
    const sector = `Orbital ${randomInt(1e6).toString(36)}`;
    await form.getByLabel("New sector", { exact: true }).fill(sector);
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("dialog", { name: `Create the sector “${sector}”?` }).getByRole("button", { name: "Create it and save" }).click();
    await page.getByText(`${symbol} is saved.`).waitFor();
    const row = page.getByRole("table").getByRole("row").filter({ hasText: symbol });
    await row.getByText(sector).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Edit ${symbol}`);
    // The new sector is in the list now; the add form offers it.
    expect(await page.getByRole("form", { name: "Add an instrument" }).getByLabel("Sector", { exact: true }).locator("option", { hasText: sector }).count()).toBe(1);
  });
});
