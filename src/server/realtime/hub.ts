/**
 * Live updates fan-out: an in-process pub/sub keyed by topic ("quotes", `portfolio:${id}`),
 * fed from the `live_events` table (docs/decisions/078, publish after commit).
 *
 * A writer stores its events in its own transaction (./outbox.ts) and, once it has committed,
 * calls `committed()` with the ids and topics its statement stored. This process's hub takes
 * them in without a read when they follow what it has delivered and nobody here listens to
 * them (docs/decisions/090), else it reads what is new at once; on PostgreSQL one NOTIFY
 * (outside any order's transaction, coalesced: one at a time per process) wakes the other
 * instances' hubs, which LISTEN on a session straight to the server (DATABASE_DIRECT_URL: a
 * transaction-mode pooler delivers no notification) — sent only while another hub LISTENs.
 * No order's commit waits on a NOTIFY, and a payload's size does not matter: the events travel
 * through the table, read once per instance whatever the number of streams.
 *
 * Every hub delivers events in `id` order, each once: ids are taken in the writers'
 * transactions, so a lower id can commit after a higher one; the reader then holds what
 * follows the missing id until it appears, or until every transaction that was running when it
 * was first missed has ended (it was rolled back), or GAP_WAIT_MS. So a stream's last id says
 * exactly what it was sent, and a reconnect with `Last-Event-ID` is sent the rest (`replay`).
 * An id passed over is still watched for LATE_WATCH_MS: if it commits after all, it is
 * delivered then, once, out of order (`late`). After GAP_WAIT_MS its writer was still running
 * (a commit slowed by a loaded machine); and "every transaction then running has ended" does
 * not prove a rollback: a writer takes its id (nextval) before its transaction id when the
 * insert is its first write, so it may not have been running yet by that measure.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { env } from "@/env";
import { type DbOrTx, getDb } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import type { PortfolioChange, QuoteView } from "@/lib/live-messages";
import { logger } from "@/server/logger";

export const CHANNEL = "tickerlab_events";

/**
 * A portfolio's change as the trading writer stores it (docs/decisions/087): the ids of the
 * orders it wrote and of its new fills, not their wire shapes. A tick writes hundreds of
 * changes a chunk that nobody may be listening to; the hubs expand only those a stream here
 * listens to (`wirePortfolioChanges`), reading the rows as they are then.
 */
export interface PortfolioRef {
  portfolioId: string;
  orders: string[];
  fills: string[];
}

/**
 * What travels between instances: a tick's quotes (the stream sends each as a `quote`
 * message) and a portfolio's change (sent on as a `portfolio` message; null: read the
 * portfolio again), stored whole or by reference (`portfolio-ref`, delivered as `portfolio`).
 */
export type RealtimeEvent =
  | { topic: typeof QUOTES_TOPIC; type: "quotes"; data: { at: string; quotes: QuoteView[] } }
  | { topic: string; type: "portfolio"; data: PortfolioChange | null }
  | { topic: string; type: "portfolio-ref"; data: PortfolioRef };

type DeliveredEvent = Exclude<RealtimeEvent, { type: "portfolio-ref" }>;

/** An event as delivered: `id` is its place in the one order of events (live_events.id). */
export type LiveEvent = DeliveredEvent & { id: number };

/** An event a writer's statement stored: its id and topic (what `committed` is told). */
export interface StoredRef {
  id: number;
  topic: string;
}

/** A row of live_events as read, before references are expanded. */
type StoredEvent = RealtimeEvent & { id: number };

/** The changes of portfolios from their references, in the same order (the trading feature's reader). */
export type PortfolioChanges = (db: DbOrTx, refs: readonly PortfolioRef[]) => Promise<PortfolioChange[]>;

const CHANGES_KEY = Symbol.for("tickerlab.realtimePortfolioChanges");
type ChangesHolder = { [CHANGES_KEY]?: PortfolioChanges };

/**
 * Called by the composition root (src/wiring.ts): how a stored reference becomes the change a
 * stream is sent. Kept on globalThis because Next bundles routes and jobs apart.
 */
export function wirePortfolioChanges(read: PortfolioChanges | undefined): void {
  if (read) (globalThis as ChangesHolder)[CHANGES_KEY] = read;
  else delete (globalThis as ChangesHolder)[CHANGES_KEY];
}

