/**
 * The browser suite's world: a real SMTP server on loopback and the built app configured to
 * send through it. Without Chromium the suite is skipped loudly, and under CI that fails.
 *
 * One app server per worker (docs/decisions/055): the files run side by side, each worker
 * against its own server and database, so what a file does to a server's global state (the
 * prices it sets, the admin's settings, the rate limits) never meets another file running at
 * the same time. Within a worker the files run one after the other, as the whole suite did on
 * one server before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestAdmin, startApp, type RunningApp } from "./app-server";
import { chromiumAvailable, CHROMIUM, INSTALL_CHROMIUM } from "./browser";
import { startMailCatcher } from "./mail-catcher";
import { prepareTemplates, type Templates } from "./db-template";
import { createServerDatabase } from "./server-database";

const apps: RunningApp[] = [];
let templates: Templates | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
const drops: Array<() => Promise<void>> = [];

export async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    const line = `BROWSER SUITE SKIPPED: no Chromium at ${CHROMIUM}. Install it with: ${INSTALL_CHROMIUM}`;
    if (process.env.CI === "true" || process.env.CI === "1") throw new Error(line);
    console.warn(`\n*** ${line} ***\n`);
    project.provide("appUrls", []);
    project.provide("mailDir", "");
    return;
  }
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-mail-"));
  mail = await startMailCatcher(mailDir);
  // The servers' data start as copies of a migrated template (decision 050).
  templates = await prepareTemplates();
  // As many servers as the project has workers (vitest.config.ts): VITEST_POOL_ID picks one.
  const servers = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.all(
    Array.from({ length: servers }, async () => {
      const database = await createServerDatabase();
      if (database) drops.push(database.drop);
      const app = await startApp({
        SMTP_URL: `smtp://127.0.0.1:${mail!.port}?ignoreTLS=true`,
        // Prices only move when a test sets them (POST /api/test/prices).
        TEST_PRICE_CONTROL: "1",
        MARKET_TICK_MS: "0",
        // A test runs a scheduled task when it needs it (the fair-play review: POST /api/test/tasks/fair-play).
        TEST_TASK_CONTROL: "1",
        ...(database && { DATABASE_URL: database.url }),
      });
      apps.push(app);
      await createTestAdmin(app.url);
      return app;
    }),
  );
  console.log(`e2e: ${started.length} app server(s), one per worker: ${started.map((app) => app.url).join(", ")}`);
  project.provide("appUrls", started.map((app) => app.url));
  project.provide("mailDir", mailDir);
}

export async function teardown() {
  await Promise.all(apps.map((app) => app.stop()));
  await templates?.remove();
  await mail?.stop();
  await Promise.all(drops.map((drop) => drop()));
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrls: string[];
  }
}
