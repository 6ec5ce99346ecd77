/**
 * Several production instances behind a real load balancer (HAProxy) and a transaction-mode
 * pooler (PgBouncer) on one PostgreSQL database, people using them through the load balancer
 * as a browser would, and what a fault did to them, read from the clients and the database
 * (issue #25 §4, docs/decisions/080). One owner for tests/integration/cluster-fault.test.ts
 * (small, asserted) and bench/cluster.ts (2,000 people, measured):
 *
 * - `startBalancedCluster`: a database, PgBouncer in front of its server, N instances on it
 *   (DATABASE_URL through PgBouncer, DATABASE_DIRECT_URL the server: LISTEN and the leases),
 *   HAProxy in front of them; every live event the app stores is also logged, never pruned,
 *   in `cluster_live_events` (what the streams are checked against).
 * - `OrderLoad`: each person places market orders with think time between them, each with its
 *   own Idempotency-Key, tried again with the same key after a connection error or a 5xx (what
 *   the trade ticket does), and every acknowledgement (201) recorded.
 * - `WatchedStream`: each person's /api/stream as EventSource reads it: it reconnects after the
 *   server's `retry`, sending the last `id:` it was sent as Last-Event-ID.
 * - checks: acknowledged orders lost or doubled (`checkOrders`), portfolio events missed or
 *   doubled per stream (`checkStreams`), how long the simulator's leadership took to move
 *   (`msUntilNewLeaderTicks`), latency percentiles per window and instance (`latency`).
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import pg from "pg";
import { startHaproxy, type RunningHaproxy } from "../../scripts/lib/haproxy.mjs";
import { startPgbouncer, type RunningPgbouncer } from "../../scripts/lib/pgbouncer.mjs";
import { signedIn } from "../../bench/lib/people";
import { freePort, startApp, type RunningApp } from "./app-server";
import { leaderOf, marketView, waitUntil } from "./cluster";
import type { HttpClient } from "./http-client";
import { templateDatabase } from "./db-template";
import { createDatabaseOn, directUrlFor } from "./server-database";

export interface ClusterOptions {
  /** A PostgreSQL server (DATABASE_URL); the cluster's database is created there and dropped at the end. */
  serverUrl: string;
  instances?: number;
  /** More environment for every instance (MARKET_TICK_MS, DB_POOL_MAX, …). */
  env?: Record<string, string>;
  /** HAProxy's port (a free one when not given). */
  proxyPort?: number;
  /** PgBouncer's port (a free one when not given or taken). */
  bouncerPort?: number;
  /** PgBouncer's server connections for the database (its default_pool_size). */
  bouncerPoolSize?: number;
  /** HAProxy's maxconn (default 8,000; each connection takes two of its descriptors). */
  proxyMaxconn?: number;
}

export interface BalancedCluster {
  /** The load balancer: what every person uses. */
  url: string;
  apps: RunningApp[];
  /** HAProxy's name of each instance (X-Served-By), in the order of `apps`. */
  names: string[];
  nameOf(app: RunningApp): string;
  /** A session straight to the server (not through PgBouncer): the checks' reads. */
  watch: pg.Client;
  proxy: RunningHaproxy;
  bouncer: RunningPgbouncer;
  databaseName: string;
  stop(): Promise<void>;
}

/** Logs every stored live event (never pruned): its id, topic and, for a portfolio's change, its orders' ids. */
async function installLiveEventLog(client: pg.Client): Promise<void> {
  await client.query("create table if not exists cluster_live_events (id bigint primary key, topic text not null, orders text, at timestamptz not null default clock_timestamp())");
  // Inside the app's own transactions: it must never fail (a null or odd `orders` is logged as null).
  await client.query(`create or replace function cluster_log_live_event() returns trigger language plpgsql as $$
    begin
      insert into cluster_live_events (id, topic, orders) values (new.id, new.topic,
        case when new.type = 'portfolio-ref' and json_typeof(new.data->'orders') = 'array'
             then (select string_agg(o, ',' order by o) from json_array_elements_text(new.data->'orders') o)
             when new.type = 'portfolio' and json_typeof(new.data) = 'object' and json_typeof(new.data->'orders') = 'array'
             then (select string_agg(o->>'id', ',' order by o->>'id') from json_array_elements(new.data->'orders') o) end);
      return null;
    end $$`);
  await client.query("create or replace trigger cluster_log_live_event after insert on live_events for each row execute function cluster_log_live_event()");
}