/**
 * Stored events as streams are sent them: each reference expanded (one read for all of them);
 * without a reader wired, a change without data (its page reads the portfolio again).
 */
async function expanded(db: DbOrTx, stored: readonly StoredEvent[]): Promise<LiveEvent[]> {
  const refs = stored.filter((e): e is StoredEvent & { type: "portfolio-ref" } => e.type === "portfolio-ref");
  const read = (globalThis as ChangesHolder)[CHANGES_KEY];
  const changes = refs.length > 0 && read ? await read(db, refs.map((e) => e.data)) : [];
  const byId = new Map(refs.map((e, i) => [e.id, changes[i] ?? null]));
  return stored.map((e) => (e.type === "portfolio-ref" ? { id: e.id, topic: e.topic, type: "portfolio", data: byId.get(e.id) ?? null } : e));
}

/** `late`: an event whose id the hub had passed over (its writer committed after GAP_WAIT_MS), delivered once, out of order. */
type Listener = (event: LiveEvent, late: boolean) => void;

/** The longest a missing id holds back what follows it (a writer that died between its insert and its commit). */
const GAP_WAIT_MS = 3000;
/** A missing id is not given up before this, even when every transaction seen running has ended. */
const GAP_MIN_MS = 100;
/** Ids passed over that are still watched for a late commit, at most (the oldest are dropped first). */
const LATE_MAX = 1000;
/** How long an id passed over is watched for a late commit. */
const LATE_WATCH_MS = 60_000;
/** A reader's batch; a larger backlog is read in several. */
const BATCH = 500;
/**
 * A read's ids and topics after $1, at most $2, with the snapshot's bounds. A named statement
 * (planned once per connection): with several writers committing out of order, about one order
 * in three is followed by a read (bench/orders.ts, 8 clients), and planning it each time cost
 * more than running it.
 */
const READ_NEW = `
      select e.id::text as id, e.topic, pg_snapshot_xmin(s.snap)::text as xmin, pg_snapshot_xmax(s.snap)::text as xmax
      from (select pg_current_snapshot() as snap) s
      left join lateral (select id, topic from live_events where id > $1::bigint order by id limit $2::int) e on true`;
/** How often a distributed hub reads without being woken (a lost notification, a LISTEN being re-opened), and counts the others. */
const SAFETY_READ_MS = 2000;
/** The LISTEN sessions' application_name: how a hub counts the others in pg_stat_activity. */
export const HUB_APPLICATION_NAME = "tickerlab-hub";
/** A hub's first notification once it LISTENs: the others wake it from then on. */
const HELLO = "hello";
/** The most a reconnecting stream is sent; further behind, its page reads the portfolio again. */
export const REPLAY_LIMIT = 1000;

export interface HubOptions {
  /** postgres://… (the server itself): other instances' events arrive by LISTEN on this. Without it, this process only. */
  url?: string;
  /** The database the events are stored in and read from (default: the process's). */
  db?: () => Promise<DbOrTx>;
  reconnectMs?: number;
  /** How long a missing id holds back what follows it (default GAP_WAIT_MS; tests shorten it). */
  gapWaitMs?: number;
  /** How long an id passed over is watched for a late commit (default LATE_WATCH_MS). */
  lateWatchMs?: number;
}

interface Gap {
  /** The reader's snapshot's xmax when the id was first missed: every transaction then running is below it. */
  xmax: bigint;
  since: number;
}

export class Hub {
  private readonly topics = new Map<string, Set<Listener>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Every id up to this one has been delivered (or given up); undefined until the first read. */
  private high: number | undefined;
  private gap: Gap | undefined;
  /** Ids passed over, watched for a late commit, with when (Date.now()) they were passed over. */
  private readonly late = new Map<number, number>();
  private gapTimer: NodeJS.Timeout | undefined;
  private safety: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private notifying = false;
  private notifyAgain = false;
  /**
   * Whether another instance's hub may be LISTENing: true until this hub's LISTEN session has
   * counted none in pg_stat_activity (every SAFETY_READ_MS), and again on a `hello`.
   */
  private othersListen = true;
  /** `hello`s heard: a count that began before one cannot say "none". */
  private hellos = 0;
  private counting: Promise<void> | undefined;
  /** This hub's NOTIFY payload: its own wakes it for nothing (it has read already). */
  private readonly name = `hub:${process.pid}:${Math.random().toString(36).slice(2)}`;

