/**
 * The first start as a person meets it (issue #12): `npm start` (scripts/start.mjs) on a fresh
 * DATA_DIR says what it is doing while it creates the database, in order, and ends with one
 * line, "Ready: open <url> and create the first account — it becomes the admin", printed once
 * and when the app really is ready. A later start, with an admin, ends with "Ready: open <url>"
 * and creates nothing. The build itself is the suite's (already there), so the build's own
 * lines are not part of this test. Embedded database only, like the shutdown tests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { npmStart, type NpmStart } from "../setup/app-server";
import { onPostgres } from "../setup/db";

/** The lines start.mjs prints as sentences: its own and the server's start-up progress. */
const progressLines = (output: string) => output.split("\n").filter((l) => l.startsWith("[tickerlab] ") || l.startsWith("Ready: "));

function expectInOrder(lines: string[], patterns: RegExp[]) {
  let at = -1;
  for (const pattern of patterns) {
    const next = lines.findIndex((l, i) => i > at && pattern.test(l));
    expect(next, `${pattern} after line ${at} of:\n${lines.join("\n")}`).toBeGreaterThan(at);
    at = next;
  }
}

describe.skipIf(onPostgres)("the first start of npm start", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-first-start-"));
  let running: NpmStart | undefined;

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints its progress while it creates the database, then one Ready line naming the first account; later starts just say Ready", async () => {
    const first = (running = await npmStart(path.join(dataDir, "data"), { until: "ready-line", timeoutMs: 300_000 }));
    // The line is printed once the app answers: ready, not merely listening.
    const ready = await fetch(`${first.url}/api/ready`);
    expect(ready.status).toBe(200);

    const lines = progressLines(first.output());
    const readyLine = `Ready: open ${first.url} and create the first account — it becomes the admin`;
    expectInOrder(lines, [
      /^\[tickerlab\] Starting the server on port \d+…$/,
      /^\[tickerlab\] Opening the database in .+ and applying its migrations…$/,
      /^\[tickerlab\] Creating the embedded database in .+ \(first start only, a few seconds\)…$/,
      /^\[tickerlab\] Added the shipped lessons: 3 courses, \d+ lessons\.$/,
      /^\[tickerlab\] Simulating the market's past for \d+ instruments: five years of daily and a day of minute prices \(first start only\)…$/,
    ]);
    expect(lines.filter((l) => l.startsWith("Ready: "))).toEqual([readyLine]);
    expect(lines.at(-1)).toBe(readyLine);
    // The progress lines are shown as sentences, not also as the JSON they are in the log.
    expect(first.output()).not.toMatch(/"startup":/);

    // The first account becomes the admin, as the line said.
    const person = { email: uniqueEmail("first"), password: "a good password", name: "First Person" };
    const registered = await fetch(`${first.url}/api/account/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(person) });
    expect(registered.status).toBe(201);
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });

    const again = (running = await npmStart(path.join(dataDir, "data"), { until: "ready-line", timeoutMs: 300_000 }));
    const later = progressLines(again.output());
    expect(later.filter((l) => l.startsWith("Ready: "))).toEqual([`Ready: open ${again.url}`]);
    expect(later.at(-1)).toBe(`Ready: open ${again.url}`);
    expect(later.some((l) => /Creating the embedded database|Added the shipped lessons|Simulating the market's past/.test(l))).toBe(false);
    again.child.kill("SIGTERM");
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 600_000);
});
