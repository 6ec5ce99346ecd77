/**
 * One real server for the HTTP contract tests of the integration project, on PGlite, or on
 * a fresh PostgreSQL database when DATABASE_URL is set.
 */
import type { TestProject } from "vitest/node";
import { createTestAdmin, startApp, type RunningApp } from "./app-server";
import { createServerDatabase } from "./server-database";

let app: RunningApp | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  app = await startApp(database ? { DATABASE_URL: database.url } : {});
  await createTestAdmin(app.url);
  project.provide("appUrl", app.url);
  project.provide("appLog", app.logFile);
}

export async function teardown() {
  await app?.stop();
  await dropDatabase?.();
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    appLog: string;
    mailDir: string;
  }
}
