/**
 * One real server for the HTTP contract tests of the integration project, on PGlite, or on
 * a fresh PostgreSQL database when DATABASE_URL is set; its mail goes to a real SMTP server
 * on loopback, so email sign-in is offered on both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestAdmin, startApp, type RunningApp } from "./app-server";
import { startMailCatcher } from "./mail-catcher";
import { prepareTemplates, type Templates } from "./db-template";
import { createServerDatabase } from "./server-database";

let app: RunningApp | undefined;
let templates: Templates | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;

export async function setup(project: TestProject) {
  // Migrated once; every file's database and the servers' data start as copies (decision 050).
  templates = await prepareTemplates();
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-mail-"));
  mail = await startMailCatcher(mailDir);
  app = await startApp({
    SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
    // Read at run time (the build is shared by every test server): a test checks it arrives.
    SESSION_POLL_SECONDS: "7",
    // The live-updates test needs quotes (tests/integration/http-stream.test.ts): one tick sends
    // one per instrument, so a tick every 2 s is plenty. Every tick costs the server CPU for the
    // whole pass (at 500 ms, about a tenth of a core), which the test files need.
    MARKET_TICK_MS: "2000",
    // Tests run a scheduled task when they need it (POST /api/test/tasks/{name}) instead of
    // waiting for its period, e.g. the fair-play monitor's 30 s (decision 050).
    TEST_TASK_CONTROL: "1",
    // A revoked session's stream ends at the next heartbeat: 3 s instead of 15 s to wait for.
    STREAM_HEARTBEAT_MS: "3000",
    ...(database && { DATABASE_URL: database.url }),
  });
  project.provide("mailDir", mailDir);
  await createTestAdmin(app.url);
  project.provide("appUrl", app.url);
  project.provide("appLog", app.logFile);
  // Only on PostgreSQL can a test reach the server's database (tests/integration/api-tokens.test.ts ages a token).
  project.provide("appDatabaseUrl", database?.url ?? "");
}

export async function teardown() {
  await app?.stop();
  await templates?.remove();
  await mail?.stop();
  await dropDatabase?.();
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    appLog: string;
    mailDir: string;
    appDatabaseUrl: string;
  }
}