  constructor(private readonly options: HubOptions = {}) {}

  get distributed(): boolean {
    return Boolean(this.options.url);
  }

  private db(): Promise<DbOrTx> {
    return this.options.db ? this.options.db() : getDb();
  }

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.topics.delete(topic);
    };
  }

  /** Subscribers of one topic, or of all topics: what the leak tests count. */
  listenerCount(topic?: string): number {
    if (topic !== undefined) return this.topics.get(topic)?.size ?? 0;
    let n = 0;
    for (const set of this.topics.values()) n += set.size;
    return n;
  }

  /** Once the hub knows where events stand (`delivered` is then exact). */
  async position(): Promise<number> {
    if (this.high === undefined) await this.read();
    return this.high ?? 0;
  }

  /**
   * The last id delivered: a subscriber added in the same synchronous step is sent everything
   * after it, and `replay` covers up to it (read it after `position()` resolved).
   */
  get delivered(): number {
    return this.high ?? 0;
  }

  /**
   * Stores one event and delivers it (outside a transaction: a tick's quotes, a test's price).
   * A writer in a transaction uses an Outbox instead.
   */
  async publish(db: DbOrTx, event: RealtimeEvent): Promise<void> {
    const { rows } = await db.execute<{ id: string }>(
      sql`insert into live_events (topic, type, data) values (${event.topic}, ${event.type}, ${JSON.stringify(event.data)}::json) returning id::text as id`,
    );
    this.committed(rows.map((row) => ({ id: Number(row.id), topic: event.topic })));
  }

  /**
   * A writer's events are committed (`stored`: their ids and topics, when its statement said;
   * undefined: read them). This hub takes them in, and the other instances' hubs, if any LISTEN,
   * are woken by a NOTIFY (one in flight per process; the calls meanwhile share the next).
   */
  committed(stored?: readonly StoredRef[]): void {
    if (!stored || !this.takeIn(stored)) void this.read();
    if (this.distributed && this.othersListen) void this.notify();
  }

  /**
   * Takes in a writer's own events without reading them: when they are exactly the ids that
   * follow what this hub has delivered (no other writer's event can then be missing below
   * them), nobody here listens to their topics, none is an id passed over (a late commit: the
   * read delivers it), and no read or held gap is pending. False: the caller reads. Other ids
   * passed over are looked for by the next read (on PostgreSQL the safety read, within 2 s; on
   * PGlite transactions run one at a time, so an id passed over was rolled back).
   */
  private takeIn(stored: readonly StoredRef[]): boolean {
    if (this.high === undefined || this.reading || this.gap) return false;
    if (stored.some((event) => this.late.has(event.id))) return false;
    const ids = stored
      .map((event) => event.id)
      .filter((id) => id > this.high!)
      .sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i++) if (ids[i] !== this.high + 1 + i) return false;
    if (stored.some((event) => event.id > this.high! && this.topics.has(event.topic))) return false;
    if (ids.length > 0) this.high = ids[ids.length - 1];
    return true;
  }

  private async notify(): Promise<void> {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    try {
      do {
        this.notifyAgain = false;
        await (await this.db()).execute(sql`select pg_notify(${CHANNEL}, ${this.name})`);
      } while (this.notifyAgain && !this.stopped);
    } catch (error) {
      // The others read within SAFETY_READ_MS anyway.
      logger().warn({ err: error }, "[realtime] could not wake the other instances");
    } finally {
      this.notifying = false;
    }
  }

  /** Reads what is new and delivers it; one read at a time, a call meanwhile runs one more after it. */
  read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          if (await this.readOnce()) this.readAgain = true;
        } while (this.readAgain && !this.stopped);
      } catch (error) {
        logger().warn({ err: error }, "[realtime] could not read live events");
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** One batch; true when there may be more to read at once. */
  private async readOnce(): Promise<boolean> {
    const db = await this.db();
    if (this.high === undefined) {
      // A new hub starts at the end: what happened before it was no subscriber's.
      const [row] = (await db.execute<{ high: string | null }>(sql`select max(id)::text as high from live_events`)).rows;
      this.high ??= Number(row?.high ?? 0);
      return true;
    }
    // The ids and topics first; the data only of the events someone here listens to.
    const { rows } = await executeNamed<{ id: string | null; topic: string | null; xmin: string; xmax: string }>(db, "tl_hub_read", { text: READ_NEW, params: [this.high, BATCH] });
    const snapshot = { xmin: BigInt(rows[0]!.xmin), xmax: BigInt(rows[0]!.xmax) };
    const found = rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), topic: r.topic! }));
    const ready: Array<{ id: number; topic: string }> = [];
    let next = this.high + 1;
    for (const event of found) {
      if (event.id !== next) {
        if (!this.gapResolved(snapshot)) break;
        // Passed over, whatever the reason: watched for a late commit.
        this.watchLate(next, event.id, Boolean(this.gap && snapshot.xmin < this.gap.xmax));
      }
      this.clearGap();
      ready.push(event);
      next = event.id + 1;
    }
    const delivered = ready.length;
    if (delivered < found.length) this.holdFor(snapshot);
    const late = await this.readLate(db);
    if (delivered === 0 && late.length === 0) return false;
    // The data of the events someone here listens to. A stream may subscribe while it is read:
    // its replay stops at `delivered`, below these events, so they are its to receive live. So
    // the topics are looked at again after each read, until every event of a topic listened to
    // is in hand (a stream that subscribed meanwhile missed one event otherwise: cluster-fault).
    const data = new Map<number, LiveEvent>();
    const asked = new Set<number>();
    for (;;) {
      const wanted = [...late, ...ready].filter((e) => !asked.has(e.id) && this.topics.has(e.topic)).map((e) => e.id);
      if (wanted.length === 0) break;
      for (const id of wanted) asked.add(id);
      const stored = await db.execute<{ id: string; topic: string; type: string; data: unknown }>(
        sql`select id::text as id, topic, type, data from live_events where id = any(${`{${wanted.join(",")}}`}::bigint[])`,
      );
      const events = await expanded(db, stored.rows.map((row) => ({ id: Number(row.id), topic: row.topic, type: row.type, data: row.data }) as StoredEvent));
      for (const event of events) data.set(event.id, event);
    }
    for (const event of late) {
      // Taken out only now: a read that failed on the way leaves it watched, to be delivered by the next.
      this.late.delete(event.id);
      const full = data.get(event.id);
      if (full) this.deliver(full, true);
    }
    for (const event of ready) {
      this.high = event.id;
      const full = data.get(event.id);
      if (full) this.deliver(full, false);
    }
    return found.length === BATCH && delivered === found.length;
  }

  /** Ids from `from` up to (not including) `to`, passed over: watched for a late commit. */
  private watchLate(from: number, to: number, timedOut: boolean): void {
    const now = Date.now();
    for (let id = from; id < to; id++) this.late.set(id, now);
    for (const id of this.late.keys()) {
      if (this.late.size <= LATE_MAX) break;
      this.late.delete(id);
    }
    if (timedOut && to > from) logger().warn({ from, to: to - 1 }, "[realtime] live event ids passed over after waiting; they are delivered late if they commit");
  }

  /** The watched ids that have committed since (the caller takes each out as it delivers it: once); those watched long enough forgotten. */
  private async readLate(db: DbOrTx): Promise<Array<{ id: number; topic: string }>> {
    const forgetBefore = Date.now() - (this.options.lateWatchMs ?? LATE_WATCH_MS);
    for (const [id, since] of this.late) if (since < forgetBefore) this.late.delete(id);
    if (this.late.size === 0) return [];
    const ids = [...this.late.keys()];
    const { rows } = await db.execute<{ id: string; topic: string }>(sql`select id::text as id, topic from live_events where id = any(${`{${ids.join(",")}}`}::bigint[]) order by id`);
    return rows.map((r) => ({ id: Number(r.id), topic: r.topic }));
  }

  /** How many ids passed over are watched for a late commit. */
  get watchedLate(): number {
    return this.late.size;
  }

  /** The ids passed over between `after` and `before` (both excluded) still watched: a stream past them may be owed them. */
  passedOver(after: number, before: number): number[] {
    const ids: number[] = [];
    for (const id of this.late.keys()) if (id > after && id < before) ids.push(id);
    return ids;
  }

  /** Whether `id` is watched for a late commit. */
  watching(id: number): boolean {
    return this.late.has(id);
  }

  /** Whether the id the reader waits for can be given up: it never committed, or waited long enough. */
  private gapResolved(snapshot: { xmin: bigint }): boolean {
    if (!this.gap) return false;
    const waited = Date.now() - this.gap.since;
    return waited >= (this.options.gapWaitMs ?? GAP_WAIT_MS) || (waited >= GAP_MIN_MS && snapshot.xmin >= this.gap.xmax);
  }

  private holdFor(snapshot: { xmax: bigint }): void {
    this.gap ??= { xmax: snapshot.xmax, since: Date.now() };
    // Its writer's commit wakes every hub; this read is for a writer that never commits.
    if (!this.gapTimer && !this.stopped) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = undefined;
        void this.read();
      }, GAP_MIN_MS);
      this.gapTimer.unref();
    }
  }

  private clearGap(): void {
    this.gap = undefined;
  }

  /** Hands an event to this process's subscribers. */
  private deliver(event: LiveEvent, late: boolean): void {
    const set = this.topics.get(event.topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event, late);
      } catch (error) {
        logger().warn({ err: error, topic: event.topic }, "[realtime] a subscriber failed");
      }
    }
  }

  /**
   * What a stream that reconnects missed: the events of `topics` after `afterId` up to what
   * this hub has delivered (`upTo`, from `position()` when it subscribed; later ones reach it
   * live). `complete` is false when some may be gone (kept only a few minutes) or there are
   * more than REPLAY_LIMIT: its page then reads the portfolio again. `owed`: ids at or below
   * `afterId` that the stream's previous instance had passed over (its Last-Event-ID lists them).
   */
  async replay(topics: string[], afterId: number, upTo: number, owed: readonly number[] = []): Promise<{ events: LiveEvent[]; complete: boolean }> {
    // Ids at or below afterId the stream's previous instance had passed over (they may have committed since).
    const also = owed.filter((id) => id <= upTo);
    if (topics.length === 0 || (afterId >= upTo && also.length === 0)) return { events: [], complete: true };
    const db = await this.db();
    const { rows } = await db.execute<{ id: string; topic: string; type: string; data: unknown; oldest: string | null }>(sql`
      select e.id::text as id, e.topic, e.type, e.data, (select min(id) from live_events)::text as oldest
      from live_events e
      where e.topic = any(${`{${topics.map((t) => `"${t}"`).join(",")}}`}::text[])
        and ((e.id > ${afterId} and e.id <= ${upTo}) or e.id = any(${`{${also.join(",")}}`}::bigint[]))
      order by e.id limit ${REPLAY_LIMIT + 1}`);
    const events = await expanded(
      db,
      rows.slice(0, REPLAY_LIMIT).map((row) => ({ id: Number(row.id), topic: row.topic, type: row.type, data: row.data }) as StoredEvent),
    );
    let oldest = rows[0]?.oldest;
    if (rows.length === 0) oldest = (await db.execute<{ oldest: string | null }>(sql`select min(id)::text as oldest from live_events`)).rows[0]?.oldest;
    // Pruned: nothing after afterId may be missing, so the oldest kept must follow it.
    const kept = oldest === null || oldest === undefined ? true : Number(oldest) <= afterId + 1;
    return { events, complete: kept && rows.length <= REPLAY_LIMIT };
  }

  /** Starts reading (and, on PostgreSQL, LISTENing); resolves once it knows where events stand. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.position();
    if (this.distributed && !this.safety) {
      this.safety = setInterval(() => {
        void this.read();
        if (!this.counting) void this.countOthers();
      }, SAFETY_READ_MS);
      this.safety.unref();
    }
    if (!this.distributed || this.client) return;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // TCP keepalives after 30 s idle: a session the network dropped without a word ends after the
    // kernel's probes (about 12 minutes with Linux's defaults) instead of its 2-hour idle default;
    // until then a count on it waits, and notifications stop.
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true, keepAliveInitialDelayMillis: 30_000 });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.othersListen = true;
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      if (this.stopped) return;
      logger().warn({ err: error }, "[realtime] LISTEN connection lost; reconnecting");
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL) return;
      if (message.payload === HELLO) {
        // pg keeps the backend's pid on the client (not in its types).
        if (message.processId === (client as unknown as { processID?: number }).processID) return;
        // Another hub began to LISTEN: it is woken from now on.
        this.hellos++;
        this.othersListen = true;
        return;
      }
      // This hub's own NOTIFY: it read its events before sending it.
      if (message.payload !== this.name) void this.read();
    });
    try {
      await client.connect();
      // Named by a SET, not a connection parameter: an application_name in the URL would win over that one.
      await client.query(`set application_name = '${HUB_APPLICATION_NAME}'; listen ${CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      await client.query(`select pg_notify('${CHANNEL}', '${HELLO}')`);
      // What was committed while nobody listened.
      void this.read();
      void this.countOthers();
    } catch (error) {
      await client.end().catch(() => {});
      if (this.stopped) return;
      logger().warn({ err: error }, "[realtime] could not LISTEN; retrying");
      this.scheduleReconnect();
      throw error;
    }
  }

  /**
   * Counts the other hubs LISTENing on this database, on this hub's LISTEN session (never a
   * pooled one): none, and no `hello` meanwhile, stops this hub's NOTIFYs until one says hello.
   * A count already running is waited for, then another made (it may have begun too early).
   */
  async countOthers(): Promise<void> {
    while (this.counting) await this.counting;
    this.counting = this.countOnce().finally(() => {
      this.counting = undefined;
    });
    return this.counting;
  }

  private async countOnce(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const hellos = this.hellos;
    try {
      const { rows } = await client.query<{ others: number }>(
        "select count(*)::int as others from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
        [HUB_APPLICATION_NAME],
      );
      if (this.client !== client) return;
      if (rows[0]!.others > 0) this.othersListen = true;
      else if (this.hellos === hellos) this.othersListen = false;
    } catch {
      // The session is failing: its error handler re-opens it, and assumes others until it counts again.
    }
  }

  /** Whether this hub wakes other instances' hubs after a commit (tests). */
  get wakesOthers(): boolean {
    return this.distributed && this.othersListen;
  }

  private scheduleReconnect() {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch(() => {});
    }, this.options.reconnectMs ?? 1000);
    this.retry.unref();
  }

  get listening(): boolean {
    return Boolean(this.client);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.retry, this.gapTimer]) if (timer) clearTimeout(timer);
    if (this.safety) clearInterval(this.safety);
    this.retry = this.gapTimer = this.safety = undefined;
    this.late.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await this.reading;
  }
}

