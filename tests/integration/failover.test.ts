/**
 * Fail-over and shutdown with real server processes (docs/decisions/025-fail-over.md).
 *
 * PostgreSQL: two servers on one database. kill -9 of the simulator's leader → the other
 * ticks within 3 s; a leader frozen (SIGSTOP) with its tick's transaction open → the other
 * still takes over, and the thawed old leader never writes again (fencing); SIGTERM of the
 * leader → the other ticks within 1 s, an open event stream is ended, exit code 0.
 *
 * PGlite: the `npm start` process (scripts/start.mjs) on SIGTERM and SIGINT: a request in
 * flight is answered, an event stream ends, exit code 0, no server.lock left, and PostgreSQL's
 * control file says "shut down" (anything else makes the next start run crash recovery).
 * `next start` run directly, without NEXT_MANUAL_SIG_HANDLE, shuts down the same way.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEASE_TIMING } from "@/server/jobs/lease";
import { uniqueEmail } from "../factories/emails";
import { npmStart, startApp, type RunningApp } from "../setup/app-server";
import { installWriteLog, killAndMeasure, leaderOf, logHas, marketView, msUntilTickBy, SIMULATOR_LEASE, startInstance, terminateAndMeasure, waitUntil, writesBy } from "../setup/cluster";
import { onPostgres } from "../setup/db";
import { HttpClient } from "../setup/http-client";
import { createServerDatabase } from "../setup/server-database";

/** Signs a new person in and opens their event stream; resolves once the snapshot arrived, with a promise of the stream's end. */
async function openStream(url: string): Promise<{ ended: Promise<void> }> {
  const client = new HttpClient(url);
  const person = { email: uniqueEmail("failover"), password: "a good password", name: "Streamer" };
  expect((await client.register(person)).status).toBe(201);
  await client.signIn(person.email, person.password);
  const res = await client.request("/api/stream");
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: snapshot")) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error("the stream ended before its snapshot");
    text += decoder.decode(chunk.value, { stream: true });
  }
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }) as const);
      if (chunk.done) return;
    }
  })();
  return { ended };
}

describe.skipIf(!onPostgres)("fail-over between two real servers on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let watch: pg.Client;
  let apps: RunningApp[] = [];
  const url = () => database!.url;
  /** Two live servers, whatever an earlier test left (each test stands on its own). */
  const twoRunning = async () => {
    apps = apps.filter((app) => app.running);
    while (apps.length < 2) apps.push(await startInstance(url(), { MARKET_TICK_MS: "2000" }));
    return leaderOf(watch, apps);
  };

  beforeAll(async () => {
    database = await createServerDatabase();
    // The default tick: the lease must not depend on it (it did: max(10 s, 3 ticks)).
    apps.push(await startInstance(url(), { MARKET_TICK_MS: "2000" }));
    // Watched from the server itself (in the pooler pass the servers go through PgBouncer).
    watch = new pg.Client({ connectionString: database!.directUrl });
    await watch.connect();
    await installWriteLog(watch);
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) {
      try {
        process.kill(app.pid, "SIGCONT");
      } catch {
        // already gone
      }
      await app.stop();
    }
    await watch?.end();
    await database?.drop();
  });

  it("ticks again within seconds after the leader is killed (kill -9): a 2 s lease, not 10", async () => {
    const leader = await twoRunning();
    const survivor = apps.find((app) => app !== leader)!;
    // The lease the leader holds runs 2 s from its last renewal (it was 10 s: a follower could
    // only wait that out). Read from the row, not timed: how fast the takeover is, is
    // bench/failover.ts's (median ~2.2 s quiet; CI with the browser suite beside measured 6.3 s).
    const { rows } = await watch.query<{ ms: number }>("select round(extract(epoch from expires_at - updated_at) * 1000)::int as ms from job_leases where name = $1", [SIMULATOR_LEASE]);
    expect(rows[0]?.ms).toBe(LEASE_TIMING.leaseMs);
    const epochBefore = (await marketView(watch)).epoch;
    const ms = await killAndMeasure(watch, leader, survivor, 20_000);
    console.log(`[failover] kill -9 → first tick by the other instance: ${ms} ms`);
    // The other instance took the lease afresh (a newer epoch) and ticks.
    expect((await marketView(watch)).epoch).toBeGreaterThan(epochBefore);
  }, 180_000);

  it("takes over from a leader frozen in the middle of a tick, which never writes again once thawed", async () => {
    const leader = await twoRunning();
    const survivor = apps.find((app) => app !== leader)!;
    const epochBefore = (await marketView(watch)).epoch;
    const probe = new pg.Client({ connectionString: database!.directUrl });
    await probe.connect();
    // Someone holds the lease row's lock right now: only a tick's transaction does for longer than a statement.
    const rowLocked = async () => {
      try {
        await probe.query("select 1 from job_leases where name = $1 for update nowait", [SIMULATOR_LEASE]);
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === "55P03") return true;
        throw error;
      }
    };
    const idleInTransaction = async () =>
      (await probe.query("select 1 from pg_stat_activity where application_name = $1 and state = 'idle in transaction'", [`tickerlab:${leader.pid}`])).rowCount! > 0;
    let frozenAt = 0;
    try {
      for (let attempt = 1; ; attempt++) {
        await waitUntil(rowLocked, 10_000, "the leader inside a tick", 1);
        process.kill(leader.pid, "SIGSTOP");
        frozenAt = Date.now();
        // Frozen with the transaction open: its session waits for the next statement, holding the row.
        const frozenInTick = await waitUntil(async () => (await idleInTransaction()) && (await rowLocked()), 500, "frozen mid-tick", 20).catch(() => false);
        if (frozenInTick) break;
        process.kill(leader.pid, "SIGCONT");
        if (attempt >= 30) throw new Error("could not freeze the leader in the middle of a tick");
      }
    } finally {
      await probe.end();
    }

    try {
      // The behaviour: the other instance takes over, under a newer epoch, while the leader is
      // still frozen (it stays frozen for the whole 20 s window; msUntilTickBy fails after it).
      // Before: no takeover for as long as the freeze lasted. How fast is bench/failover.ts's
      // (~2.1 s here on a quiet machine; 9.2 s once in CI with the browser suite beside).
      const ms = await msUntilTickBy(watch, survivor, frozenAt, 20_000);
      console.log(`[failover] SIGSTOP mid-tick → first tick by the other instance: ${ms} ms`);
      expect((await marketView(watch)).epoch).toBeGreaterThan(epochBefore);
    } finally {
      process.kill(leader.pid, "SIGCONT");
    }
    const survivorEpoch = (await marketView(watch)).epoch;
    await waitUntil(async () => logHas(leader, "lost the market-simulator lease"), 20_000, "the thawed leader noticing", 100);
    const noticed = Date.now();
    // Fencing: from the freeze until it noticed, the old leader wrote nothing (its transaction
    // was open across the freeze; committing it on thaw would be the stale write).
    expect((await writesBy(watch, leader, frozenAt)).filter((write) => write.at < noticed)).toEqual([]);
    // Liveness: the market ticks on. Usually by the survivor; but on a loaded machine (CI, with
    // the browser suite beside) the survivor's 2 s lease can lapse, and the thawed instance, a
    // follower by now, may win the lease afresh. That is allowed, under a newer epoch only.
    const after = await waitUntil(async () => {
      const view = await marketView(watch);
      return view.tickAt > noticed && view;
    }, 30_000, "a tick after the thawed leader noticed", 50);
    if (after.holderPid === survivor.pid) expect(await writesBy(watch, leader, frozenAt)).toEqual([]);
    else expect(after.epoch).toBeGreaterThan(survivorEpoch);
  }, 180_000);

  it("hands the lease over on SIGTERM (the other instance ticks at once), ends open event streams and exits 0", async () => {
    const leader = await twoRunning();
    const survivor = apps.find((app) => app !== leader)!;
    const stream = await openStream(leader.url);
    const { ms, exit } = await terminateAndMeasure(watch, leader, survivor, 20_000);
    await stream.ended;
    console.log(`[failover] SIGTERM → first tick by the other instance: ${ms} ms; exit ${JSON.stringify(exit)}`);
    expect(exit).toEqual({ code: 0, signal: null });
    // Handed over, not left to expire: by the time the leader has exited, the lease is the
    // survivor's or already expired (before, it still had ~10 s to run). How fast the survivor
    // ticks then (~0.2 s quiet) is bench/failover.ts's to measure, not a bound here.
    const { rows } = await watch.query<{ released: boolean }>("select (holder not like $1 or expires_at <= now()) as released from job_leases where name = $2", [`${leader.pid}-%`, SIMULATOR_LEASE]);
    expect(rows[0]?.released).toBe(true);
  }, 180_000);
});

