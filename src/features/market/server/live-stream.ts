/**
 * GET /api/stream: Server-Sent Events for a signed-in person, the messages of
 * lib/live-messages.ts: a `snapshot` of quotes first, then `quote` messages from every tick
 * and `portfolio` messages (what a change did: its orders and fills) of their own portfolios
 * only. A comment every 15 s keeps proxies from closing the connection, and each
 * heartbeat re-reads the person's token version: a revoked session or disabled account ends
 * the stream. Subscriptions are dropped when the client goes away. A server shutting down
 * ends every stream (src/server/shutdown.ts) and refuses new ones (503): the browser
 * reconnects after `retry`, to another instance where there is one.
 *
 * No compression: `Cache-Control: no-transform` makes Next's gzip skip this response (gzip
 * would buffer the events), and `X-Accel-Buffering: no` does the same for nginx.
 */
import type { NextApiRequest, NextApiResponse } from "next";
import { getToken } from "next-auth/jwt";
import { failures } from "@/domain/errors";
import { env } from "@/env";
import { getServerAuthSession } from "@/server/auth/session";
import { sessionStatesOf } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { sendError } from "@/server/http/api-route";
import { whenStarted } from "@/server/readiness";
import { portfolioIdsOf, portfolioIdsOfPeople } from "@/features/trading";
import { getHub, type LiveEvent, portfolioTopic, QUOTES_TOPIC } from "@/server/realtime/hub";
import { logger } from "@/server/logger";
import { metrics } from "@/server/metrics";
import { requestIdFor } from "@/server/http/request-context";
import { endOnShutdown, isShuttingDown } from "@/server/shutdown";
import type { LiveMessages, LiveMessageType, QuoteView } from "@/lib/live-messages";
import { listInstruments } from "./queries";


/**
 * A tick's quotes as SSE bytes, built once per tick and shared by every subscriber (the hub
 * hands them all the same array): with 1,000 open pages, serialising per socket and writing
 * one chunk per quote was most of the fan-out's cost (bench/sse.ts). `withId` is the same
 * followed by the tick's id in a block of its own (EventSource takes an id from a block
 * without data): what a stream owed nothing is sent, the same bytes for all of them, so that
 * at 10,000 streams a tick costs each one a single write of a shared buffer (decision 083).
 */
interface EncodedTick {
  quotes: Buffer;
  withId: Buffer;
}
const encoded = new WeakMap<readonly QuoteView[], EncodedTick>();
function encodedTick(quotes: readonly QuoteView[], id: number): EncodedTick {
  let tick = encoded.get(quotes);
  if (tick === undefined) {
    const text = quotes.map((quote) => `event: quote\ndata: ${JSON.stringify(quote)}\n\n`).join("");
    tick = { quotes: Buffer.from(text), withId: Buffer.from(`${text}id: ${id}\n\n`) };
    encoded.set(quotes, tick);
  }
  return tick;
}

const HEARTBEAT = Buffer.from(": heartbeat\n\n");

/** What the shared heartbeat knows of an open stream. */
interface Beating {
  userId: string;
  tokenVersion: unknown;
  /** When its next heartbeat is due (Date.now()). */
  due: number;
  /** The session is no longer valid: tell the client, end the stream. */
  revoke(): void;
  /** Still valid: the comment that keeps proxies from closing the connection, and the person's portfolios now (one joined since?). */
  beat(portfolioIds: readonly string[]): void;
}

/**
 * Every open stream's heartbeat, run by one timer (decision 083): every BEAT_CHECK_MS it takes
 * the streams whose heartbeat period (STREAM_HEARTBEAT_MS) has passed and checks their people's sessions in one
 * statement and their portfolios in two, where one timer per stream ran three
 * queries per stream (10,000 streams: ~2,000 queries a second on one instance).
 */
const BEAT_CHECK_MS = 1000;
const beating = new Set<Beating>();
let beatTimer: NodeJS.Timeout | undefined;
let beatRunning = false;

