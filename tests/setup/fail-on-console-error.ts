/**
 * A console.error during a test fails it, unless the test said it expects one
 * (expectConsoleError()). Unexpected errors are how silent breakage shows.
 *
 * Tests that run at once in one file (`it.concurrent`, e.g. the axe walks) share one watch: it
 * starts with the first of them and ends with the last, and an error logged meanwhile fails
 * the next of them to end (docs/decisions/055). One test at a time, it is per test as before.
 */
import { afterEach, beforeEach, vi } from "vitest";

let expected = false;
let calls: unknown[][] = [];
let running = 0;

export function expectConsoleError() {
  expected = true;
}

beforeEach(() => {
  if (running++ > 0) return;
  expected = false;
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  running -= 1;
  if (running === 0) vi.mocked(console.error).mockRestore();
  const seen = calls.splice(0);
  if (!expected && seen.length > 0) {
    throw new Error(`Unexpected console.error during the test:\n${seen.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
