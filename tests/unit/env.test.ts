import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/env";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-env-"));

describe("configuration", () => {
  it("generates a secret into the data folder once, warns, and reuses it on the next start", () => {
    const dir = tmp();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.NEXTAUTH_SECRET).toHaveLength(43);
    expect(second.NEXTAUTH_SECRET).toBe(first.NEXTAUTH_SECRET);
    // Once per process (the server loads this module in several bundles).
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/NEXTAUTH_SECRET is not set/);
    expect(fs.statSync(path.join(dir, "secret")).mode & 0o777).toBe(0o600);
    warn.mockRestore();
  });

  it("refuses to start on PostgreSQL without NEXTAUTH_SECRET, naming the variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://x@127.0.0.1/db", DATA_DIR: tmp() })).toThrow(/NEXTAUTH_SECRET must be set when DATABASE_URL is set/);
  });

  it("refuses a short secret", () => {
    expect(() => parseEnv({ NEXTAUTH_SECRET: "short", DATA_DIR: tmp() })).toThrow(/at least 32 characters/);
  });

  it("reads lists, numbers and the origin", () => {
    const config = parseEnv({
      NEXTAUTH_SECRET: "s".repeat(40),
      ADMIN_EMAILS: " Boss@Example.com, second@example.com ,",
      SESSION_POLL_SECONDS: "30",
      NEXTAUTH_URL: "https://tickerlab.example/app",
    });
    expect(config.ADMIN_EMAILS).toEqual(["boss@example.com", "second@example.com"]);
    expect(config.SESSION_POLL_SECONDS).toBe(30);
    expect(config.APP_ORIGIN).toBe("https://tickerlab.example");
    expect(config.usesEmbeddedDatabase).toBe(true);
  });

  it("reads the pooler settings: the direct URL defaults to DATABASE_URL, named statements off behind a pooler unless set", () => {
    const secret = "s".repeat(40);
    const server = "postgres://app@db.internal:5432/tickerlab";
    const pooler = "postgres://app@pooler.internal:6432/tickerlab";
    const direct = parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: server });
    expect(direct).toMatchObject({ DATABASE_DIRECT_URL: server, DB_POOL_MAX: 10, preparedStatements: true });
    const pooled = parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: pooler, DATABASE_DIRECT_URL: server, DB_POOL_MAX: "40" });
    expect(pooled).toMatchObject({ DATABASE_DIRECT_URL: server, DB_POOL_MAX: 40, preparedStatements: false });
    expect(parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: pooler, DATABASE_DIRECT_URL: server, DB_PREPARED_STATEMENTS: "on" }).preparedStatements).toBe(true);
    expect(parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: server, DB_PREPARED_STATEMENTS: "off" }).preparedStatements).toBe(false);
    expect(parseEnv({ DATA_DIR: tmp() }).DATABASE_DIRECT_URL).toBeUndefined();
  });

  it("refuses a database URL that is not one, a direct URL without DATABASE_URL, and a pool of none", () => {
    const secret = "s".repeat(40);
    expect(() => parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: "db.internal:5432" })).toThrow(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    expect(() => parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_URL: "postgres://x@db/app", DATABASE_DIRECT_URL: "not a url" })).toThrow(/DATABASE_DIRECT_URL is not a URL/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: secret, DATABASE_DIRECT_URL: "postgres://x@db/app", DATA_DIR: tmp() })).toThrow(/DATABASE_DIRECT_URL is set but DATABASE_URL is not/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: secret, DB_POOL_MAX: "0" })).toThrow(/DB_POOL_MAX/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: secret, DB_PREPARED_STATEMENTS: "maybe" })).toThrow(/DB_PREPARED_STATEMENTS/);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ NEXTAUTH_SECRET: "s".repeat(40), SESSION_POLL_SECONDS: "often" })).toThrow(/SESSION_POLL_SECONDS/);
  });
});
