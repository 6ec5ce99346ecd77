/**
 * One simulator tick at scale on PostgreSQL: 500 instruments, 100,000 resting orders of which
 * about 1 % are crossed by the tick's moves. Times what the simulator does after its fenced
 * write — find and execute every crossed order — through the app's own modules, and prints
 * the triggered-order query's plan (EXPLAIN ANALYZE, BUFFERS) at that scale.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/tick.ts \
 *     [--instruments 500] [--orders 100000] [--portfolios 1000] [--runs 5] [--warmup 0] [--keep] [--partials 1000]
 *
 * With --partials N, N large market buys (2 % of a day's volume each) are also working in parts
 * when the tick comes (decision 056): each move carries the simulator's tick volume, so every
 * one of them takes its participation share of it — the "tick with 1,000 working partial
 * orders" of issue #22, against the same tick without them on a checkout from before it.
 *
 * With LOG_DURATIONS=1 the bench database logs every statement's duration to PostgreSQL's
 * log (log_min_duration_statement = 0): where the time of a pass goes, statement by statement.
 * With AUTO_EXPLAIN=<ms> it logs the plan (actual times, buffers) of every statement slower
 * than that (contrib's auto_explain).
 *
 * The data is written with bulk SQL (not timed). Between runs the database is put back
 * (orders open again, fills and trade ledger rows gone, cash, reservations and positions as
 * they were) and vacuumed, so every run sees the same tick.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import inspector from "node:inspector/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { formatMoney, type Money, type OrderSpec, practiceRules, reservationFor } from "@/domain/trading";
import { PgDialect } from "drizzle-orm/pg-core";
import { openDatabase } from "@/server/db/client";
import { firesAtOrAbove, firesAtOrBelow, orders } from "@/server/db/schema";
import { Hub, setHub } from "@/server/realtime/hub";
import * as priceMoves from "@/features/trading";
import { wireApp } from "@/wiring";
import { BackendCpu } from "./lib/cpu";
import { asTheServerRuns } from "./lib/server-runtime";

// The engine runs in this process: with the server's Node flags (a tick's garbage is most of its collector's work).
asTheServerRuns();

const { values } = parseArgs({
  options: {
    instruments: { type: "string", default: "500" },
    orders: { type: "string", default: "100000" },
    portfolios: { type: "string", default: "1000" },
    runs: { type: "string", default: "5" },
    /**
     * Passes run first and left out of the figures: the JIT's warm-up. A running simulator ticks
     * every 2 s for hours, so its tick is the warm one; the first passes after start measure how
     * much code there is to compile (more with partial fills), not a tick. A checkout whose bench
     * has no --warmup measures the same passes with --runs W+R, its first W dropped.
     */
    warmup: { type: "string", default: "0" },
    /** Leave the database behind (to look at plans by hand); its name is printed. */
    keep: { type: "boolean", default: false },
    /** Also time the old path, one processPriceMove per moved symbol (slow: seconds a run). */
    "per-symbol": { type: "boolean", default: false },
    /** Large market buys working in parts when the tick comes (0: none, and no tick volume is sent). */
    partials: { type: "string", default: "0" },
    /** Write a CPU profile of the timed passes alone (not the set-up, not the first, cold pass) to this file (.cpuprofile, for DevTools). */
    profile: { type: "string" },
  },
});
const INSTRUMENTS = Number(values.instruments);
const ORDERS = Number(values.orders);
const PORTFOLIOS = Number(values.portfolios);
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const PARTIALS = Number(values.partials);
/** Each working buy: 2 % of the bench instruments' 1,000,000-share day, 10 % of it filled so far. */
const PARTIAL_QUANTITY = 20_000;
const PARTIAL_FILLED = 2_000;
/** Shares traded in the tick on each symbol: what a working order's participation limit is a share of. */
const TICK_VOLUME = 10_000;
/** Every order rests 0.01–20.00 away from 100.00; a 0.40 move crosses 2 % of the orders on its side. */
const START = 10_000n; // cents
const MOVE = 40n;

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `tickerlab_tick_${randomBytes(6).toString("hex")}`;
const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
process.env.DATABASE_URL = url;
process.env.NEXTAUTH_SECRET ??= "bench-secret-that-is-at-least-32-characters";
process.env.LOG_LEVEL ??= "warn";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const cents = (n: bigint) => formatMoney(n as Money);
/** mulberry32: the same data on every run. */
const rng = (() => {
  let a = 42;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = (n: number) => Math.floor(rng() * n);

/** Which way each symbol moves: even ones down, odd ones up. */
const symbolOf = (i: number) => `BX${String(i).padStart(3, "0")}`;
const movesDown = (i: number) => i % 2 === 0;

/**
 * The resting-order indexes the schema declares (migration 0006). A no-op on the current
 * migrations; kept so the benchmark runs the same on a checkout from before them.
 */
async function ensureProposedIndexes(client: pg.PoolClient) {
  const dialect = new PgDialect();
  const expression = (s: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(s).sql;
  await client.query(`drop index if exists orders_open_symbol_type_idx`);
  await client.query(`create index if not exists orders_open_fires_below_idx on orders (symbol, ${expression(firesAtOrBelow(orders))}) where status = 'open'`);
  await client.query(`create index if not exists orders_open_fires_above_idx on orders (symbol, ${expression(firesAtOrAbove(orders))}) where status = 'open'`);
}

async function setUp(client: pg.PoolClient) {
  await ensureProposedIndexes(client);
  const rules = practiceRules({ shortingUnlocked: false });
  await client.query(`
    insert into instruments (symbol, name, sector, kind, active, starting_price, drift, volatility, beta, sector_loading, average_daily_volume, last_price, previous_close)
    select 'BX' || lpad(i::text, 3, '0'), 'Bench ' || i, 'Technology', 'stock', true, 100, 0.08, 0.3, 1, 1, 1000000, 100, 100
    from generate_series(0, ${INSTRUMENTS - 1}) as i`);
  const users = Array.from({ length: PORTFOLIOS }, (_, i) => ({ id: randomUUID(), email: `tick-${i}@bench.test`, portfolio: randomUUID() }));
  await client.query(`insert into users (id, email, name) select x.id, x.email, 'Bench' from json_to_recordset($1::json) as x(id text, email text)`, [JSON.stringify(users)]);

  // Orders: a quarter each of buy limits and sell stops below the price, sell limits and buy
  // stops above it. Sells need shares: every portfolio holds 1,000 of each symbol it sells.
  const reserved = new Map<string, bigint>();
  const held = new Set<string>();
  const rows: Array<Record<string, unknown>> = [];
  const created = Date.now() - ORDERS * 10;
  for (let n = 0; n < ORDERS; n++) {
    const p = users[pick(PORTFOLIOS)]!;
    const i = pick(INSTRUMENTS);
    const symbol = symbolOf(i);
    const kind = pick(4);
    const distance = BigInt(1 + pick(2000));
    const price = kind < 2 ? START - distance : START + distance;
    const quantity = 1 + pick(10);
    const side = kind === 0 || kind === 3 ? "buy" : "sell";
    const type = kind === 0 || kind === 2 ? "limit" : "stop";
    const spec = (type === "limit" ? { symbol, side, type, quantity, timeInForce: "gtc", limitPrice: price as Money } : { symbol, side, type, quantity, timeInForce: "gtc", stopPrice: price as Money }) as OrderSpec;
    const reservation = reservationFor(spec, rules);
    reserved.set(p.portfolio, (reserved.get(p.portfolio) ?? 0n) + reservation);
    if (side === "sell") held.add(`${p.portfolio}/${symbol}`);
    rows.push({
      id: randomUUID(),
      portfolio_id: p.portfolio,
      symbol,
      side,
      type,
      quantity,
      limit_price: type === "limit" ? cents(price) : null,
      stop_price: type === "stop" ? cents(price) : null,
      reserved_cash: formatMoney(reservation),
      created_at: new Date(created + n * 10).toISOString(),
    });
  }
  const cash = "10000000.00";
  const portfolioRows = users.map((u) => ({ id: u.portfolio, user_id: u.id, reserved: formatMoney((reserved.get(u.portfolio) ?? 0n) as Money) }));
  await client.query(
    `insert into portfolios (id, user_id, kind, starting_cash, cash, reserved_cash)
     select x.id, x.user_id, 'practice', ${cash}, ${cash}, x.reserved from json_to_recordset($1::json) as x(id text, user_id text, reserved numeric)`,
    [JSON.stringify(portfolioRows)],
  );
  await client.query(`insert into ledger_entries (portfolio_id, kind, amount) select id, 'deposit', cash from portfolios`);
  const positionRows = [...held].map((key) => {
    const [portfolio, symbol] = key.split("/");
    return { portfolio_id: portfolio, symbol };
  });
  await client.query(
    `insert into positions (portfolio_id, symbol, quantity, cost_basis) select x.portfolio_id, x.symbol, 1000, 100000 from json_to_recordset($1::json) as x(portfolio_id text, symbol text)`,
    [JSON.stringify(positionRows)],
  );
  for (let at = 0; at < rows.length; at += 10_000) {
    await client.query(
      `insert into orders (id, portfolio_id, symbol, side, type, quantity, limit_price, stop_price, time_in_force, status, reserved_cash, created_at, updated_at)
       select x.id, x.portfolio_id, x.symbol, x.side, x.type, x.quantity, x.limit_price, x.stop_price, 'gtc', 'open', x.reserved_cash, x.created_at, x.created_at
       from json_to_recordset($1::json) as x(id text, portfolio_id text, symbol text, side text, type text, quantity int, limit_price numeric, stop_price numeric, reserved_cash numeric, created_at timestamptz)`,
      [JSON.stringify(rows.slice(at, at + 10_000))],
    );
  }
  // Large market buys already working in parts (decision 056): 2,000 of 20,000 filled at 100.00,
  // the rest reserved at 100.00 + 1 % (whatever the engine keeps back, the identity check below
  // holds: reserved = Σ open orders' reservations).
  if (PARTIALS > 0) {
    const working = Array.from({ length: PARTIALS }, (_, n) => ({
      id: randomUUID(),
      portfolio_id: users[n % PORTFOLIOS]!.portfolio,
      symbol: symbolOf(n % INSTRUMENTS),
      reserved_cash: cents(((BigInt(PARTIAL_QUANTITY - PARTIAL_FILLED) * START * 101n) / 100n) as Money),
    }));
    await client.query(
      `insert into orders (id, portfolio_id, symbol, side, type, quantity, time_in_force, status, reserved_cash, filled_quantity, filled_value, volume_seen, created_at, updated_at)
       select x.id, x.portfolio_id, x.symbol, 'buy', 'market', ${PARTIAL_QUANTITY}, 'gtc', 'open', x.reserved_cash, ${PARTIAL_FILLED}, ${cents(BigInt(PARTIAL_FILLED) * START as Money)}, ${PARTIAL_FILLED * 10}, now(), now()
       from json_to_recordset($1::json) as x(id text, portfolio_id text, symbol text, reserved_cash numeric)`,
      [JSON.stringify(working)],
    );
    await client.query(`update portfolios p set reserved_cash = reserved_cash + w.reserved from (select portfolio_id, sum(reserved_cash) as reserved from orders where filled_quantity > 0 group by portfolio_id) w where w.portfolio_id = p.id`);
  }
  // What every run starts from (a fill zeroes its order's reservation, or keeps a working one's share).
  await client.query(`create table bench_orders as select id, reserved_cash, filled_quantity, filled_value, volume_seen from orders`);
  await client.query(`create table bench_portfolios as select id, cash, reserved_cash from portfolios`);
  await client.query(`create table bench_positions as select * from positions`);
  return { portfolios: users.length, orders: rows.length, positions: positionRows.length };
}

async function reset(client: pg.PoolClient) {
  await client.query(`delete from ledger_entries where kind <> 'deposit'`);
  await client.query(`delete from fills`);
  await client.query(`delete from orders where status = 'filled' and limit_price is null and stop_price is null`); // maintenance covers, if any
  await client.query(`update orders set status = 'open', triggered = false, closed_at = null, reject_code = null, reject_message = null where status <> 'open' or triggered`);
  await client.query(
    `update orders o set reserved_cash = b.reserved_cash, filled_quantity = b.filled_quantity, filled_value = b.filled_value, volume_seen = b.volume_seen
     from bench_orders b where o.id = b.id and (o.reserved_cash, o.filled_quantity, o.filled_value, o.volume_seen) is distinct from (b.reserved_cash, b.filled_quantity, b.filled_value, b.volume_seen)`,
  );
  await client.query(`update portfolios p set cash = b.cash, reserved_cash = b.reserved_cash from bench_portfolios b where p.id = b.id and (p.cash <> b.cash or p.reserved_cash <> b.reserved_cash)`);
  await client.query(`truncate positions`);
  await client.query(`insert into positions select * from bench_positions`);
  // The tick's fenced write already stored the new prices when the trigger pass starts.
  await client.query(`update instruments set last_price = case when right(symbol, 3)::int % 2 = 0 then ${cents(START - MOVE)} else ${cents(START + MOVE)} end`);
  await client.query(`vacuum analyze`);
}

/**
 * Statements the app sends while a pass runs: every query of every pooled connection goes
 * through pg.Client's query (the bench's own client is idle meanwhile).
 */
const sentStatements = { on: false, count: 0 };
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (sentStatements.on) sentStatements.count += 1;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

type Move = { symbol: string; previous: Money; next: Money; volume?: number };

async function main() {
  await admin(`create database ${name}`);
  if (process.env.LOG_DURATIONS) await admin(`alter database ${name} set log_min_duration_statement = 0`);
  if (process.env.AUTO_EXPLAIN) {
    // The plan, with actual times, of every statement slower than AUTO_EXPLAIN ms (contrib's auto_explain).
    await admin(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
    await admin(`alter database ${name} set auto_explain.log_min_duration = ${Number(process.env.AUTO_EXPLAIN)}`);
    await admin(`alter database ${name} set auto_explain.log_analyze = on`);
    await admin(`alter database ${name} set auto_explain.log_buffers = on`);
    await admin(`alter database ${name} set auto_explain.log_triggers = on`);
  }
  const handle = await openDatabase({ url, maxConnections: 10 });
  // The process's hub as a real PostgreSQL install starts it (getHub): it LISTENs, and counts
  // the other instances' hubs (none here, so it sends no NOTIFY: decision 090).
  const hub = new Hub({ url });
  await hub.start();
  setHub(hub);
  wireApp();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const started = performance.now();
    const sizes = await setUp(client);
    await client.query(`vacuum analyze`);
    console.log(`set up ${sizes.orders} orders in ${sizes.portfolios} portfolios (${sizes.positions} positions) on ${INSTRUMENTS} instruments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const moves: Move[] = Array.from({ length: INSTRUMENTS }, (_, i) => ({
      symbol: symbolOf(i),
      previous: START as Money,
      next: (movesDown(i) ? START - MOVE : START + MOVE) as Money,
      ...(PARTIALS > 0 ? { volume: TICK_VOLUME } : {}),
    }));
    const now = new Date();

    const variants: Array<{ name: string; run: () => Promise<{ candidates: number; filled: number; rejected: number }> }> = [];
    if (values["per-symbol"])
      variants.push({
        name: "processPriceMove per moved symbol (the path before batching)",
        run: async () => {
          const total = { candidates: 0, filled: 0, rejected: 0 };
          for (const m of moves) {
            const r = await priceMoves.processPriceMove(handle.db, m.symbol, m.previous, m.next, now);
            total.candidates += r.candidates;
            total.filled += r.filled;
            total.rejected += r.rejected;
          }
          return total;
        },
      });
    variants.push({ name: "processPriceMoves: all of the tick's moves at once", run: () => priceMoves.processPriceMoves(handle.db, moves, now) });

    const profiler = values.profile ? new inspector.Session() : null;
    const profiles: Profile[] = [];
    if (profiler) {
      profiler.connect();
      await profiler.post("Profiler.enable");
    }
    const results: string[] = [];
    for (const variant of variants) {
      const times: number[] = [];
      const appCpu: number[] = [];
      const statements: number[] = [];
      const pgCpu: number[] = [];
      let last = { candidates: 0, filled: 0, rejected: 0 };
      for (let pass = 0; pass < WARMUP + RUNS; pass++) {
        // Warm-up passes are run as the timed ones (reset, checked) and not counted.
        const run = pass - WARMUP;
        await reset(client);
        const backends = new BackendCpu(client, name);
        await backends.sample();
        const pg0 = backends.totalMs();
        // The first pass is cold (JIT, every named statement parsed): the profile is of the warm ones, as a running simulator's.
        const profiled = profiler && (run > 0 || (run === 0 && (WARMUP > 0 || RUNS === 1)));
        if (profiled) await profiler.post("Profiler.start");
        const cpu0 = process.cpuUsage();
        const sent0 = sentStatements.count;
        sentStatements.on = true;
        const t = performance.now();
        last = await variant.run();
        const elapsed = performance.now() - t;
        sentStatements.on = false;
        const cpu = process.cpuUsage(cpu0);
        if (profiled) profiles.push(((await profiler.post("Profiler.stop")) as { profile: Profile }).profile);
        await backends.sample();
        if (run >= 0) {
          times.push(elapsed);
          statements.push(sentStatements.count - sent0);
          appCpu.push((cpu.user + cpu.system) / 1000);
          pgCpu.push(backends.totalMs() - pg0);
        }
        const [check] = (
          await client.query<{ bad_cash: string; bad_reserved: string }>(`
            select
              (select count(*) from portfolios p where p.cash <> (select sum(amount) from ledger_entries l where l.portfolio_id = p.id) or p.cash < 0) as bad_cash,
              (select count(*) from portfolios p where p.reserved_cash <> coalesce((select sum(reserved_cash) from orders o where o.portfolio_id = p.id and o.status = 'open'), 0)) as bad_reserved`)
        ).rows;
        if (Number(check!.bad_cash) || Number(check!.bad_reserved)) throw new Error(`accounting identities broken after "${variant.name}": ${JSON.stringify(check)}`);
      }
      const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
      console.log(`${variant.name}: ${list(times)} ms · app CPU ${list(appCpu)} ms · PostgreSQL CPU ${list(pgCpu)} ms · statements ${list(statements)} · ${JSON.stringify(last)}`);
      results.push(
        `| ${variant.name} | ${last.candidates} | ${last.filled} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${median(appCpu).toFixed(0)} | ${median(pgCpu).toFixed(0)} | ${median(statements)} |`,
      );
    }

    if (profiler && values.profile) {
      // The runs' profiles joined into one (DevTools and speedscope read a single profile): later runs' nodes renumbered after the earlier ones'.
      fs.writeFileSync(values.profile, JSON.stringify(joinProfiles(profiles)));
      console.log(`CPU profile of the timed passes: ${values.profile}`);
    }
    const working = PARTIALS > 0 ? ` · ${PARTIALS} market buys working in parts (tick volume ${TICK_VOLUME} a symbol)` : "";
    console.log(`\nPostgreSQL · ${INSTRUMENTS} instruments · ${sizes.orders} open orders${working} · ${sizes.portfolios} portfolios · median of ${RUNS}${WARMUP > 0 ? ` after ${WARMUP} warm-up passes` : ""}\n`);
    // CPU: this process's (the app's code runs in it) and the database's backends' (from /proc): on a shared machine, the figures that count.
    console.log("| path | orders crossed | filled | median ms | min ms | max ms | app CPU ms | PostgreSQL CPU ms | statements |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const line of results) console.log(line);

    // The triggered-order query's plan, for one symbol that moved down and (batched) for all.
    await reset(client);
    const explain = async (label: string, sql: string, params: unknown[]) => {
      const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`, params);
      console.log(`\n${label}\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    };
    const dialect = new PgDialect();
    const [busiest] = (
      await client.query<{ symbol: string }>(`select symbol from instruments order by (select count(*) from orders o where o.symbol = instruments.symbol) desc limit 1`)
    ).rows;
    const one = moves.find((m) => m.symbol === busiest!.symbol)!;
    const query = (ms: Move[]) => {
      const q = dialect.sqlToQuery(priceMoves.crossedQuery(ms));
      return { sql: q.sql, params: q.params };
    };
    await explain(`EXPLAIN (ANALYZE, BUFFERS): the crossed-order query, one symbol (${one.symbol} to ${formatMoney(one.next)})`, query([one]).sql, query([one]).params);
    await explain(`EXPLAIN (ANALYZE, BUFFERS): the crossed-order query, all ${moves.length} moved symbols at once`, query(moves).sql, query(moves).params);
  } finally {
    client.release();
    await hub.stop();
    await handle.close();
    if (values.keep) console.log(`kept database ${name}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

interface Profile {
  nodes: Array<{ id: number; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function joinProfiles(list: Profile[]): Profile {
  const joined: Profile = { nodes: [], startTime: list[0]!.startTime, endTime: list[0]!.startTime, samples: [], timeDeltas: [] };
  for (const profile of list) {
    const offset = joined.nodes.reduce((max, n) => Math.max(max, n.id), 0);
    joined.nodes.push(...profile.nodes.map((n) => ({ ...n, id: n.id + offset, ...(n.children && { children: n.children.map((c) => c + offset) }) })));
    joined.samples.push(...profile.samples.map((s) => s + offset));
    // Time between the runs is left out: the first delta of each run counts from its own start.
    joined.timeDeltas.push(...profile.timeDeltas);
    joined.endTime += profile.endTime - profile.startTime;
  }
  return joined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
