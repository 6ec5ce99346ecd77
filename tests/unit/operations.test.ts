/**
 * The pure parts of operating the app (docs/decisions/032-metrics.md): request ids, who may
 * read the metrics, the route label, readiness states, and the registry's text.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { acceptRequestId, isSaneRequestId } from "@/lib/request-id";
import { parseEnv } from "@/env";
import { metrics, statusClass } from "@/server/metrics";
import { isLoopbackRequest, metricsAccess } from "@/server/metrics-access";
import { routePatternOf } from "@/server/http/route-pattern";
import { markReady, markStarting, startState, whenStarted } from "@/server/readiness";
import { parsePrometheusText, sampleValue } from "../setup/prometheus-text";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("keeps a sane incoming id and replaces anything else with a new UUID", () => {
    expect(acceptRequestId("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    expect(acceptRequestId(["first", "second"])).toBe("first");
    for (const bad of [undefined, null, "", "x".repeat(129), "two words", "line\nbreak", "é", '{"json":1}']) {
      expect(acceptRequestId(bad)).toMatch(UUID);
    }
    expect(isSaneRequestId("x".repeat(128))).toBe(true);
    expect(acceptRequestId(undefined)).not.toBe(acceptRequestId(undefined));
  });
});

describe("who may read the metrics", () => {
  const socket = (remoteAddress: string) => ({ remoteAddress }) as IncomingMessage["socket"];
  it("counts only a direct connection from this host as loopback", () => {
    expect(isLoopbackRequest({ headers: {}, socket: socket("127.0.0.1") })).toBe(true);
    expect(isLoopbackRequest({ headers: {}, socket: socket("::1") })).toBe(true);
    expect(isLoopbackRequest({ headers: {}, socket: socket("::ffff:127.0.0.1") })).toBe(true);
    expect(isLoopbackRequest({ headers: {}, socket: socket("10.0.0.5") })).toBe(false);
    expect(isLoopbackRequest({ headers: {}, socket: socket("::ffff:10.0.0.5") })).toBe(false);
    // A reverse proxy on this host connects from loopback but forwards someone else.
    expect(isLoopbackRequest({ headers: { "x-forwarded-for": "203.0.113.7" }, socket: socket("127.0.0.1") })).toBe(false);
    expect(isLoopbackRequest({ headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.7" }, socket: socket("127.0.0.1") })).toBe(false);
    expect(isLoopbackRequest({ headers: { "x-forwarded-for": "127.0.0.1" }, socket: socket("10.0.0.5") })).toBe(false);
    // What Next itself adds when there is none: the socket's own address.
    expect(isLoopbackRequest({ headers: { "x-forwarded-for": "::ffff:127.0.0.1" }, socket: socket("::ffff:127.0.0.1") })).toBe(true);
    expect(isLoopbackRequest({ headers: {}, socket: socket("127.0.0.1.evil") })).toBe(false);
    expect(isLoopbackRequest({ headers: { forwarded: "for=203.0.113.7" }, socket: socket("127.0.0.1") })).toBe(false);
  });

  it("applies METRICS_ALLOW", () => {
    const all = { loopback: false, role: null };
    expect(metricsAccess(["open"], all)).toBe("allowed");
    expect(metricsAccess(["loopback", "admin"], { loopback: true, role: null })).toBe("allowed");
    expect(metricsAccess(["loopback", "admin"], { loopback: false, role: "admin" })).toBe("allowed");
    expect(metricsAccess(["loopback", "admin"], { loopback: false, role: "member" })).toBe("forbidden");
    expect(metricsAccess(["loopback", "admin"], all)).toBe("unauthenticated");
    expect(metricsAccess(["admin"], { loopback: true, role: null })).toBe("unauthenticated");
    expect(metricsAccess(["loopback"], { loopback: false, role: "admin" })).toBe("forbidden");
    expect(metricsAccess(["loopback"], all)).toBe("forbidden");
  });

  it("reads METRICS_ALLOW as a list, loopback and admin by default, and refuses unknown words", () => {
    expect(parseEnv({}).METRICS_ALLOW).toEqual(["loopback", "admin"]);
    expect(parseEnv({ METRICS_ALLOW: " Admin , open" }).METRICS_ALLOW).toEqual(["admin", "open"]);
    expect(() => parseEnv({ METRICS_ALLOW: "everyone" })).toThrow(/METRICS_ALLOW/);
    expect(() => parseEnv({ METRICS_ALLOW: "," })).toThrow(/METRICS_ALLOW/);
  });
});

describe("the route label", () => {
  const meta = Symbol.for("NextInternalRequestMeta");
  const req = (value: unknown) => ({ [meta]: value }) as unknown as IncomingMessage;
  it("is the matched page's pattern, never the URL, and 'unmatched' without one", () => {
    expect(routePatternOf(req({ match: { definition: { pathname: "/api/portfolios/[id]/orders", page: "/api/portfolios/[id]/orders/index" } } }))).toBe("/api/portfolios/[id]/orders");
    expect(routePatternOf(req({ match: { definition: { page: "/api/portfolios/[id]/orders/index" } } }))).toBe("/api/portfolios/[id]/orders");
    expect(routePatternOf(req(undefined))).toBe("unmatched");
    expect(routePatternOf(req({ match: {} }))).toBe("unmatched");
  });

  it("groups statuses into classes", () => {
    expect([200, 201, 204, 302, 401, 422, 500, 503].map(statusClass)).toEqual(["2xx", "2xx", "2xx", "3xx", "4xx", "4xx", "5xx", "5xx"]);
    expect(statusClass(0)).toBe("other");
  });
});

describe("readiness", () => {
  it("is starting until the start is done, then ready", () => {
    const key = Symbol.for("tickerlab.started");
    delete (globalThis as Record<symbol, unknown>)[key];
    expect(startState()).toBe("starting");
    markReady();
    expect(startState()).toBe("ready");
    delete (globalThis as Record<symbol, unknown>)[key];
  });

  it("holds every request but the probes while a start is under way (whenStarted), then lets them through at once", async () => {
    const holder = globalThis as Record<symbol, unknown>;
    const keys = [Symbol.for("tickerlab.started"), Symbol.for("tickerlab.started.gate")];
    for (const key of keys) delete holder[key];
    try {
      await expect(whenStarted()).resolves.toBeUndefined(); // no start under way (a test, a command): nothing to wait for
      markStarting();
      let through = false;
      const waiting = whenStarted().then(() => (through = true));
      await new Promise((resolve) => setImmediate(resolve)); // every settled promise has run
      expect(through).toBe(false);
      markReady();
      await waiting;
      expect(through).toBe(true);
      await expect(whenStarted()).resolves.toBeUndefined();
    } finally {
      for (const key of keys) delete holder[key];
    }
  });

  it("is stopping once the shutdown has begun (src/server/shutdown.ts owns that state)", () => {
    const shutdown = Symbol.for("tickerlab.shutdown");
    const holder = globalThis as Record<symbol, unknown>;
    const saved = holder[shutdown];
    holder[shutdown] = { shuttingDown: true, installed: false, servers: new Set(), inFlight: new Set(), streams: new Set() };
    try {
      markReady();
      expect(startState()).toBe("stopping");
    } finally {
      holder[shutdown] = saved;
      delete holder[Symbol.for("tickerlab.started")];
    }
  });
});

describe("the registry", () => {
  it("is one per process and writes text a Prometheus reader accepts", async () => {
    expect(metrics()).toBe(metrics());
    const m = metrics();
    m.ordersRejected.inc({ code: "INSUFFICIENT_FUNDS" });
    m.httpRequestSeconds.observe({ method: "POST", route: "/api/portfolios/[id]/orders", status_class: "4xx" }, 0.012);
    m.database = { kind: "postgres", pool: () => ({ total: 3, idle: 1, waiting: 2, max: 10, answeredAt: 0 }) };
    const families = parsePrometheusText(await m.registry.metrics());
    expect(sampleValue(families, "tickerlab_orders_rejected_total", { code: "INSUFFICIENT_FUNDS" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_bucket", { route: "/api/portfolios/[id]/orders", le: "0.025" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_db_pool_waiting_queries")).toBe(2);
    expect(sampleValue(families, "tickerlab_database_info", { kind: "postgres" })).toBe(1);
  });

  it("the reader refuses what is not the text format", () => {
    expect(() => parsePrometheusText("# TYPE a counter\nb 1\n")).toThrow(/no declared family/);
    expect(() => parsePrometheusText('# TYPE a counter\na{x="1} 1\n')).toThrow();
    expect(() => parsePrometheusText("# TYPE a counter\na one\n")).toThrow();
  });
});
