/**
 * Live updates fan-out: an in-process pub/sub keyed by topic ("quotes", `portfolio:${id}`).
 *
 * On PGlite (one process) publish delivers in-process. On PostgreSQL publish is a NOTIFY on
 * one channel, and every instance (this one included) LISTENs on a dedicated session
 * connection straight to the server (pg.Client on DATABASE_DIRECT_URL, never a pooled or
 * transaction-pooled one; the NOTIFY itself may go through a pooler) and delivers what arrives
 * to its local subscribers; the connection is re-opened after an error. A NOTIFY sent inside
 * a transaction is delivered only if it commits.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db";
import type { PortfolioChange, QuoteView } from "@/lib/live-messages";
import { logger } from "@/server/logger";

export const CHANNEL = "tickerlab_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7500;

/**
 * What travels between instances: a tick's quotes (the stream sends each as a `quote`
 * message) and a portfolio's change (sent on as a `portfolio` message). `data` is null when
 * the payload was too large for NOTIFY: subscribers reload from the database.
 */
export type RealtimeEvent =
  | { topic: typeof QUOTES_TOPIC; type: "quotes"; data: { at: string; quotes: QuoteView[] } | null }
  | { topic: string; type: "portfolio"; data: PortfolioChange | null };

type Listener = (event: RealtimeEvent) => void;

/** The NOTIFY payload of an event; one too large for NOTIFY goes without data (subscribers reload). */
export function notifyPayload(event: RealtimeEvent): string {
  const payload = JSON.stringify(event);
  // A UTF-8 byte is at least one UTF-16 unit and at most three: most payloads are decided by their length alone.
  if (payload.length * 3 <= MAX_PAYLOAD) return payload;
  return payload.length > MAX_PAYLOAD || Buffer.byteLength(payload) > MAX_PAYLOAD ? JSON.stringify({ ...event, data: null }) : payload;
}

export interface HubOptions {
  /** postgres://…: NOTIFY/LISTEN through this server. Without it, in-process only. */
  url?: string;
  reconnectMs?: number;
}

export class Hub {
  private readonly topics = new Map<string, Set<Listener>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: HubOptions = {}) {}

  get distributed(): boolean {
    return Boolean(this.options.url);
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

  /** Hands an event to this process's subscribers (what LISTEN does when a NOTIFY arrives). */
  deliver(event: RealtimeEvent): void {
    const set = this.topics.get(event.topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        logger().warn({ err: error, topic: event.topic }, "[realtime] a subscriber failed");
      }
    }
  }

  /**
   * Publishes to every instance. `db` may be a transaction: on PostgreSQL the NOTIFY is then
   * sent only when it commits. On PGlite the event is delivered at once (call it after commit).
   */
  async publish(db: DbOrTx, event: RealtimeEvent): Promise<void> {
    if (!this.distributed) {
      this.deliver(event);
      return;
    }
    await db.execute(sql`select pg_notify(${CHANNEL}, ${notifyPayload(event)})`);
  }

  /** Opens the LISTEN connection (PostgreSQL only); resolves once listening. */
  async start(): Promise<void> {
    this.stopped = false;
    if (!this.distributed || this.client) return;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      if (this.stopped) return;
      logger().warn({ err: error }, "[realtime] LISTEN connection lost; reconnecting");
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.deliver(JSON.parse(message.payload) as RealtimeEvent);
      } catch (error) {
        logger().warn({ err: error }, "[realtime] unreadable notification");
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
    } catch (error) {
      await client.end().catch(() => {});
      if (this.stopped) return;
      logger().warn({ err: error }, "[realtime] could not LISTEN; retrying");
      this.scheduleReconnect();
      throw error;
    }
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
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
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

