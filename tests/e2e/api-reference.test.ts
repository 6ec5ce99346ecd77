/**
 * The API reference page (/developers/api): RapiDoc renders the served OpenAPI document under
 * the pages' CSP without a request to another origin, for a visitor who is not signed in, at
 * desktop and phone widths; and its bundle loads on that page alone.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, browserMissing, PAGE_LOADED_WITHIN_MS, useDevices } from "./helpers";

/** The URLs of the scripts a page loads, and the first CSP complaint, if any. */
function watchScripts(page: Page) {
  const scripts = new Map<string, number>();
  const csp: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(response.url()).pathname, body.length);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  // Nothing leaves the app's origin (RapiDoc would fetch Google's fonts by default).
  const external: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== new URL(appUrl()).origin) external.push(request.url());
  });
  return { scripts, csp, external };
}

describe.skipIf(browserMissing)("the API reference page", () => {
  const devices = useDevices();

  for (const width of [1280, 390]) {
    it(`renders the served document for a visitor at ${width} px, within the CSP`, async () => {
      const { newPage } = await devices.launch({ viewport: { width, height: 900 } });
      const page = await newPage();
      const watched = watchScripts(page);
      await page.goto(`${appUrl()}/developers/api`);
      await page.getByRole("heading", { name: "API reference", level: 1 }).waitFor();
      // RapiDoc's shadow DOM (open) holds the operations, by the summaries the routes give: on a
      // desktop in its navigation, on a phone (no navigation) under each path, tapped open.
      const reference = page.locator("rapi-doc");
      if (width > 767) {
        await reference.getByText("Place an order").first().waitFor({ timeout: PAGE_LOADED_WITHIN_MS });
        await reference.locator('[data-content-id="post-/api/portfolios/-id-/orders"]').first().click();
        await reference.getByText("Idempotency-Key").first().waitFor();
      } else {
        const orders = reference.getByText("/api/portfolios/{id}/orders", { exact: true });
        await orders.first().waitFor({ timeout: PAGE_LOADED_WITHIN_MS });
        await orders.first().click();
        await reference.getByText(/^(Place an order|List a portfolio’s orders)$/).first().waitFor();
      }
      expect(watched.csp).toEqual([]);
      expect(watched.external).toEqual([]);
    }, 2 * PAGE_LOADED_WITHIN_MS);
  }

  it("loads the renderer on that page only, and the footer links to it", async () => {
    const { newPage } = await devices.launch();
    const page = await newPage();
    const reference = watchScripts(page);
    await page.goto(`${appUrl()}/developers/api`);
    await page.locator("rapi-doc").getByText("Place an order").first().waitFor({ timeout: PAGE_LOADED_WITHIN_MS });
    // The renderer is by far the largest script of the page.
    const [renderer] = [...reference.scripts].sort((a, b) => b[1] - a[1])[0]!;
    expect(reference.scripts.get(renderer)).toBeGreaterThan(500_000);

    const other = await newPage();
    const login = watchScripts(other);
    await other.goto(`${appUrl()}/login`);
    await other.getByRole("link", { name: "API reference" }).waitFor();
    await other.waitForLoadState("networkidle");
    expect(login.scripts.size).toBeGreaterThan(0);
    expect([...login.scripts.keys()]).not.toContain(renderer);

    await other.getByRole("link", { name: "API reference" }).click();
    await other.waitForURL(`${appUrl()}/developers/api`);
    await other.locator("rapi-doc").getByText("Place an order").first().waitFor({ timeout: PAGE_LOADED_WITHIN_MS });
  }, 3 * PAGE_LOADED_WITHIN_MS);
});
