/**
 * A console.error during a test fails it, unless the test said it expects one
 * (expectConsoleError()). Unexpected errors are how silent breakage shows.
 */
import { afterEach, beforeEach, vi } from "vitest";

let expected = false;
let calls: unknown[][] = [];

export function expectConsoleError() {
  expected = true;
}

beforeEach(() => {
  expected = false;
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!expected && calls.length > 0) {
    throw new Error(`Unexpected console.error during the test:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
