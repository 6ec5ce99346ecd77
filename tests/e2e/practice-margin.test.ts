/**
 * An admin gives the practice market margin (docs/decisions/073), from the keyboard-usable card
 * on Admin → People: a wrong term is refused beside its field, the default terms turn it on, a
 * member's overview then shows buying power "with 2× margin", and switching it off takes that
 * back. The test leaves margin off, as the other files of its server expect.
 */
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, localTime, signInAt, TEST_ADMIN, trader, useDevices } from "./helpers";

const SHOTS = process.env.SCREENSHOT_DIR;

describe.skipIf(browserMissing)("margin on the practice market", () => {
  const devices = useDevices();

  it("an admin refuses a wrong term beside its field, turns margin on, and a member's buying power says so; off again, it does not", async () => {
    const page = await (await devices.launch()).newPage();
    await signInAt(page, TEST_ADMIN, "?callbackUrl=%2Fadmin");
    await page.waitForURL(`${appUrl()}/admin`);
    const card = page.getByRole("form", { name: "Practice market margin" });
    await card.getByText("Off: practice portfolios are cash accounts.").waitFor();
    const multiple = card.getByLabel("Buying power (multiple of equity)");
    await multiple.fill("5");
    await card.getByLabel("Allow margin on the practice market").check();
    await card.getByRole("button", { name: "Save margin settings" }).click();
    await card.getByText(/The margin multiple must be above 1 and at most 4/).first().waitFor();

    await multiple.fill("2");
    await card.getByRole("button", { name: "Save margin settings" }).click();
    await card.getByText("Margin is on for the practice market.").waitFor();
    await card.getByText("On: practice portfolios may borrow up to 2× their equity.").waitFor();
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: `${SHOTS}/practice-margin-${width}.png` });
      }
    }

    const { page: member } = await trader(devices, "margin");
    await member.goto(`${appUrl()}/portfolio`);
    await member.getByText("with 2× margin").first().waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByLabel("Allow margin on the practice market").uncheck();
    await card.getByRole("button", { name: "Save margin settings" }).click();
    await card.getByText("Margin is off for the practice market: nobody can borrow more.").waitFor();
    await member.reload();
    await member.getByText("Buying power").first().waitFor();
    await member.getByText("with 2× margin").waitFor({ state: "detached" });
  });

  it("the event form offers the same terms, with the same labels, and names a wrong one beside its field", async () => {
    const page = await (await devices.launch()).newPage();
    await signInAt(page, TEST_ADMIN, "?callbackUrl=%2Fadmin%2Fevents");
    await page.waitForURL(`${appUrl()}/admin/events`);
    const form = page.getByRole("form", { name: "Create an event" });
    const margin = form.getByRole("group", { name: "Margin" });
    await margin.getByLabel("Allow margin: people may borrow to buy, pay interest and get margin calls").check();
    await margin.getByLabel("Buying power (multiple of equity)").waitFor();
    expect(await margin.getByLabel("Hours to meet a margin call").inputValue()).toBe("24");
    await form.getByLabel("Title").fill(`Leverage cup ${Date.now()}`);
    await form.getByLabel("Starts (", { exact: false }).fill(await localTime(page, 3_600_000));
    await form.getByLabel("Ends (", { exact: false }).fill(await localTime(page, 7_200_000));
    await margin.getByLabel("Maintenance margin (% of long value)").fill("60");
    await form.getByRole("button", { name: "Create event" }).click();
    await margin.getByText(/below the initial margin of 50/).first().waitFor();
  });
});
