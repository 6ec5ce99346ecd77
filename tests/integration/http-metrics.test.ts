/**
 * Operating the app (issue #12, "Operating it"), over real HTTP against its own server:
 * GET /api/metrics in Prometheus text (the families after an order and a rejected order, the
 * route pattern as label, never the URL), who may read it (loopback or an admin), X-Request-Id
 * on API, page and error answers and on the server's log lines of that request, and the
 * readiness check beside the liveness one.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin, startApp, TEST_ADMIN, type RunningApp } from "../setup/app-server";
import { HttpClient } from "../setup/http-client";
import { parsePrometheusText, sampleValue, type Family } from "../setup/prometheus-text";
import { createServerDatabase } from "../setup/server-database";
import { uniqueEmail } from "../factories/emails";

let app: RunningApp;
let dropDatabase: (() => Promise<void>) | undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What a request through a reverse proxy carries: such a request is not "from this host". */
const PROXIED = { "x-forwarded-for": "203.0.113.7" };

beforeAll(async () => {
  // Its own database on PostgreSQL (DATABASE_URL set), else PGlite in the server's own folder.
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  // debug: apiRoute and the pages write an access line per request, which carries the request id.
  app = await startApp({ LOG_LEVEL: "debug", MARKET_TICK_MS: "300", ...(database && { DATABASE_URL: database.url }) });
  await createTestAdmin(app.url);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await dropDatabase?.();
});

async function member() {
  const client = new HttpClient(app.url);
  const person = { email: uniqueEmail("metrics"), password: "a good password", name: "Metrics Member" };
  expect((await client.register(person)).status).toBe(201);
  await client.signIn(person.email, person.password);
  return client;
}

