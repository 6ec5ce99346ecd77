/**
 * The browser suite's world: a real SMTP server on loopback and the built app configured to
 * send through it. Without Chromium the suite is skipped loudly, and under CI that fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestAdmin, startApp, type RunningApp } from "./app-server";
import { chromiumAvailable, CHROMIUM } from "./browser";
import { startMailCatcher } from "./mail-catcher";
import { prepareTemplates, type Templates } from "./db-template";
import { createServerDatabase } from "./server-database";

let app: RunningApp | undefined;
let templates: Templates | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    const line = `BROWSER SUITE SKIPPED: no Chromium at ${CHROMIUM}. Install it with: apt-get install -y chromium`;
    if (process.env.CI === "true" || process.env.CI === "1") throw new Error(line);
    console.warn(`\n*** ${line} ***\n`);
    project.provide("appUrl", "");
    project.provide("mailDir", "");
    project.provide("appLog", "");
    return;
  }
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-mail-"));
  mail = await startMailCatcher(mailDir);
  // The server's data starts as a copy of a migrated template (decision 050).
  templates = await prepareTemplates();
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  app = await startApp({
    SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
    // Prices only move when a test sets them (POST /api/test/prices).
    TEST_PRICE_CONTROL: "1",
    MARKET_TICK_MS: "0",
    ...(database && { DATABASE_URL: database.url }),
  });
  await createTestAdmin(app.url);
  project.provide("appUrl", app.url);
  project.provide("mailDir", mailDir);
  project.provide("appLog", app.logFile);
}

export async function teardown() {
  await app?.stop();
  await templates?.remove();
  await mail?.stop();
  await dropDatabase?.();
}