/** Starts PgBouncer, `instances` servers through it (the first migrates, the others then start together) and HAProxy in front. */
export async function startBalancedCluster(options: ClusterOptions): Promise<BalancedCluster> {
  const count = options.instances ?? 3;
  const server = directUrlFor(options.serverUrl) ?? options.serverUrl;
  // In a test run, a copy of the run's migrated template (the first instance then only seeds the market).
  const database = await createDatabaseOn(server, "tickerlab_cluster", templateDatabase());
  const cleanups: Array<() => Promise<unknown>> = [() => database.drop()];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  };
  try {
    const bouncer = await startPgbouncer({ serverUrl: server, port: options.bouncerPort ?? 0, poolSize: options.bouncerPoolSize ?? 20 });
    cleanups.push(() => bouncer.stop());
    const proxyPort = options.proxyPort ?? (await freePort());
    const url = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: bouncer.url(database.directUrl),
      DATABASE_DIRECT_URL: database.directUrl,
      // Links and cookies name the load balancer, as an operator sets it.
      NEXTAUTH_URL: url,
      RATE_LIMIT_PER_ADDRESS: "0",
      RATE_LIMIT_PER_IP: "0",
      LOG_LEVEL: "warn",
      ...options.env,
    };
    const apps: RunningApp[] = [];
    cleanups.push(async () => {
      for (const app of apps) await app.stop();
    });
    apps.push(await startApp(env));
    apps.push(...(await Promise.all(Array.from({ length: count - 1 }, () => startApp(env)))));
    const watch = new pg.Client({ connectionString: database.directUrl });
    await watch.connect();
    cleanups.push(() => watch.end());
    await installLiveEventLog(watch);
    const names = apps.map((_, i) => `app${i + 1}`);
    const proxy = await startHaproxy({ port: proxyPort, backends: apps.map((app, i) => ({ name: names[i]!, url: app.url })), maxconn: options.proxyMaxconn });
    cleanups.push(() => proxy.stop());
    // Every instance ready through the load balancer (round robin: as many answers as instances, each from another).
    await waitUntil(
      async () => {
        const served = new Set<string>();
        for (let i = 0; i < count * 2; i++) {
          const res = await fetch(`${url}/api/ready`).catch(() => undefined);
          if (res?.status === 200) served.add(res.headers.get("x-served-by") ?? "");
        }
        return served.size === count;
      },
      30_000,
      "every instance answering through HAProxy",
      100,
    );
    return {
      url,
      apps,
      names,
      nameOf: (app) => names[apps.indexOf(app)]!,
      watch,
      proxy,
      bouncer,
      databaseName: database.name,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface Person {
  index: number;
  client: HttpClient;
  portfolioId: string;
}

/** `count` new people, registered and signed in through `url`, `concurrency` at a time, with their practice portfolio's id. */
export async function signUpPeople(url: string, count: number, prefix: string, concurrency = 8): Promise<Person[]> {
  const people: Person[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        const client = await signedIn(url, prefix, index);
        const res = await client.request("/api/portfolio");
        if (res.status !== 200) throw new Error(`GET /api/portfolio: ${res.status} ${await res.text()}`);
        people[index] = { index, client, portfolioId: ((await res.json()) as { id: string }).id };
      }
    }),
  );
  return people;
}

/** The first active instrument that can be traded (not an index). */
export async function tradableSymbol(client: HttpClient): Promise<string> {
  const { items } = (await (await client.request("/api/instruments")).json()) as { items: Array<{ symbol: string; active: boolean; kind: string }> };
  const symbol = items.find((i) => i.active && i.kind !== "index")?.symbol;
  if (!symbol) throw new Error("no active instrument");
  return symbol;
}

export interface Ack {
  person: number;
  key: string;
  orderId: string;
  /** Date.now() of the first try and of the answer. */
  startedAt: number;
  at: number;
  /** From the first try to the answer, retries included (what the person waited), ms. */
  ms: number;
  attempts: number;
  /** The instance that answered (HAProxy's X-Served-By). */
  servedBy: string;
}

export interface Attempt {
  at: number;
  /** The status, or "error" (no answer: the connection failed or was closed). */
  outcome: number | "error";
  servedBy: string | null;
}

/** Sleeps `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}

/**
 * People placing market buys of one share, each after a think time (uniform, mean
 * `meanThinkMs`), each order with its own Idempotency-Key and tried again with it after a
 * connection error or a 5xx (back-off 100 ms doubling to 2 s) until `giveUpMs`.
 */
