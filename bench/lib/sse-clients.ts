/**
 * One client process of bench/sse.ts: opens its share of GET /api/stream connections (raw
 * sockets, so that parsing costs the clients little: each reads only the `at` of a tick's first
 * quote) and reports, per tick, the latency each stream saw. Driven over IPC by the bench:
 *
 *   → { type: "open", host, port, cookies, count }   ← { type: "opened", count, failed }
 *   → { type: "report", since }                       ← { type: "report", streams, ticks: { [at]: ms[] } }
 *   → { type: "close" }                               ← { type: "closed" }
 *
 * Latency: the moment a stream's socket delivered the first quote of a tick, minus that tick's
 * `at` (stamped by the server when the tick starts); server and clients share the clock.
 */
import net from "node:net";

interface Stream {
  socket: net.Socket;
  /** A tick's `at` → ms from it to this stream's first quote of it. */
  seen: Map<string, number>;
}

let streams: Stream[] = [];

const SNAPSHOT = "event: snapshot";
const QUOTE = "event: quote";
const AT = '"at":"';

/** Opens one stream; resolves once its snapshot arrived (or rejects on anything but a 200). */
function open(host: string, port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    const stream: Stream = { socket, seen: new Map() };
    let ready = false;
    let head = true;
    // The end of the previous chunk: a marker split across two reads is still found.
    let tail = "";
    socket.setNoDelay(true);
    socket.on("connect", () => {
      socket.write(`GET /api/stream HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`);
    });
    socket.on("data", (chunk: Buffer) => {
      const received = Date.now();
      const text = tail + chunk.toString("latin1");
      // A fresh copy of the end, not a slice: a slice would keep this text (and through it every earlier chunk) alive.
      const last = Buffer.from(chunk.subarray(Math.max(0, chunk.length - 400))).toString("latin1");
      if (head) {
        head = false;
        if (!text.startsWith("HTTP/1.1 200")) {
          reject(new Error(`stream: ${text.slice(0, text.indexOf("\r\n"))}`));
          socket.destroy();
          return;
        }
      }
      if (!ready && text.includes(SNAPSHOT)) {
        ready = true;
        resolve(stream);
      }
      // Every quote's `at` (a tick's quotes share one; a chunk may hold two ticks when a stream fell behind).
      for (let quote = text.indexOf(QUOTE); quote >= 0; quote = text.indexOf(QUOTE, quote + QUOTE.length)) {
        const at = text.indexOf(AT, quote);
        const end = at < 0 ? -1 : text.indexOf('"', at + AT.length);
        if (end < 0) break;
        const stamp = text.slice(at + AT.length, end);
        if (!stream.seen.has(stamp)) stream.seen.set(stamp, received - Date.parse(stamp));
      }
      tail = last;
    });
    socket.on("error", (error) => {
      if (!ready) reject(error);
    });
    socket.on("close", () => {
      if (!ready) reject(new Error("stream closed before its snapshot"));
    });
  });
}

process.on("message", (message: { type: string; host?: string; port?: number; cookies?: string[]; count?: number; since?: string }) => {
  void (async () => {
    if (message.type === "open") {
      const { host, port, cookies, count } = message as { host: string; port: number; cookies: string[]; count: number };
      let failed = 0;
      // 50 at a time: each open checks the session and sends a snapshot.
      for (let i = 0; i < count; i += 50) {
        const batch = await Promise.allSettled(Array.from({ length: Math.min(50, count - i) }, (_, j) => open(host, port, cookies[(i + j) % cookies.length]!)));
        for (const result of batch) {
          if (result.status === "fulfilled") streams.push(result.value);
          else {
            failed += 1;
            if (failed <= 3) console.error(`[sse client ${process.pid}] ${String(result.reason)}`);
          }
        }
      }
      process.send!({ type: "opened", count: streams.length, failed });
    } else if (message.type === "report") {
      const ticks: Record<string, number[]> = {};
      for (const stream of streams) {
        for (const [at, ms] of stream.seen) if (at > message.since!) (ticks[at] ??= []).push(ms);
      }
      process.send!({ type: "report", streams: streams.length, ticks });
    } else if (message.type === "close") {
      const closing = streams.map((s) => new Promise<void>((resolve) => {
        if (s.socket.destroyed) resolve();
        else {
          s.socket.once("close", () => resolve());
          s.socket.destroy();
        }
      }));
      streams = [];
      await Promise.all(closing);
      process.send!({ type: "closed" });
    } else if (message.type === "exit") {
      process.exit(0);
    }
  })();
});
process.on("disconnect", () => process.exit(0));