/** Deletes live events older than this (a stream further behind reads its portfolio again). */
export const LIVE_EVENTS_KEEP_MS = 120_000;
export const PRUNE_LIVE_EVENTS_EVERY_MS = 30_000;

/** The scheduled task's statement: what no reconnecting stream will be sent any more. */
export async function pruneLiveEvents(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`delete from live_events where created_at < ${new Date(now.getTime() - LIVE_EVENTS_KEEP_MS)}`);
}

const KEY = Symbol.for("tickerlab.realtimeHub");
type Holder = { [KEY]?: Hub };

/**
 * The process's hub, on globalThis like the database (Next bundles routes and instrumentation
 * separately). Started on first use; on PostgreSQL it LISTENs on DATABASE_DIRECT_URL (the
 * server itself: a transaction-mode pooler delivers no notification; it defaults to DATABASE_URL).
 */
export function getHub(): Hub {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = new Hub({ url: env().DATABASE_DIRECT_URL });
    holder[KEY].start().catch(() => {});
  }
  return holder[KEY];
}

/** Tests: replace or drop the process's hub. */
export function setHub(hub: Hub | undefined): void {
  const holder = globalThis as Holder;
  if (hub) holder[KEY] = hub;
  else delete holder[KEY];
}

export const portfolioTopic = (portfolioId: string) => `portfolio:${portfolioId}`;
export const QUOTES_TOPIC = "quotes" as const;