export class OrderLoad {
  readonly acks: Ack[] = [];
  readonly attempts: Attempt[] = [];
  /** Orders whose outcome the client never learnt (it gave up): they may or may not exist. */
  readonly gaveUp: Array<{ person: number; key: string }> = [];
  /** Answers other than 201 or 5xx (none expected). */
  readonly refused: Array<{ person: number; status: number; body: string }> = [];
  private readonly stopping = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly people: Person[],
    private readonly symbol: string,
    private readonly options: { meanThinkMs: number; giveUpMs?: number },
  ) {
    // Every person's pause listens to it.
    setMaxListeners(0, this.stopping.signal);
  }

  start(): void {
    this.loops = this.people.map((person) => this.loop(person));
  }

  /** Stops placing new orders; resolves once every order in flight has its answer (or was given up). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
  }

  private async loop(person: Person): Promise<void> {
    const signal = this.stopping.signal;
    // Spread out: not every person at the same moment.
    await pause(Math.random() * this.options.meanThinkMs, signal);
    while (!signal.aborted) {
      await this.place(person);
      await pause(this.options.meanThinkMs * (0.5 + Math.random()), signal);
    }
  }

  private async place(person: Person): Promise<void> {
    const key = randomUUID();
    const startedAt = Date.now();
    const giveUpMs = this.options.giveUpMs ?? 60_000;
    for (let attempt = 1; ; attempt++) {
      let outcome: number | "error" = "error";
      let servedBy: string | null = null;
      try {
        const res = await person.client.request(`/api/portfolios/${person.portfolioId}/orders`, {
          method: "POST",
          headers: { "Idempotency-Key": key },
          json: { symbol: this.symbol, side: "buy", type: "market", quantity: 1 },
          signal: AbortSignal.timeout(30_000),
        });
        outcome = res.status;
        servedBy = res.headers.get("x-served-by");
        const body = await res.text();
        if (res.status === 201) {
          const at = Date.now();
          this.attempts.push({ at, outcome, servedBy });
          const orderId = (JSON.parse(body) as { order: { id: string } }).order.id;
          this.acks.push({ person: person.index, key, orderId, startedAt, at, ms: at - startedAt, attempts: attempt, servedBy: servedBy ?? "?" });
          return;
        }
        if (res.status < 500) {
          this.attempts.push({ at: Date.now(), outcome, servedBy });
          this.refused.push({ person: person.index, status: res.status, body: body.slice(0, 300) });
          return;
        }
      } catch {
        // No answer: the instance died or the connection was closed. Tried again with the same key.
      }
      this.attempts.push({ at: Date.now(), outcome, servedBy });
      if (Date.now() - startedAt > giveUpMs) {
        this.gaveUp.push({ person: person.index, key });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random())));
    }
  }
}

/** One request of a stream: where it went and what it resumed from. */
export interface StreamConnection {
  openedAt: number;
  status: number | "error";
  servedBy: string | null;
  /** The Last-Event-ID it sent. */
  resumedFrom: string | undefined;
  /** When its snapshot arrived (Date.now()). */
  snapshotAt?: number;
  endedAt?: number;
}

/** A `portfolio` message as received: its id (none when it came late) and its orders' ids. */
export interface ReceivedChange {
  id: number | undefined;
  orders: string;
}

/**
 * A person's /api/stream read as EventSource reads it: after the stream ends or fails, the
 * next request follows the server's `retry` and sends the last `id:` received as
 * Last-Event-ID. A refusal (not 200), which would make a browser's EventSource give up, is
 * counted and tried again the same way.
 */
export class WatchedStream {
  readonly connections: StreamConnection[] = [];
  readonly changes: ReceivedChange[] = [];
  /** Messages with null lists: "read your portfolio again" (the replay could not be complete). */
  readAgain = 0;
  snapshots = 0;
  ticks = 0;
  lastId: string | undefined;
  private retryMs = 3000;
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  private firstPlace!: () => void;
  /** Settles once the first snapshot and the id after it arrived (the stream is subscribed). */
  readonly placed = new Promise<void>((resolve) => (this.firstPlace = resolve));

  constructor(readonly person: Person) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** The connection that is open now (the last one, if it has not ended). */
  get current(): StreamConnection | undefined {
    const last = this.connections.at(-1);
    return last && last.endedAt === undefined && last.status === 200 ? last : undefined;
  }