function startBeating(stream: Beating): () => void {
  beating.add(stream);
  if (!beatTimer) {
    beatTimer = setInterval(() => void heartbeats(), BEAT_CHECK_MS);
    beatTimer.unref();
  }
  return () => {
    beating.delete(stream);
    if (beating.size === 0 && beatTimer) {
      clearInterval(beatTimer);
      beatTimer = undefined;
    }
  };
}

/** People per statement of the session check. */
const BEAT_BATCH = 1000;

async function heartbeats(): Promise<void> {
  if (beatRunning) return; // the previous run is still reading: the streams it left wait one more check
  beatRunning = true;
  try {
    const now = Date.now();
    const due: Beating[] = [];
    for (const stream of beating) {
      if (stream.due > now) continue;
      stream.due = now + env().STREAM_HEARTBEAT_MS;
      due.push(stream);
    }
    if (due.length === 0) return;
    const db = await getDb();
    const people = [...new Set(due.map((stream) => stream.userId))];
    const states = new Map<string, { tokenVersion: number; disabledAt: Date | null }>();
    for (let i = 0; i < people.length; i += BEAT_BATCH) {
      for (const [id, state] of await sessionStatesOf(db, people.slice(i, i + BEAT_BATCH))) states.set(id, state);
    }
    const alive: Beating[] = [];
    for (const stream of due) {
      const state = states.get(stream.userId);
      if (!state || state.disabledAt || state.tokenVersion !== stream.tokenVersion) stream.revoke();
      else alive.push(stream);
    }
    // The portfolios of the people still followed (one joined a team or an event since?), read together.
    const following = [...new Set(alive.map((stream) => stream.userId))];
    const portfolios = new Map<string, string[]>();
    for (let i = 0; i < following.length; i += BEAT_BATCH) {
      for (const [id, ids] of await portfolioIdsOfPeople(db, following.slice(i, i + BEAT_BATCH))) portfolios.set(id, ids);
    }
    for (const stream of alive) if (beating.has(stream)) stream.beat(portfolios.get(stream.userId) ?? []);
  } catch (error) {
    logger().warn({ err: error }, "[stream] heartbeat failed");
  } finally {
    beatRunning = false;
  }
}

/**
 * Last-Event-ID as this stream writes it: the last id, then the ids below it it may still be
 * owed (`1234` or `1234:1201,1217`). Anything else (or none) is a fresh start.
 */
export function parseEventId(header: string | string[] | undefined): { last: number; owed: number[] } | undefined {
  const match = typeof header === "string" ? /^(\d{1,15})(?::(\d{1,15}(?:,\d{1,15}){0,49}))?$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const last = Number(match[1]);
  if (!(last > 0)) return undefined;
  return { last, owed: match[2] ? match[2].split(",").map(Number).filter((id) => id < last) : [] };
}

/** The most ids a stream carries as owed in its id. */
const OWED_MAX = 50;

export const RETRY_MS = 3000;
/**
 * The reconnection delay each stream is told (`retry:`): RETRY_MS ± half of it, so the streams
 * of an instance that died do not all come back in the same instant (decision 080).
 */
const retryMs = () => Math.round(RETRY_MS / 2 + Math.random() * RETRY_MS);

async function readQuotes(): Promise<QuoteView[]> {
  const rows = await listInstruments(await getDb());
  return rows.filter((r) => r.active).map((r) => ({ symbol: r.symbol, price: r.lastPrice, previousClose: r.previousClose, at: r.updatedAt }));
}

/** The last read of the quotes, with how far the hub had delivered when it began. */
let quotesRead: { from: number; quotes: Promise<QuoteView[]> } | undefined;

/**
 * The quotes for a snapshot that must show every tick up to `upTo` (the stream is sent the ones
 * after it): streams opening together — a crowd reconnecting after its instance died — share
 * one read begun after the hub had delivered `upTo`, instead of one read each (decision 080).
 */
function currentQuotes(upTo: number): Promise<QuoteView[]> {
  if (quotesRead && quotesRead.from >= upTo) return quotesRead.quotes;
  const read = { from: getHub().delivered, quotes: readQuotes() };
  quotesRead = read;
  read.quotes.catch(() => {
    if (quotesRead === read) quotesRead = undefined;
  });
  return read.quotes;
}


