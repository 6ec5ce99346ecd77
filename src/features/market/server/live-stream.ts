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
import { findUserById } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { sendError } from "@/server/http/api-route";
import { whenStarted } from "@/server/readiness";
import { portfolioIdsOf } from "@/features/trading";
import { getHub, type LiveEvent, portfolioTopic, QUOTES_TOPIC } from "@/server/realtime/hub";
import { logger } from "@/server/logger";
import { metrics } from "@/server/metrics";
import { requestIdFor } from "@/server/http/request-context";
import { endOnShutdown, isShuttingDown } from "@/server/shutdown";
import type { LiveMessages, LiveMessageType, QuoteView } from "@/lib/live-messages";
import { listInstruments } from "./queries";


/**
 * A tick's quotes as SSE text, built once per tick and shared by every subscriber (the hub
 * hands them all the same array): with 1,000 open pages, serialising per socket and writing
 * one chunk per quote was most of the fan-out's cost (bench/sse.ts).
 */
const encoded = new WeakMap<readonly QuoteView[], string>();
function encodedQuotes(quotes: readonly QuoteView[]): string {
  let text = encoded.get(quotes);
  if (text === undefined) {
    text = quotes.map((quote) => `event: quote\ndata: ${JSON.stringify(quote)}\n\n`).join("");
    encoded.set(quotes, text);
  }
  return text;
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

export const HEARTBEAT_MS = 15_000;
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
    // The quotes' text is shared by every stream; the tick's id follows in a block of its own
    // (EventSource takes an id from a block without data).
    const field = idField(id);
    res.write(field ? `${encodedQuotes(quotes)}${field}\n` : encodedQuotes(quotes));
  };

  const close = () => {
    if (closed) return;
    closed = true;
    forgetOnShutdown();
    metrics().liveStreams.dec();
    clearInterval(heartbeat);
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
  const followPortfolios = async () => {
    for (const id of await portfolioIdsOf(await getDb(), userId)) {
      if (!closed && !unsubscribes.has(id)) unsubscribes.set(id, hub.subscribe(portfolioTopic(id), onEvent));
    }
  };
  const heartbeat = setInterval(() => {
    void (async () => {
      try {
        const row = await findUserById(await getDb(), userId);
        if (!row || row.disabledAt || row.tokenVersion !== tokenVersion) {
          send("revoked", { reason: "Your session has ended." });
          close();
          return;
        }
        if (closed) return;
        res.write(": heartbeat\n\n");
        await followPortfolios();
      } catch (error) {
        logger().warn({ err: error }, "[stream] heartbeat failed");
      }
    })();
  }, HEARTBEAT_MS);

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