async function scrape(client = new HttpClient(app.url)): Promise<Map<string, Family>> {
  const res = await client.request("/api/metrics");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

/** Scrapes until `check` holds (the jobs run on their own clocks). */
async function scrapeUntil(check: (families: Map<string, Family>) => boolean, what: string): Promise<Map<string, Family>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const families = await scrape();
    if (check(families)) return families;
    if (Date.now() > deadline) throw new Error(`The metrics never showed ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function logLinesWith(requestId: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(app.logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.requestId === requestId);
}

async function waitForLogLine(requestId: string, msg: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = logLinesWith(requestId);
    if (lines.some((l) => l.msg === msg)) return lines;
    if (Date.now() > deadline) throw new Error(`No "${msg}" line with requestId ${requestId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("GET /api/metrics", () => {
  it("counts an order and a rejected order, under the route's pattern, with the jobs, streams and database", async () => {
    const client = await member();
    const portfolio = await client.request("/api/portfolio");
    const { id } = (await portfolio.json()) as { id: string };
    const placed = await client.request(`/api/portfolios/${id}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } });
    expect(placed.status).toBe(201);
    const rejected = await client.request(`/api/portfolios/${id}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 100_000 } });
    expect(rejected.status).toBe(422);

    const families = await scrape();
    const route = "/api/portfolios/[id]/orders";
    expect(families.get("tickerlab_http_request_duration_seconds")?.type).toBe("histogram");
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_count", { route, method: "POST", status_class: "2xx" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_count", { route, method: "POST", status_class: "4xx" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_count", { route: "/api/portfolio", method: "GET", status_class: "2xx" })).toBeGreaterThanOrEqual(1);
    // Bounded labels: no raw URL (the portfolio's id) in any label.
    const routes = new Set(families.get("tickerlab_http_request_duration_seconds")!.samples.map((s) => s.labels.route));
    expect([...routes].filter((r) => r === undefined || r.includes(id) || r === "unmatched")).toEqual([]);

    expect(families.get("tickerlab_orders_placed_total")?.type).toBe("counter");
    expect(sampleValue(families, "tickerlab_orders_placed_total", { outcome: "filled" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_orders_placed_total", { outcome: "rejected" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_orders_rejected_total", { code: "INSUFFICIENT_FUNDS" })).toBeGreaterThanOrEqual(1);

    const kind = families.get("tickerlab_database_info")!.samples[0]!.labels.kind;
    expect(["pglite", "postgres"]).toContain(kind);
    // A pool only on PostgreSQL; PGlite has one connection and reports none.
    if (kind === "postgres") {
      expect(sampleValue(families, "tickerlab_db_pool_max_connections")).toBeGreaterThan(0);
      expect(sampleValue(families, "tickerlab_db_pool_connections")).toBeGreaterThan(0);
      expect(sampleValue(families, "tickerlab_db_pool_waiting_queries")).toBeGreaterThanOrEqual(0);
    } else expect(sampleValue(families, "tickerlab_db_pool_connections")).toBeUndefined();
    expect(sampleValue(families, "process_cpu_seconds_total")).toBeGreaterThan(0);

    // The jobs: simulator ticks (every 300 ms here) and the scheduler's first run of its tasks.
    await scrapeUntil(
      (f) =>
        (sampleValue(f, "tickerlab_simulator_ticks_total", { outcome: "ok" }) ?? 0) > 0 &&
        (sampleValue(f, "tickerlab_simulator_tick_duration_seconds_count") ?? 0) > 0 &&
        (sampleValue(f, "tickerlab_scheduler_task_duration_seconds_count", { task: "equity-snapshots", outcome: "ok" }) ?? 0) > 0,
      "simulator ticks and scheduler tasks",
    );

    // Live streams: one open, then closed.
    const before = sampleValue(await scrape(), "tickerlab_sse_subscribers") ?? 0;
    const abort = new AbortController();
    const stream = await fetch(`${app.url}/api/stream`, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }, signal: abort.signal });
    expect(stream.status).toBe(200);
    await scrapeUntil((f) => sampleValue(f, "tickerlab_sse_subscribers") === before + 1, "the open stream");
    abort.abort();
    await scrapeUntil((f) => sampleValue(f, "tickerlab_sse_subscribers") === before, "the stream closed");
    // Requests that go away early, some while their session is checked, leave no stream behind.
    // (A stream started after its client had left never ended, its heartbeat querying every 15 s
    // for ever: seen with 2,000 streams through HAProxy, decision 080. The window is a session
    // check's few milliseconds here, so this guards the behaviour rather than proving that case.)
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const gone = new AbortController();
        const answer = fetch(`${app.url}/api/stream`, { headers: { cookie }, signal: gone.signal }).then((r) => r.body?.cancel(), () => undefined);
        setTimeout(() => gone.abort(), i % 20);
        await answer;
      }),
    );
    await scrapeUntil((f) => sampleValue(f, "tickerlab_sse_subscribers") === before, "every abandoned stream closed");
  });

  it("answers this host (loopback) and admins; 401 to others without a session, 403 to members", async () => {
    expect((await new HttpClient(app.url).request("/api/metrics")).status).toBe(200);

    const anonymous = await new HttpClient(app.url).request("/api/metrics", { headers: PROXIED });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");

    const forbidden = await (await member()).request("/api/metrics", { headers: PROXIED });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");

    const admin = new HttpClient(app.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const allowed = await admin.request("/api/metrics", { headers: PROXIED });
    expect(allowed.status).toBe(200);
    expect(parsePrometheusText(await allowed.text()).has("tickerlab_orders_placed_total")).toBe(true);
 
    // A scraper with a personal API token: only one with the admin scope.
    const tokenWith = async (scopes: string[]) => {
      const res = await admin.request("/api/account/tokens", { method: "POST", json: { name: "scraper", expiresInDays: 30, scopes } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { token: string }).token;
    };
    const scrapeWith = (token: string) => new HttpClient(app.url).request("/api/metrics", { headers: { ...PROXIED, authorization: `Bearer ${token}` } });
    expect((await scrapeWith(await tokenWith(["read", "admin"]))).status).toBe(200);
    const readOnly = await scrapeWith(await tokenWith(["read"]));
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { error: { code: string } }).error.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("times every API answer, also those a handler writes itself and a 405", async () => {
    await scrape();
    expect((await new HttpClient(app.url).request("/api/account/register", { method: "GET" })).status).toBe(405);
    const families = await scrape();
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_count", { route: "/api/metrics", method: "GET", status_class: "2xx" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "tickerlab_http_request_duration_seconds_count", { route: "/api/account/register", method: "GET", status_class: "4xx" })).toBeGreaterThanOrEqual(1);
  });
});

describe("X-Request-Id", () => {
  it("is on API answers, success and error, and on the log lines of that request", async () => {
    const ok = await new HttpClient(app.url).request("/api/health");
    expect(ok.headers.get("x-request-id")).toMatch(UUID);

    const mine = `test-${randomUUID()}`;
    const unauthenticated = await new HttpClient(app.url).request("/api/account", { headers: { "x-request-id": mine } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("x-request-id")).toBe(mine);
    const lines = await waitForLogLine(mine, "[api] answered");
    expect(lines.find((l) => l.msg === "[api] answered")).toMatchObject({ route: "/api/account", status: 401 });

    const client = await member();
    const notFound = await client.request(`/api/portfolios/${randomUUID()}/orders`);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-request-id")).toMatch(UUID);

    // One that is not sane (too long, or with spaces) is replaced, never echoed.
    for (const bad of ["x".repeat(200), "has spaces in it"]) {
      const res = await new HttpClient(app.url).request("/api/health", { headers: { "x-request-id": bad } });
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
    // next-auth's routes too.
    const session = await new HttpClient(app.url).request("/api/auth/session", { headers: { "x-request-id": mine } });
    expect(session.headers.get("x-request-id")).toBe(mine);
  });

  it("is on page answers — a page, a redirect of the guard, a 404 — and on the page's log lines", async () => {
    const mine = `page-${randomUUID()}`;
    const login = await new HttpClient(app.url).request("/login", { headers: { "x-request-id": mine } });
    expect(login.status).toBe(200);
    expect(login.headers.get("x-request-id")).toBe(mine);
    await waitForLogLine(mine, "[page] props ready");

    const guarded = await new HttpClient(app.url).request("/portfolio");
    expect([302, 307]).toContain(guarded.status);
    expect(guarded.headers.get("x-request-id")).toMatch(UUID);

    const missing = await new HttpClient(app.url).request("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toMatch(UUID);

    const bad = await new HttpClient(app.url).request("/login", { headers: { "x-request-id": "not sane!" } });
    expect(bad.headers.get("x-request-id")).toMatch(UUID);
  });
});

describe("liveness and readiness", () => {
  it("answers 200 once started, beside the liveness check and the database check", async () => {
    const ready = await new HttpClient(app.url).request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    const live = await new HttpClient(app.url).request("/api/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "live" });
    expect((await new HttpClient(app.url).request("/api/health")).status).toBe(200);
  });

  it("reads no credentials on the probes: a bad token or cookie is neither refused nor cleared", async () => {
    // On /api/health (not a probe) the same token is a 401, and the cookie is checked and cleared.
    expect((await fetch(`${app.url}/api/health`, { headers: { authorization: "Bearer tlk_not-a-token" } })).status).toBe(401);
    const cleared = await fetch(`${app.url}/api/health`, { headers: { cookie: "next-auth.session-token=not-a-session" } });
    expect(cleared.headers.getSetCookie().join()).toMatch(/next-auth\.session-token=;/);
    for (const path of ["/api/live", "/api/ready"]) {
      const token = await fetch(`${app.url}${path}`, { headers: { authorization: "Bearer tlk_not-a-token" } });
      expect(token.status, path).toBe(200);
      const cookie = await fetch(`${app.url}${path}`, { headers: { cookie: "next-auth.session-token=not-a-session" } });
      expect(cookie.status, path).toBe(200);
      expect(cookie.headers.getSetCookie(), path).toEqual([]);
    }
  });
});
