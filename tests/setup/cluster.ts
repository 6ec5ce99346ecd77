/**
 * Two or more real servers on one PostgreSQL database, watched from outside: who holds the
 * simulator lease, when the market last ticked, and how long a fail-over takes
 * (tests/integration/failover.test.ts, bench/failover.ts).
 */
import fs from "node:fs";
import pg from "pg";
import { startApp, type RunningApp } from "./app-server";

export const SIMULATOR_LEASE = "market-simulator";

/** Starts a server on the shared database `url` (each with its own data folder and port). */
export function startInstance(url: string, env: Record<string, string> = {}): Promise<RunningApp> {
  return startApp({ DATABASE_URL: url, ...env });
}

export interface MarketView {
  holder: string | null;
  holderPid: number | null;
  epoch: number;
  /** market_state.updated_at in ms: changes with every tick. */
  tickAt: number;
}

/** The simulator lease and the market's last tick, read in one statement. */
export async function marketView(client: pg.Client | pg.Pool): Promise<MarketView> {
  const { rows } = await client.query<{ holder: string | null; epoch: string | null; tick_at: string }>(`
    select l.holder, l.epoch, (extract(epoch from m.updated_at) * 1000)::bigint as tick_at
    from market_state m left join job_leases l on l.name = '${SIMULATOR_LEASE}'
    where m.id = 1`);
  const row = rows[0];
  if (!row) throw new Error("no market_state row");
  return {
    holder: row.holder,
    // The server's holder id is `${pid}-${uuid}` (src/features/market/server/simulator-job.ts).
    holderPid: row.holder ? Number(row.holder.split("-")[0]) : null,
    epoch: Number(row.epoch ?? 0),
    tickAt: Number(row.tick_at),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns a value; throws after `timeoutMs`. */
export async function waitUntil<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** The instance that runs the simulator (it ticked at least once as the lease holder). */
export async function leaderOf(client: pg.Client | pg.Pool, apps: RunningApp[], timeoutMs = 30_000): Promise<RunningApp> {
  const first = await marketView(client);
  return waitUntil(
    async () => {
      const view = await marketView(client);
      return view.tickAt > first.tickAt && apps.find((app) => app.pid === view.holderPid);
    },
    timeoutMs,
    "a leader ticking",
  );
}

/**
 * Records every committed write to the simulator's tables with the writing session's
 * application_name (`tickerlab:<pid>`, src/server/db/client.ts) and the time: who ticked
 * when, and proof that a stale leader wrote nothing. Rolled-back writes leave no row.
 */
export async function installWriteLog(client: pg.Client | pg.Pool): Promise<void> {
  await client.query("create table if not exists failover_writes (app text not null, tbl text not null, at timestamptz not null default clock_timestamp())");
  await client.query(`create or replace function failover_log() returns trigger language plpgsql as $$
    begin insert into failover_writes (app, tbl) values (current_setting('application_name'), tg_table_name); return null; end $$`);
  // One table per statement: a trigger locks its table, and a running tick locks all three.
  for (const table of ["market_state", "instruments", "candles"]) {
    await client.query(`create or replace trigger failover_log after insert or update or delete on ${table} for each statement execute function failover_log()`);
  }
}

export const appName = (app: RunningApp) => `tickerlab:${app.pid}`;

/** Writes by `app` to the simulator's tables at or after `sinceMs` (Date.now() clock; the database runs on this machine). */
export async function writesBy(client: pg.Client | pg.Pool, app: RunningApp, sinceMs: number): Promise<Array<{ tbl: string; at: number }>> {
  const { rows } = await client.query<{ tbl: string; at: string }>(
    "select tbl, (extract(epoch from at) * 1000)::bigint as at from failover_writes where app = $1 and at >= to_timestamp($2 / 1000.0) order by at",
    [appName(app), sinceMs],
  );
  return rows.map((r) => ({ tbl: r.tbl, at: Number(r.at) }));
}

/** How long after `since` the survivor's first tick committed (its first write of market_state). */
export async function msUntilTickBy(client: pg.Client | pg.Pool, survivor: RunningApp, since: number, timeoutMs: number): Promise<number> {
  return waitUntil(
    async () => {
      const tick = (await writesBy(client, survivor, since)).find((w) => w.tbl === "market_state");
      return tick && tick.at - since;
    },
    timeoutMs,
    `a tick by the survivor (pid ${survivor.pid})`,
    20,
  );
}

/** Kills the leader the hard way (kill -9) and measures until the survivor's first tick. */
export async function killAndMeasure(client: pg.Client | pg.Pool, leader: RunningApp, survivor: RunningApp, timeoutMs = 30_000): Promise<number> {
  const since = Date.now();
  process.kill(leader.pid, "SIGKILL");
  return msUntilTickBy(client, survivor, since, timeoutMs);
}

/** Sends the leader SIGTERM and measures until the survivor's first tick; also returns how the leader exited. */
export async function terminateAndMeasure(client: pg.Client | pg.Pool, leader: RunningApp, survivor: RunningApp, timeoutMs = 30_000) {
  const since = Date.now();
  process.kill(leader.pid, "SIGTERM");
  const ms = await msUntilTickBy(client, survivor, since, timeoutMs);
  const exit = await leader.exited;
  return { ms, exit };
}

/** Whether the server's log has a line containing `text`. */
export function logHas(app: RunningApp, text: string): boolean {
  return fs.readFileSync(app.logFile, "utf8").includes(text);
}
