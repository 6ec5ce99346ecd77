/**
 * `npm run user -- create|promote|role …` as an operator runs it, against a real database. The
 * commands run in-process on this file's database (scripts/lib/user-command.ts, the code the
 * script runs); the script itself is spawned only for what only a process shows: its exit codes
 * and output streams on a real data folder or server, and the embedded database's lock. Each
 * spawn loads the app and opens the database (3–5 s of CPU), so there are few.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runUserCommand } from "../../scripts/lib/user-command";
import { onPostgres, useTestDatabase } from "../setup/db";
import { seedDataDir } from "../setup/db-template";
import { createServerDatabase } from "../setup/server-database";

const database = useTestDatabase();

/** One command line, in-process, on this file's database: its exit code and everything it printed. */
async function user(...args: string[]) {
  const lines: string[] = [];
  const code = await runUserCommand(args, {
    open: async () => ({ db: database.db, close: async () => {} }),
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  return { code, out: lines.join("\n") };
}

describe(`the user command (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("creates an admin, refuses a duplicate, and promotes a member", async () => {
    const admin = await user("create", "--email", "Ops@Example.com", "--name", "Ops", "--password", "operator password", "--admin");
    expect(admin.out).toMatch(/Created admin ops@example\.com/);
    expect(admin.code).toBe(0);

    const again = await user("create", "--email", "ops@example.com", "--password", "operator password");
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^error: an account with ops@example\.com already exists/);

    const member = await user("create", "--email", "learner@example.com", "--name", "Learner");
    expect(member.code).toBe(0);
    // The first account was made admin explicitly, so this one is a member, with a generated password.
    expect(member.out).toMatch(/Created member learner@example\.com/);
    expect(member.out).toMatch(/Password: \S{12,}/);

    const promoted = await user("promote", "learner@example.com");
    expect(promoted.code).toBe(0);
    expect(promoted.out).toMatch(/is now an admin/);
    expect((await user("promote", "learner@example.com")).out).toMatch(/already an admin/);
  });

  it("grants and takes back the organiser role, and never demotes the last admin", async () => {
    expect((await user("create", "--email", "teacher@example.com", "--name", "Teacher", "--role", "organiser")).out).toMatch(/Created organiser teacher@example\.com/);
    const granted = await user("role", "learner@example.com", "organiser");
    expect(granted.code).toBe(0);
    expect(granted.out).toMatch(/learner@example\.com is now an organiser/);
    expect((await user("role", "learner@example.com", "organiser")).out).toMatch(/already an organiser/);
    expect((await user("role", "learner@example.com", "member")).out).toMatch(/is now a member/);
    expect((await user("role", "learner@example.com", "teacher")).out).toMatch(/unknown role "teacher": use member, organiser, admin/);
    // learner@ was the other admin (promoted above) and is a member now: ops@ is the last one.
    const last = await user("role", "ops@example.com", "organiser");
    expect(last.code).toBe(1);
    expect(last.out).toMatch(/last active admin/);
  });

  it("explains bad input and unknown people", async () => {
    expect((await user("create", "--email", "not-an-address")).out).toMatch(/--email: Enter a valid email address/);
    expect((await user("create", "--email", "short@example.com", "--password", "short")).out).toMatch(/--password: Use at least 8 characters/);
    const missing = await user("promote", "nobody@example.com");
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/no account with nobody@example\.com/);
    expect((await user("frobnicate")).out).toMatch(/unknown command "frobnicate"/);
    expect((await user("create", "--colour", "red")).out).toMatch(/Unknown option '--colour'/);
  });
});

describe(`npm run user, the process (${onPostgres ? "PostgreSQL" : "PGlite"})`, { timeout: 300_000 }, () => {
  // A migrated database of its own, as an operator's would be (the run's template, not created here).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-cli-"));
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = await createServerDatabase();
    databaseUrl = server?.url;
    drop = server?.drop;
    if (!server) seedDataDir(dataDir);
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it("exits 0 with what it did on stdout, and 1 with the reason on stderr", () => {
    const admin = cli("create", "--email", "ops@example.com", "--name", "Ops", "--password", "operator password", "--admin");
    expect(admin.stdout).toMatch(/^Created admin ops@example\.com \(/);
    expect(admin.code).toBe(0);
    const again = cli("create", "--email", "ops@example.com", "--password", "operator password");
    expect(again.stderr).toMatch(/^error: an account with ops@example\.com already exists/);
    expect(again.stdout).toBe("");
    expect(again.code).toBe(1);
  });

  it.skipIf(onPostgres)("refuses to open the embedded database while a running server holds it", () => {
    const lock = path.join(path.resolve(dataDir), "server.lock");
    fs.writeFileSync(lock, String(process.pid));
    try {
      const result = cli("promote", "ops@example.com");
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`in use by process ${process.pid}`));
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});
