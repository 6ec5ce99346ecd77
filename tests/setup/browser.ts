/** Debian's Chromium (its headless shell when installed) driven by playwright-core (never a downloaded browser). */
import fs from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { CHROMIUM_INSTALL, chromiumPath } from "../../scripts/lib/chromium.mjs";

/** Debian's headless shell, or its full Chromium (scripts/lib/chromium.mjs); CHROMIUM_PATH overrides. */
export const CHROMIUM = chromiumPath();
/** What to run when it is missing. */
export const INSTALL_CHROMIUM = CHROMIUM_INSTALL;

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM);
}

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The test process's one browser, launched on first use (playwright ends it when the process exits). */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = launchChromium();
    // A crashed browser is launched afresh for the next profile, not handed out dead.
    shared.then((browser) => browser.on("disconnected", () => (shared = undefined))).catch(() => (shared = undefined));
  }
  return shared;
}

/**
 * A fresh profile each time (a browser context: its own cookies, storage and cache), so no test
 * sees another's session, in the process's one browser: a new browser process per profile cost
 * 40 % more CPU than a context in a running one (docs/decisions/069-headless-shell.md).
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; timezoneId?: string } = {}): Promise<BrowserContext> {
  const context = await (await sharedBrowser()).newContext({
    viewport: options.viewport ?? { width: 1280, height: 860 },
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
  });
  // Waits are hang guards, not speed checks: CI (three browser workers beside the PostgreSQL
  // pass on two cores) saw a navigation and a placed order's message pass Playwright's 30 s.
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  return context;
}

/** The longest a page action or wait may take before it counts as hung (the e2e test timeout is 120 s). */
export const BROWSER_WAIT_MS = 60_000;

/**
 * One browser process for a file that needs many profiles at once: each `browser.newContext()`
 * has its own cookies and storage, without the start-up cost of a new process per profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
