// Which Chromium the browser suite drives (tests/setup/browser.ts, scripts/test.mjs): Debian's
// headless shell when it is installed, the full browser otherwise, CHROMIUM_PATH over both.
// The headless shell is the same Blink and V8 without the browser's UI process work: a fresh
// profile with two page loads cost 1.0 s of CPU against 4.3 s for the full browser
// (docs/decisions/069-headless-shell.md), and the browser suite is most of CI's CPU.
import fs from "node:fs";

export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
export const CHROMIUM_INSTALL = "apt-get install -y chromium-headless-shell";

/** The executable to launch: CHROMIUM_PATH, else the first candidate present, else the preferred one (absent). */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? CHROMIUM_CANDIDATES[0];
}
