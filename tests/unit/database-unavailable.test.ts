/**
 * The one rule for "the database is unreachable" (src/server/db/unavailable.ts): what the
 * pg driver, its pool and Drizzle actually throw during an outage counts (shapes captured from
 * a real pool behind a proxy that went away); a revoked session, a bad statement, a domain
 * error or a constraint violation does not, so those keep their answers (401, 500, 4xx).
 */
import { describe, expect, it } from "vitest";
import { failures } from "@/domain/errors";
import { isDatabaseUnavailable } from "@/server/db/unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** What Drizzle 0.45 throws: its own error, the driver's as `cause`. */
const drizzle = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { name: "DrizzleQueryError", cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused (the server is gone)", drizzle(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))],
    ["a socket reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["a connection closed under a query", drizzle(new Error("Connection terminated unexpectedly"))],
    ["the pool's connection timeout", drizzle(new Error("timeout exceeded when trying to connect"))],
    ["a client that lost its connection", new Error("Client has encountered a connection error and is not queryable")],
    ["a pool already ended (shutting down)", new Error("Cannot use a pool after calling end on the pool")],
    ["a terminated backend (57P01)", drizzle(withCode("terminating connection due to administrator command", "57P01"))],
    ["a server starting or in recovery (57P03)", withCode("the database system is starting up", "57P03")],
    ["too many connections (53300)", withCode("sorry, too many clients already", "53300")],
    ["a connection exception (class 08)", withCode("connection failure", "08006")],
    ["a statement timeout (57014)", drizzle(withCode("canceling statement due to statement timeout", "57014"))],
    ["a lock timeout (55P03)", withCode("canceling statement due to lock timeout", "55P03")],
    ["every address refused (AggregateError)", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
  ])("counts %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a revoked session", Object.assign(new Error("token version changed"), { name: "SessionRevokedError" })],
    ["a unique violation (23505)", drizzle(withCode("duplicate key value violates unique constraint", "23505"))],
    ["a NUL byte in text (22021)", drizzle(withCode("invalid byte sequence for encoding \"UTF8\": 0x00", "22021"))],
    ["a syntax error (42601)", withCode("syntax error at or near", "42601")],
    ["a domain error", failures.notFound()],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("does not count %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops at a cause chain that loops", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