  private async loop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      const connection: StreamConnection = { openedAt: Date.now(), status: "error", servedBy: null, resumedFrom: this.lastId };
      this.connections.push(connection);
      try {
        const res = await this.person.client.request("/api/stream", { signal, headers: this.lastId ? { "Last-Event-ID": this.lastId } : {} });
        connection.status = res.status;
        connection.servedBy = res.headers.get("x-served-by");
        if (res.status === 200) await this.read(res, connection);
        else await res.body?.cancel();
      } catch {
        // Closed: the instance died, the load balancer closed it, or we stopped.
      }
      connection.endedAt = Date.now();
      await pause(this.retryMs, signal);
    }
  }

  private async read(res: Response, connection: StreamConnection): Promise<void> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    /** What the last message was: an id block after a tick's quotes is the tick's. */
    let previous = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event: string | undefined;
        let data: string | undefined;
        let id: string | undefined;
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data = line.slice(6);
          else if (line.startsWith("id: ")) id = line.slice(4);
          else if (line.startsWith("retry: ")) this.retryMs = Number(line.slice(7));
        }
        if (id !== undefined) {
          this.lastId = id;
          if (this.snapshots > 0) this.firstPlace();
        }
        if (event === "snapshot") {
          this.snapshots++;
          connection.snapshotAt = Date.now();
        }
        else if (event === "portfolio" && data !== undefined) {
          const change = JSON.parse(data) as { orders: Array<{ id: string }> | null };
          if (change.orders === null) this.readAgain++;
          // The id may carry ids the stream is owed after its own (`1234:1201`, decision 080).
          else this.changes.push({ id: id === undefined ? undefined : Number(id.split(":")[0]), orders: change.orders.map((o) => o.id).sort().join(",") });
        } else if (event === undefined && id !== undefined && previous === "quote") this.ticks++;
        if (event) previous = event;
        else if (id !== undefined) previous = "";
      }
    }
  }
}

/** Opens every person's stream; resolves once each is subscribed (its snapshot and the id after it arrived). */
export async function openStreams(people: Person[], timeoutMs = 60_000): Promise<WatchedStream[]> {
  const streams = people.map((person) => new WatchedStream(person));
  for (const stream of streams) stream.start();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`streams not all open within ${timeoutMs} ms: ${streams.filter((s) => s.snapshots === 0).length} without a snapshot`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.all(streams.map((s) => s.placed)), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return streams;
}

export interface OrdersCheck {
  acknowledged: number;
  /** Acknowledged (201 with an order id) but not in the database. */
  lost: Ack[];
  /** More than one order in the database for one acknowledged order (a key placed twice, or one order acknowledged under two keys). */
  doubled: number;
  /** Orders in the database of these people that no acknowledgement names and no given-up request may explain. */
  unexplained: number;
  gaveUp: number;
}

