/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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

/** A fresh profile each time: no test sees another's cookies. */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; timezoneId?: string } = {}): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 860 },
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
  });
}

/**
 * One browser process for a file that needs many profiles at once: each `browser.newContext()`
 * has its own cookies and storage, without the start-up cost of a new process per profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
