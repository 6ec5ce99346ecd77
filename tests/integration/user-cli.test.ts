/** `npm run user -- create|promote …` as an operator runs it, against a real database. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-cli-"));
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const server = await createServerDatabase();
  databaseUrl = server?.url;
  drop = server?.drop;
});
afterAll(async () => {
  await drop?.();
});

function cli(...args: string[]) {
  const result = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/user.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ADMIN_EMAILS: "",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: "cli-test-secret-that-is-at-least-32-chars" } : { DATABASE_URL: "" }),
    },
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

// Each call starts a process that opens the database: slow on a busy machine, so a generous budget.
describe(`the user command (${onPostgres ? "PostgreSQL" : "PGlite"})`, { timeout: 300_000 }, () => {
  it("creates an admin, refuses a duplicate, and promotes a member", () => {
    const admin = cli("create", "--email", "Ops@Example.com", "--name", "Ops", "--password", "operator password", "--admin");
    expect(admin.out).toMatch(/Created admin ops@example\.com/);
    expect(admin.code).toBe(0);

    const again = cli("create", "--email", "ops@example.com", "--password", "operator password");
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already exists/);

    const member = cli("create", "--email", "learner@example.com", "--name", "Learner");
    expect(member.code).toBe(0);
    // The first account was made admin explicitly, so this one is a member, with a generated password.
    expect(member.out).toMatch(/Created member learner@example\.com/);
    expect(member.out).toMatch(/Password: \S{12,}/);

    const promoted = cli("promote", "learner@example.com");
    expect(promoted.code).toBe(0);
    expect(promoted.out).toMatch(/is now an admin/);
    expect(cli("promote", "learner@example.com").out).toMatch(/already an admin/);
  });

  it("grants and takes back the organiser role, and never demotes the last admin", () => {
    expect(cli("create", "--email", "teacher@example.com", "--name", "Teacher", "--role", "organiser").out).toMatch(/Created organiser teacher@example\.com/);
    const granted = cli("role", "learner@example.com", "organiser");
    expect(granted.code).toBe(0);
    expect(granted.out).toMatch(/learner@example\.com is now an organiser/);
    expect(cli("role", "learner@example.com", "organiser").out).toMatch(/already an organiser/);
    expect(cli("role", "learner@example.com", "member").out).toMatch(/is now a member/);
    expect(cli("role", "learner@example.com", "teacher").out).toMatch(/unknown role "teacher": use member, organiser, admin/);
    // learner@ was the other admin (promoted above) and is a member now: ops@ is the last one.
    const last = cli("role", "ops@example.com", "organiser");
    expect(last.code).toBe(1);
    expect(last.out).toMatch(/last active admin/);
  });

  it("explains bad input and unknown people", () => {
    expect(cli("create", "--email", "not-an-address").out).toMatch(/--email: Enter a valid email address/);
    expect(cli("create", "--email", "short@example.com", "--password", "short").out).toMatch(/--password: Use at least 8 characters/);
    const missing = cli("promote", "nobody@example.com");
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/no account with nobody@example\.com/);
    expect(cli("frobnicate").out).toMatch(/unknown command "frobnicate"/);
  });

  it.skipIf(onPostgres)("refuses to open the embedded database while a running server holds it", () => {
    const lock = path.join(path.resolve(dataDir), "server.lock");
    fs.writeFileSync(lock, String(process.pid));
    try {
      const result = cli("promote", "learner@example.com");
      expect(result.code).toBe(1);
      expect(result.out).toMatch(new RegExp(`in use by process ${process.pid}`));
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});