/** Compares the clients' acknowledgements with the orders table. */
export async function checkOrders(watch: pg.Client, people: Person[], load: OrderLoad): Promise<OrdersCheck> {
  const { rows } = await watch.query<{ id: string; idempotency_key: string | null }>("select id, idempotency_key from orders where portfolio_id = any($1::text[])", [people.map((p) => p.portfolioId)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const perKey = new Map<string, number>();
  for (const r of rows) if (r.idempotency_key) perKey.set(r.idempotency_key, (perKey.get(r.idempotency_key) ?? 0) + 1);
  const lost = load.acks.filter((a) => byId.get(a.orderId)?.idempotency_key !== a.key);
  const ackedIds = new Map<string, number>();
  for (const a of load.acks) ackedIds.set(a.orderId, (ackedIds.get(a.orderId) ?? 0) + 1);
  const doubled = [...perKey.values()].filter((n) => n > 1).length + [...ackedIds.values()].filter((n) => n > 1).length;
  const explained = new Set([...load.acks.map((a) => a.key), ...load.gaveUp.map((g) => g.key)]);
  const unexplained = rows.filter((r) => !r.idempotency_key || !explained.has(r.idempotency_key)).length;
  return { acknowledged: load.acks.length, lost, doubled, unexplained, gaveUp: load.gaveUp.length };
}

export interface StreamsCheck {
  streams: number;
  /** Portfolio events in the database (for these people's portfolios). */
  expected: number;
  /** Of those, not received by their person's stream. */
  missed: number;
  /** Received more than once by one stream. */
  doubled: number;
  /** Received without an id (delivered late, decision 080). */
  late: number;
  /** Portfolio events received out of id order (with ids). */
  outOfOrder: number;
  readAgain: number;
  /** Streams that had more than one connection, and of those, the ones whose last is open. */
  reconnected: number;
  reconnectedOpen: number;
  /** Requests a browser's EventSource would have given up on (not 200), and their statuses. */
  refused: number;
  refusedStatuses: Record<string, number>;
  /** The first streams with something missed: person, missed event ids, the ids received around them, its connections. */
  examples: Array<{ person: number; missed: number[]; around: number[]; lastId?: string; ticks: number; connections: Array<{ servedBy: string | null; resumedFrom?: string; openedAt: number; endedAt?: number }> }>;
}

/** Compares every stream's portfolio messages with the portfolio events the database stored for its person. */
export async function checkStreams(watch: pg.Client, streams: WatchedStream[]): Promise<StreamsCheck> {
  const topics = streams.map((s) => `portfolio:${s.person.portfolioId}`);
  const { rows } = await watch.query<{ id: string; topic: string; orders: string | null }>("select id::text as id, topic, orders from cluster_live_events where topic = any($1::text[]) order by id", [topics]);
  const byTopic = new Map<string, Array<{ id: number; orders: string }>>();
  for (const r of rows) {
    const list = byTopic.get(r.topic) ?? [];
    list.push({ id: Number(r.id), orders: r.orders ?? "" });
    byTopic.set(r.topic, list);
  }
  const check: StreamsCheck = { streams: streams.length, expected: rows.length, missed: 0, doubled: 0, late: 0, outOfOrder: 0, readAgain: 0, reconnected: 0, reconnectedOpen: 0, refused: 0, refusedStatuses: {}, examples: [] };
  for (const stream of streams) {
    const expected = byTopic.get(`portfolio:${stream.person.portfolioId}`) ?? [];
    const withId = new Map<number, number>();
    let last = 0;
    for (const change of stream.changes) {
      if (change.id === undefined) {
        check.late++;
        continue;
      }
      withId.set(change.id, (withId.get(change.id) ?? 0) + 1);
      if (change.id < last) check.outOfOrder++;
      last = Math.max(last, change.id);
    }
    const lateOrders = stream.changes.filter((c) => c.id === undefined).map((c) => c.orders);
    const missed: number[] = [];
    for (const event of expected) {
      const n = withId.get(event.id) ?? 0;
      if (n > 1) check.doubled += n - 1;
      if (n > 0) continue;
      const late = lateOrders.indexOf(event.orders);
      if (late >= 0) lateOrders.splice(late, 1);
      else missed.push(event.id);
    }
    check.missed += missed.length;
    if (missed.length > 0 && check.examples.length < 5) {
      const received = [...withId.keys()];
      check.examples.push({
        person: stream.person.index,
        missed,
        around: received.filter((id) => Math.abs(id - missed[0]!) < 200),
        lastId: stream.lastId,
        ticks: stream.ticks,
        connections: stream.connections.map((c) => ({ servedBy: c.servedBy, resumedFrom: c.resumedFrom, openedAt: c.openedAt, endedAt: c.endedAt })),
      });
    }
    check.readAgain += stream.readAgain;
    for (const c of stream.connections) {
      if (c.status === 200 || c.status === "error") continue;
      check.refused++;
      check.refusedStatuses[c.status] = (check.refusedStatuses[c.status] ?? 0) + 1;
    }
    if (stream.connections.filter((c) => c.status === 200).length > 1) {
      check.reconnected++;
      if (stream.current) check.reconnectedOpen++;
    }
  }
  return check;
}

/** `checkStreams` again until nothing is missed, or `timeoutMs` (events still on their way); the last check. */
export async function streamsSettled(watch: pg.Client, streams: WatchedStream[], timeoutMs: number): Promise<StreamsCheck> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const check = await checkStreams(watch, streams);
    if (check.missed === 0 || Date.now() > deadline) return check;
    await new Promise((resolve) => setTimeout(resolve, 100)); // between polls of a condition
  }
}

/** The instance holding the simulator's lease (it ticked as holder), its epoch. */
export async function simulatorLeader(cluster: BalancedCluster): Promise<{ app: RunningApp; epoch: number }> {
  const app = await leaderOf(cluster.watch, cluster.apps);
  return { app, epoch: (await marketView(cluster.watch)).epoch };
}

/** From `since` (Date.now()) to the first tick under an epoch after `epoch` (polled every 20 ms), ms. */
export async function msUntilNewLeaderTicks(watch: pg.Client, since: number, epoch: number, timeoutMs: number): Promise<{ ms: number; holderPid: number | null }> {
  const view = await waitUntil(
    async () => {
      const v = await marketView(watch);
      return v.epoch > epoch && v.tickAt > since && v;
    },
    timeoutMs,
    "a tick under a new simulator lease",
    20,
  );
  return { ms: Date.now() - since, holderPid: view.holderPid };
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Acknowledged orders answered within [from, to) (Date.now() ms), by the instances named (all when not given). */
export function latency(acks: Ack[], from: number, to: number, servedBy?: Set<string>): { orders: number; p50: number; p99: number; perSecond: number } {
  const ms = acks.filter((a) => a.at >= from && a.at < to && (!servedBy || servedBy.has(a.servedBy))).map((a) => a.ms);
  return { orders: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), perSecond: ms.length / ((to - from) / 1000) };
}
