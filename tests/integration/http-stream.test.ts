/**
 * GET /api/stream against the shared test server (its simulator ticks every 2 s):
 * 401 without a session; the SSE headers, a snapshot then live quotes; a reconnect with
 * Last-Event-ID is sent what it missed, each once (docs/decisions/078), from the place it
 * was sent right after its snapshot, and nothing it already has (decision 080); the stream
 * ends when the session is revoked (checked at the heartbeat, 3 s on the test server, one shared check of every
 * open stream: decision 083), and every stream is sent the same tick with the same id.
 */
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { Client } from "./http-client";

interface SseEvent {
  event: string;
  data: unknown;
  /** The last `id:` the stream had written when this event was read (what EventSource would send back). */
  lastId: string | undefined;
}

/** Reads server-sent events until `done` says enough (or the stream ends), then hangs up. */
async function readEvents(res: Response, done: (events: SseEvent[], raw: string[]) => boolean, timeoutMs: number, abort: AbortController) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const raw: string[] = [];
  let buffer = "";
  let ended = false;
  let lastId: string | undefined;
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    while (!done(events, raw)) {
      const chunk = await reader.read();
      if (chunk.done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        raw.push(block);
        const lines = block.split("\n");
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
        lastId = lines.find((l) => l.startsWith("id: "))?.slice(4) ?? lastId;
        if (event && data) events.push({ event, data: JSON.parse(data), lastId });
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    if (!ended) abort.abort();
  }
  return { events, raw, ended, lastId };
}

async function member() {
  const client = new Client();
  const person = { email: uniqueEmail("streamer"), password: "a good password", name: "Streamer" };
  await client.register(person);
  await client.signIn(person.email, person.password);
  return { client, person };
}