export async function serveLiveStream(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  requestIdFor(req, res);
  if (req.method !== "GET") {
    res.setHeader("Allow", "GET");
    res.status(405).json({ error: { code: "METHOD_NOT_ALLOWED", message: "Use GET for this address." } });
    return;
  }
  if (isShuttingDown()) {
    sendError(res, failures.unavailable("This server is shutting down; try again in a moment.", RETRY_MS / 1000));
    return;
  }
  let session: Awaited<ReturnType<typeof getServerAuthSession>>;
  try {
    await whenStarted(); // as every request: after the start (src/server/readiness.ts)
    session = await getServerAuthSession({ req, res });
  } catch (error) {
    // A database outage is a 503 like on every API route (the browser's EventSource retries); the cookie stays.
    sendError(res, error);
    return;
  }
  const token = session ? await getToken({ req, secret: env().NEXTAUTH_SECRET }) : null;
  const userId = session?.user.id;
  if (!session || !userId || !token) {
    res.setHeader("Cache-Control", "private, no-store");
    res.status(401).json({ error: { code: "UNAUTHENTICATED", message: "Sign in to see live updates." } });
    return;
  }
  const tokenVersion = token.tv;
  // The client may have gone while the session was checked (a load balancer's time-out on a
  // busy instance, a browser that reconnected elsewhere): its close event has passed, so a
  // stream started now would never end (its heartbeat querying every 15 s, for ever).
  if (res.closed || req.socket.destroyed) return;

  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);

  let closed = false;
  metrics().liveStreams.inc();
  const unsubscribes = new Map<string, () => void>();
  const hub = getHub();
  const resumed = parseEventId(req.headers["last-event-id"]);
  const resuming = resumed !== undefined;
  const lastEventId = resumed?.last ?? 0;
  /**
   * The last id written: what the browser sends back as Last-Event-ID. A stream that resumes
   * starts at the one it was sent: what this instance's hub delivers up to it, the client has
   * (this hub may be behind the one it came from), except the ids in `owed`.
   */
  let lastId = lastEventId;
  /**
   * Ids below `lastId` the hub passed over (docs/decisions/080): if one commits after all, the
   * client is owed it. They travel in the id (`1234:1201,1217`), so that the instance a client
   * resumes on sends them too; usually there are none and the id is a plain number.
   */
  const owed = new Set<number>(resumed?.owed ?? []);
  let replayDone = !resuming;
  const idText = () => {
    // An id the hub is past and no longer watches was delivered (to this stream, if it was its) or never will be.
    if (replayDone) for (const id of owed) if (id <= hub.delivered && !hub.watching(id)) owed.delete(id);
    return owed.size === 0 ? String(lastId) : `${lastId}:${[...owed].sort((a, b) => a - b).join(",")}`;
  };
  /** The `id:` field for an event's block (none when the stream is past it already). */
  const idField = (id: number | undefined) => {
    if (id === undefined || id <= lastId) return "";
    for (const passed of hub.passedOver(lastId, id)) if (owed.size < OWED_MAX) owed.add(passed);
    lastId = id;
    return `id: ${idText()}\n`;
  };
  // Only the messages of the stream's contract (lib/live-messages.ts) go out.
  const send = <T extends LiveMessageType>(type: T, data: LiveMessages[T] | null, id?: number) => {
    if (closed) return;
    res.write(`event: ${type}\n${idField(id)}data: ${JSON.stringify(data)}\n\n`);
  };
  const sendQuotes = (quotes: QuoteView[], id: number) => {
    // A client that cannot keep up skips ticks rather than queueing them in memory.
    if (closed || res.writableNeedDrain) return;
    const tick = encodedTick(quotes, id);
    // Owed nothing and nothing passed over (the usual case): the shared bytes with the tick's id.
    if (id > lastId && owed.size === 0 && hub.watchedLate === 0) {
      lastId = id;
      res.write(tick.withId);
      return;
    }
    const field = idField(id);
    res.write(field ? Buffer.concat([tick.quotes, Buffer.from(`${field}\n`)]) : tick.quotes);
  };

  const close = () => {
    if (closed) return;
    closed = true;
    forgetOnShutdown();
    metrics().liveStreams.dec();
    stopBeating();
    for (const off of unsubscribes.values()) off();
    unsubscribes.clear();
    res.end();
  };
  req.on("close", close);
  res.on("close", close);
  res.on("error", close);
  const forgetOnShutdown = endOnShutdown(close);

  /** While the missed events are read, what arrives live waits here (it follows them). */
  let held: Array<{ event: LiveEvent; late: boolean }> | null = null;
  /** The ids a resuming stream was sent by its replay. */
  const replayed = new Set<number>();
  /** An event below the stream's id that it is owed: sent, then the id without it. */
  const sendOwed = (event: LiveEvent) => {
    owed.delete(event.id);
    if (event.type !== "portfolio" || replayed.has(event.id) || closed) return;
    res.write(`event: portfolio\ndata: ${JSON.stringify(event.data)}\n\nid: ${idText()}\n\n`);
  };
  const onEvent = (event: LiveEvent, late: boolean) => {
    if (held) held.push({ event, late });
    // Its writer committed after the hub had passed its id (docs/decisions/080): sent now,
    // without an id of its own (the stream's never goes back), unless the replay had it. A
    // tick's old quotes are not sent.
    else if (late) sendOwed(event);
    else if (event.id <= lastId) {
      // The client has it (this stream resumed from an instance ahead of this one), unless the other had passed it over.
      if (owed.has(event.id)) sendOwed(event);
    } else if (event.type === "quotes") sendQuotes(event.data.quotes, event.id);
    else send("portfolio", event.data, event.id);
  };
  const stopBeating = startBeating({
    userId,
    tokenVersion,
    due: Date.now() + env().STREAM_HEARTBEAT_MS,
    revoke() {
      send("revoked", { reason: "Your session has ended." });
      close();
    },
    beat(portfolioIds) {
      if (closed) return;
      res.write(HEARTBEAT);
      for (const id of portfolioIds) if (!unsubscribes.has(id)) unsubscribes.set(id, hub.subscribe(portfolioTopic(id), onEvent));
    },
  });

  res.write(`retry: ${retryMs()}\n\n`);
  try {
    // Everything up to `upTo` is the replay's; the hub delivers what follows to the subscriptions.
    const portfolioIds = await portfolioIdsOf(await getDb(), userId);
    await hub.position();
    // From here to the subscriptions, one synchronous step: no event can fall between the two.
    const upTo = hub.delivered;
    held = []; // what arrives meanwhile follows the snapshot (and the replay)
    unsubscribes.set(QUOTES_TOPIC, hub.subscribe(QUOTES_TOPIC, onEvent));
    for (const id of portfolioIds) unsubscribes.set(id, hub.subscribe(portfolioTopic(id), onEvent));
    send("snapshot", { quotes: await currentQuotes(upTo) });
    if (resuming) {
      const missed = await hub.replay(portfolioIds.map(portfolioTopic), lastEventId, upTo, [...owed]);
      if (missed.complete) {
        for (const event of missed.events) {
          if (event.id <= lastId) sendOwed(event);
          else send("portfolio", event.data as LiveMessages["portfolio"] | null, event.id);
          replayed.add(event.id);
        }
      }
      else for (const id of portfolioIds) send("portfolio", { portfolioId: id, orders: null, fills: null });
    }
    // The stream's place right after its snapshot (and what it missed): a client that drops
    // before any event of its own resumes from here, not from nothing (which replays nothing).
    const field = idField(upTo);
    if (!closed && field) res.write(`${field}\n`);
    const live = held ?? [];
    held = null;
    for (const { event, late } of live) onEvent(event, late);
    // From here an owed id this hub is past (and no longer watches) has been sent or never will be.
    replayDone = true;
  } catch (error) {
    logger().error({ err: error }, "[stream] could not send the snapshot");
    close();
  }
}