/** pg_control's state (PostgreSQL's DBState): 1 = shut down cleanly; 6 = in production, i.e. the next start runs crash recovery. */
function controlFileState(dataDir: string): number {
  return fs.readFileSync(path.join(dataDir, "pg", "global", "pg_control")).readInt32LE(16);
}
const SHUT_DOWN = 1;

describe.skipIf(onPostgres)("shutdown of the embedded database's server", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-shutdown-"));
  const lockFile = path.join(dataDir, "server.lock");

  it("npm start: SIGTERM answers the request in flight, ends event streams, closes PGlite and exits 0", async () => {
    const app = await npmStart(dataDir);
    expect(fs.existsSync(lockFile)).toBe(true);
    const stream = await openStream(app.url);
    // A request in flight: its headers are in (the server said 100 Continue), its body is still to come.
    const body = JSON.stringify({ email: uniqueEmail("inflight"), password: "a good password", name: "In flight" });
    let accepted!: () => void;
    const headersIn = new Promise<void>((resolve) => (accepted = resolve));
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(`${app.url}/api/account/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
      });
      req.on("continue", accepted);
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      });
      req.on("error", reject);
      void headersIn
        .then(() => waitUntil(async () => fs.readFileSync(app.logFile, "utf8").includes("[shutdown] stopping"), 30_000, "the shutdown beginning", 20))
        .then(() => req.end(body), reject);
    });
    await headersIn;
    app.child.kill("SIGTERM");
    expect(await inFlight).toBe(201);
    await stream.ended;
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(controlFileState(dataDir)).toBe(SHUT_DOWN);
  }, 240_000);

  it("npm start again: SIGINT exits 0 and leaves the database shut down cleanly", async () => {
    const app = await npmStart(dataDir);
    app.child.kill("SIGINT");
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(controlFileState(dataDir)).toBe(SHUT_DOWN);
  }, 240_000);

  it("next start run directly, without NEXT_MANUAL_SIG_HANDLE, shuts down the same way", async () => {
    const app = await startApp({ DATA_DIR: dataDir, NEXT_MANUAL_SIG_HANDLE: "" });
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(controlFileState(dataDir)).toBe(SHUT_DOWN);
  }, 240_000);
});