describe("live updates (/api/stream)", () => {
  it("answers 401 JSON without a session", async () => {
    const res = await new Client().request("/api/stream");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  it("streams a snapshot of quotes, then live quote events, uncompressed", async () => {
    const { client } = await member();
    const abort = new AbortController();
    const res = await client.request("/api/stream", { signal: abort.signal, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("content-encoding")).toBeNull();
    const { events, raw } = await readEvents(res, (e) => e.filter((x) => x.event === "quote").length >= 5, 10_000, abort);
    // 3 s ± 1.5 s: the streams of an instance that died come back spread out.
    expect(raw[0]).toMatch(/^retry: \d+$/);
    expect(Number(raw[0]!.slice(7))).toBeGreaterThanOrEqual(1500);
    expect(Number(raw[0]!.slice(7))).toBeLessThanOrEqual(4500);
    expect(events[0]!.event).toBe("snapshot");
    const snapshot = events[0]!.data as { quotes: Array<{ symbol: string; price: string; previousClose: string; at: string }> };
    expect(snapshot.quotes.length).toBeGreaterThanOrEqual(30);
    expect(snapshot.quotes[0]).toMatchObject({ symbol: expect.any(String), price: expect.stringMatching(/^\d+\.\d{2}$/), previousClose: expect.stringMatching(/^\d+\.\d{2}$/) });
    const quotes = events.filter((e) => e.event === "quote").map((e) => e.data as { symbol: string; price: string; previousClose: string; at: string });
    expect(quotes.length).toBeGreaterThanOrEqual(5);
    for (const q of quotes) {
      expect(q.price).toMatch(/^\d+\.\d{2}$/);
      expect(new Date(q.at).getTime()).toBeGreaterThan(0);
    }
  });

  it("sends a stream that reconnects with Last-Event-ID the portfolio messages it missed, in order and each once, then live ones", async () => {
    const { client } = await member();
    const portfolio = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const order = async (side: "buy" | "sell") => {
      const res = await client.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol: "NWRB", side, type: "market", quantity: 1 } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { order: { id: string } }).order.id;
    };
    const orderIds = (events: SseEvent[]) =>
      events.filter((e) => e.event === "portfolio").flatMap((e) => ((e.data as { orders: Array<{ id: string }> | null }).orders ?? []).map((o) => o.id));

    // Each stream is subscribed once its snapshot is out: the order that it must see live follows that.
    const orderOnSnapshot = (placed: { id?: Promise<string> }) => (events: SseEvent[]) => {
      if (!placed.id && events.some((e) => e.event === "snapshot")) placed.id = order("buy");
    };
    const first = new AbortController();
    const firstRes = await client.request("/api/stream", { signal: first.signal });
    expect(firstRes.status).toBe(200);
    const one: { id?: Promise<string> } = {};
    const before = await readEvents(firstRes, (e) => (orderOnSnapshot(one)(e), orderIds(e).length >= 1), 15_000, first);
    expect(orderIds(before.events)).toEqual([await one.id]);
    expect(before.lastId).toMatch(/^\d+$/);

    // Away: two orders nobody was sent.
    const two = await order("buy");
    const three = await order("sell");

    const again = new AbortController();
    const res = await client.request("/api/stream", { signal: again.signal, headers: { "Last-Event-ID": before.lastId! } });
    expect(res.status).toBe(200);
    const four: { id?: Promise<string> } = {};
    // The fourth is placed while the missed ones are being sent, or just after: it comes after them.
    const replaying = readEvents(res, (e) => (orderOnSnapshot(four)(e), orderIds(e).length >= 3), 15_000, again);
    const after = await replaying;
    expect(after.events[0]!.event).toBe("snapshot");
    expect(orderIds(after.events)).toEqual([two, three, await four.id]);
    const ids = after.events.filter((e) => e.event === "portfolio").map((e) => Number(e.lastId));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBeGreaterThan(Number(before.lastId));
  });

  it("sends its place right after the snapshot: a client that drops before any event of its own is sent, on reconnecting, the orders placed while it was away", async () => {
    const { client } = await member();
    const portfolio = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const first = new AbortController();
    const firstRes = await client.request("/api/stream", { signal: first.signal });
    const opened = await readEvents(firstRes, (e) => e.some((x) => x.event === "snapshot"), 15_000, first);
    // The block after the snapshot is the stream's id (before any quote or portfolio message).
    expect(opened.raw[1]).toMatch(/^event: snapshot\n/);
    expect(opened.raw[2]).toMatch(/^id: \d+$/);
    const res = await client.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } });
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { id: string } };
    const again = new AbortController();
    const resumed = await client.request("/api/stream", { signal: again.signal, headers: { "Last-Event-ID": opened.raw[2]!.slice(4) } });
    const { events } = await readEvents(resumed, (e) => e.some((x) => x.event === "portfolio"), 15_000, again);
    const sent = events.find((e) => e.event === "portfolio")!.data as { orders: Array<{ id: string }> };
    expect(sent.orders.map((o) => o.id)).toEqual([order.id]);
  });

  it("does not send a stream that resumes what its Last-Event-ID says it has (an instance whose events are behind the one it came from)", async () => {
    const { client } = await member();
    const portfolio = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const watcher = new AbortController();
    const ahead = new AbortController();
    let resumed: Promise<Awaited<ReturnType<typeof readEvents>>> | undefined;
    let placed: Promise<void> | undefined;
    const placeOrder = async () => {
      const res = await client.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } });
      expect(res.status).toBe(201);
    };
    // Once the watching stream has an id: a client sent ids far ahead of this instance's resumes
    // (everything up to there it has); once it is subscribed (its snapshot), an order is placed.
    const resume = async (position: number) => {
      const res = await client.request("/api/stream", { signal: ahead.signal, headers: { "Last-Event-ID": String(position + 100_000) } });
      expect(res.status).toBe(200);
      return readEvents(res, (e) => (!placed && e.some((x) => x.event === "snapshot") && (placed = placeOrder()), false), 30_000, ahead);
    };
    const watchingRes = await client.request("/api/stream", { signal: watcher.signal });
    // The order and three ticks after it, all below the resumed stream's id: the watching stream
    // is sent them (by the same hub, in the same step as the other would be), the resumed one nothing.
    const watched = await readEvents(
      watchingRes,
      (e) => {
        const position = e.find((x) => x.lastId !== undefined)?.lastId;
        if (!resumed && position) resumed = resume(Number(position));
        const at = e.findIndex((x) => x.event === "portfolio");
        return at >= 0 && new Set(e.slice(at).filter((x) => x.event === "quote").map((x) => x.lastId)).size >= 3;
      },
      20_000,
      watcher,
    );
    await placed;
    expect(watched.events.some((e) => e.event === "portfolio")).toBe(true);
    ahead.abort();
    const { events, raw } = await resumed!;
    expect(events.map((e) => e.event)).toEqual(["snapshot"]);
    // Its id stays the one it came with (none written: this instance is behind it).
    expect(raw.filter((block) => block.startsWith("id: "))).toEqual([]);
  });

  it("sends a stream that resumes the events its Last-Event-ID says it is still owed (ids its previous instance passed over), each once", async () => {
    const { client } = await member();
    const portfolio = (await (await client.request("/api/portfolio")).json()) as { id: string };
    const order = async () => {
      const res = await client.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { order: { id: string } }).order.id;
    };
    const orderIds = (events: SseEvent[]) =>
      events.filter((e) => e.event === "portfolio").flatMap((e) => ((e.data as { orders: Array<{ id: string }> | null }).orders ?? []).map((o) => o.id));
    // Two orders and their events' ids, as a first stream is sent them.
    const first = new AbortController();
    const firstRes = await client.request("/api/stream", { signal: first.signal });
    let placing: Promise<string[]> | undefined;
    const { events } = await readEvents(
      firstRes,
      (e) => {
        if (!placing && e.some((x) => x.event === "snapshot")) placing = (async () => [await order(), await order()])();
        return orderIds(e).length >= 2;
      },
      15_000,
      first,
    );
    const [a, b] = await placing!;
    const ids = new Map(events.filter((e) => e.event === "portfolio").map((e) => [orderIds([e])[0], Number(e.lastId)]));
    // Resumed past both, still owed the first (its previous instance had passed its id over).
    const again = new AbortController();
    const res = await client.request("/api/stream", { signal: again.signal, headers: { "Last-Event-ID": `${ids.get(b)}:${ids.get(a)}` } });
    expect(res.status).toBe(200);
    const resumed = await readEvents(res, (e) => e.filter((x) => x.event === "quote").length >= 2, 15_000, again);
    expect(orderIds(resumed.events)).toEqual([a]);
    // Sent without an id of its own; the id after it no longer lists it.
    const owedBlock = resumed.raw.findIndex((block) => block.startsWith("event: portfolio"));
    expect(resumed.raw[owedBlock]).not.toMatch(/^id: /m);
    expect(resumed.raw[owedBlock + 1]).toBe(`id: ${ids.get(b)}`);
  });

  it("ends the stream at the next heartbeat once the session is revoked", { timeout: 45_000 }, async () => {
    const { client, person } = await member();
    const abort = new AbortController();
    const res = await client.request("/api/stream", { signal: abort.signal });
    expect(res.status).toBe(200);
    const other = new Client();
    await other.signIn(person.email, person.password);
    const revoked = (async () => {
      await new Promise((r) => setTimeout(r, 500));
      expect((await other.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);
    })();
    const { events, ended } = await readEvents(res, (e) => e.some((x) => x.event === "revoked"), 25_000, abort);
    await revoked;
    expect(events.some((e) => e.event === "revoked")).toBe(true);
    expect(ended || abort.signal.aborted).toBe(true);
  });

  it("checks each person's session at the shared heartbeat: a revoked person's streams end, another person's stream goes on", { timeout: 60_000 }, async () => {
    const revokedPerson = await member();
    const other = await member();
    const opened = [revokedPerson.client, revokedPerson.client, other.client].map((client) => ({ client, abort: new AbortController() }));
    const responses = await Promise.all(opened.map(({ client, abort }) => client.request("/api/stream", { signal: abort.signal })));
    for (const res of responses) expect(res.status).toBe(200);
    const signOut = new Client();
    await signOut.signIn(revokedPerson.person.email, revokedPerson.person.password);
    expect((await signOut.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);
    const [first, second, third] = await Promise.all([
      // Read to their end (the server ends them after "revoked").
      readEvents(responses[0]!, () => false, 40_000, opened[0]!.abort),
      readEvents(responses[1]!, () => false, 40_000, opened[1]!.abort),
      // The other person's stream: its heartbeat comes (the same check ran) and it is not revoked.
      readEvents(responses[2]!, (e, raw) => raw.includes(": heartbeat") || e.some((x) => x.event === "revoked"), 40_000, opened[2]!.abort),
    ]);
    for (const read of [first, second]) {
      expect(read.events.some((e) => e.event === "revoked")).toBe(true);
      expect(read.ended).toBe(true);
    }
    expect(third.raw).toContain(": heartbeat");
    expect(third.events.some((e) => e.event === "revoked")).toBe(false);
    expect(third.ended).toBe(false);
  });

  it("sends every stream each tick's quotes followed by the tick's id, the same id on every stream", async () => {
    const streams = await Promise.all(
      [await member(), await member()].map(async ({ client }) => {
        const abort = new AbortController();
        const res = await client.request("/api/stream", { signal: abort.signal });
        expect(res.status).toBe(200);
        return { res, abort };
      }),
    );
    const reads = await Promise.all(streams.map(({ res, abort }) => readEvents(res, (e) => e.filter((x) => x.event === "quote").length >= 120, 20_000, abort)));
    // Per stream: the id block that follows each tick's quotes, with the tick's `at`.
    const ticks = reads.map(({ raw }) => {
      const byAt = new Map<string, string>();
      raw.forEach((block, i) => {
        if (!block.startsWith("event: quote") || raw[i + 1]?.startsWith("event: quote")) return;
        const at = (JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { at: string }).at;
        expect(raw[i + 1]).toMatch(/^id: \d+$/);
        byAt.set(at, raw[i + 1]!.slice(4));
      });
      return byAt;
    });
    const both = [...ticks[0]!.keys()].filter((at) => ticks[1]!.has(at)).sort();
    expect(both.length).toBeGreaterThanOrEqual(2);
    for (const at of both) expect(ticks[0]!.get(at)).toBe(ticks[1]!.get(at));
    const ids = both.map((at) => Number(ticks[0]!.get(at)));
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]!);
  });
});
