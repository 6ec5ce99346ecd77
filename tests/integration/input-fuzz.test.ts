/**
 * No input answers a 5xx (issue #10, item 4; docs/decisions/027-input-rule.md).
 *
 * Every API route and method — found by reading src/pages/api, so a new route is covered
 * without touching this file — and a sample of pages are sent NUL bytes, lone surrogates,
 * control characters, huge strings, invalid JSON, wrong types and oversize bodies, in the body,
 * the query string and the path, as a signed-out visitor, a member and an admin, on a server of
 * its own (PGlite, or a fresh PostgreSQL database with DATABASE_URL). Every answer must be
 * below 500; every error answer of our API must be our JSON error shape with
 * `Cache-Control: private, no-store` (the public OpenAPI document aside). The generators have fixed seeds and run counts.
 *
 * The fuzz itself runs in the PGlite pass only (docs/decisions/092): it tries the HTTP layer's
 * validation, which is the same code on both engines, and PGlite parses and types values as
 * PostgreSQL does; run again beside the browser suite it took 172 s of CI's longest chain. The
 * examples below, which reach the database, run on both.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin, startApp, TEST_ADMIN, type RunningApp } from "../setup/app-server";
import { HttpClient } from "../setup/http-client";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";
import { uniqueEmail } from "../factories/emails";

/** Runs per (route, method, role): the request count is reported at the end. */
const RUNS = 6;
const PAGE_RUNS = 4;
const CONCURRENCY = 4;

// ------------------------------------------------------------------ the routes

const API_DIR = path.resolve(import.meta.dirname, "../../src/pages/api");

interface Route {
  /** e.g. /api/portfolios/[id]/orders/[orderId] */
  template: string;
  methods: string[];
  /** Ours (apiRoute): errors must be our JSON shape. */
  ours: boolean;
}

function apiRoutes(): Route[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (/\.tsx?$/.test(e.name)) files.push(path.join(dir, e.name));
    }
  };
  walk(API_DIR);
  const routes: Route[] = [];
  for (const file of files.sort()) {
    const source = fs.readFileSync(file, "utf8");
    let template = `/api/${path.relative(API_DIR, file).replace(/\.tsx?$/, "").split(path.sep).join("/")}`.replace(/\/index$/, "");
    if (template.includes("[...nextauth]")) {
      // next-auth's own protocol: its routes, fuzzed too (no 5xx), though its answers are its own.
      for (const action of ["session", "csrf", "providers", "signin", "signout", "error", "callback/credentials", "signin/email", "callback/email", "_log"]) {
        routes.push({ template: template.replace("[...nextauth]", action), methods: ["GET", "POST"], ours: false });
      }
      continue;
    }
    const declared = [...source.matchAll(/\b(GET|POST|PUT|PATCH|DELETE): method\(/g)].map((m) => m[1]!);
    const ours = source.includes("apiRoute(");
    // A method the route does not take must answer 405 in our shape too.
    const methods = ours ? [...new Set([...declared, declared.includes("POST") ? "PUT" : "POST"])] : ["GET"];
    if (template === "/api/stream") template = "/api/stream";
    routes.push({ template, methods, ours });
  }
  return routes;
}

const PAGES = [
  "/",
  "/login",
  "/portfolio",
  "/portfolio/market",
  "/portfolio/instruments/[symbol]",
  "/events",
  "/events/[slug]",
  "/learn",
  "/learn/[course]",
  "/learn/[course]/[lesson]",
  "/ranking",
  "/settings",
  "/admin/courses/[id]",
  "/admin/lessons/[id]",
  "/admin/datasets/[id]",
  "/admin/events/[slug]",
  "/account/verify-email",
  "/classes",
  "/classes/[id]",
  "/classes/join",
];

// ------------------------------------------------------------------ the inputs

const HIGH = "\ud800";
const LOW = "\udfff";

/** Percent-encodes every UTF-16 unit as WTF-8, so lone surrogates and NUL reach the server as sent. */
function encode(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    let cp = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80 && /[A-Za-z0-9\-_~]/.test(String.fromCharCode(cp))) out += String.fromCharCode(cp);
    else {
      const bytes = cp < 0x80 ? [cp] : cp < 0x800 ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)] : cp < 0x10000 ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)] : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    }
  }
  return out;
}

/** Short nasty text: fits a query string or a path segment. */
const shortNasty = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", `${HIGH}`, `x${LOW}`, `${LOW}${HIGH}`, "\u0001\u001b[31m\u007f\u0085", "line\nbreak\ttab", "😀 Zoë 東京", "", " ", "'; drop table users; --", "<script>alert(1)</script>", "%00", "\\u0000", "null", "-1", "1e309", "ACME", "ZZZZ"),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constant("x".repeat(2000)),
);

const nastyString = fc.oneof(
  { arbitrary: shortNasty, weight: 12 },
  // Huge text: over every field's maximum, and over PostgreSQL's index row size.
  { arbitrary: fc.constantFrom("x".repeat(10_000), "x".repeat(200_000), `${"é".repeat(50_000)}\u0000`), weight: 1 },
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    nastyString,
    fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom("name", "symbol", "title")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Field names the routes take, so generated bodies reach their checks rather than only "unknown key". */
const KEYS = [
  "name", "sector", "symbol", "csv", "kind", "startingPrice", "drift", "volatility", "beta", "sectorLoading", "averageDailyVolume", "active",
  "title", "description", "startsAt", "endsAt", "startingCash", "visibility", "instruments", "requiredLesson", "replay", "datasets", "from", "speed", "code",
  "slug", "summary", "published", "body", "passMark", "unlocks", "questions", "options", "prompt", "text", "correct", "explanation", "ids", "answers",
  "email", "password", "newPassword", "currentPassword", "newEmail", "confirmEmail", "token", "theme", "timeZone", "leaderboardOptOut", "leagueOptOut",
  "side", "type", "quantity", "notional", "limitPrice", "stopPrice", "trailPercent", "trailAmount", "timeInForce", "role", "disabled", "board", "period", "page", "pageSize", "action", "q", "price",
  "level", "csrfToken", "callbackUrl", "json", "students", "startsOn", "endsOn", "membersMayCreateClasses",
];

/** Bodies that pass the shape check, so a nasty value in one field reaches the use-case behind it. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/admin/instruments": { symbol: "FUZZ", name: "Fuzz Corp", sector: "Technology", kind: "stock", startingPrice: "10.00", drift: 0, volatility: 0.3, beta: 0, sectorLoading: 0, averageDailyVolume: 1000 },
  "PATCH /api/admin/instruments/[symbol]": { name: "Fuzz Corp", sector: "Technology" },
  "POST /api/admin/instruments/[symbol]/corporate-actions": { kind: "dividend", exDate: "2099-01-15", amount: "0.42" },
  "POST /api/admin/datasets": { name: "Fuzz set", symbol: "FZ", sector: "Technology", csv: "date,open,high,low,close,volume\n2024-01-02,1,2,0.5,1.5,100\n" },
  "PATCH /api/admin/datasets/[id]": { sector: "Technology" },
  "POST /api/admin/events": { title: "Fuzz cup", startsAt: "2031-01-01T00:00:00Z", endsAt: "2031-01-02T00:00:00Z", startingCash: "1000.00", visibility: "public" },
  "PATCH /api/admin/events/[slug]": { title: "Fuzz cup", description: "About it" },
  "POST /api/admin/courses": { slug: "fuzz-course", title: "Fuzz course", summary: "" },
  "PATCH /api/admin/courses/[id]": { title: "Fuzz course" },
  "POST /api/admin/courses/[id]/lessons": { slug: "fuzz-lesson", title: "Fuzz lesson" },
  "PUT /api/admin/lessons/[id]": { slug: "fuzz-lesson", title: "Fuzz", body: "# Hi", passMark: 50, unlocks: null, published: false, questions: [{ prompt: "Q?", options: [{ text: "A", correct: true, explanation: "Yes" }, { text: "B", correct: false, explanation: "No" }] }] },
  "POST /api/account/register": { email: "fuzz@example.test", password: "a good password", name: "Fuzz" },
  "PATCH /api/account": { theme: "dark" },
  "POST /api/portfolios/[id]/orders": { symbol: "ACME", side: "buy", type: "market", quantity: 1 },
  "POST /api/portfolios/[id]/adjustments": { amount: "10.00", reason: "Fuzz correction" },
  "POST /api/portfolios/[id]/fills/[fillId]/reversal": { reason: "Fuzz reversal" },
  "POST /api/account/password-reset/request": { email: "fuzz@example.test" },
  "POST /api/events/[slug]/join": { code: "ABCD-EFGH" },
  "POST /api/classes": { name: "Fuzz class", startsOn: "2026-09-01", endsOn: "2027-06-30" },
  "POST /api/classes/join": { code: "ABCD-EFGH" },
  "POST /api/fair-play/flags/[id]": { decision: "warn", reason: "Fuzz review" },
  "POST /api/classes/[id]/roster": { students: [{ name: "Fuzz Student" }] },
  "PATCH /api/admin/settings": { membersMayCreateClasses: false },
  "POST /api/auth/_log": { level: "error", code: "X" },
  "POST /api/auth/signin/email": { email: "fuzz@example.test", csrfToken: "x", json: "true" },
  "POST /api/auth/callback/credentials": { email: "fuzz@example.test", password: "x", csrfToken: "x", json: "true" },
};

type Body = { kind: "json"; value: unknown } | { kind: "raw"; text: string; type: string } | { kind: "none" };

function bodyArb(key: string): fc.Arbitrary<Body> {
  const valid = VALID_BODIES[key];
  const generic = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), nastyString), nastyValue, { maxKeys: 6 }).map((value): Body => ({ kind: "json", value }));
  const arbs: Array<{ arbitrary: fc.Arbitrary<Body>; weight: number }> = [
    { arbitrary: generic, weight: 4 },
    { arbitrary: nastyValue.map((value): Body => ({ kind: "json", value })), weight: 2 },
    {
      arbitrary: fc
      .constantFrom("{", '{"name":', "nul", "[1,]", "{'a':1}", "\u0000", '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"name":"x"}garbage', "\ufeff{}", "1".repeat(400) + "e99999")
      .map((text): Body => ({ kind: "raw", text, type: "application/json" })),
      weight: 2,
    },
    { arbitrary: fc.constantFrom("a=%00&b=%ED%A0%80", "name=x").map((text): Body => ({ kind: "raw", text, type: "application/x-www-form-urlencoded" })), weight: 1 },
    { arbitrary: fc.constantFrom("hello\u0000", '{"name":"x"}').map((text): Body => ({ kind: "raw", text, type: "text/plain" })), weight: 1 },
    // Over the 1 MB limit: rare, it is the slowest request to send.
    { arbitrary: fc.constant<Body>({ kind: "raw", text: `{"name":"${"x".repeat(1_100_000)}"}`, type: "application/json" }), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: "none" }), weight: 1 },
  ];
  if (valid) {
    // The valid body with one or two fields replaced by nasty values (or wrong types).
    const mutated = fc
      .tuple(fc.constantFrom(...Object.keys(valid)), nastyValue, fc.constantFrom(...Object.keys(valid)), nastyValue, fc.boolean())
      .map(([k1, v1, k2, v2, two]): Body => ({ kind: "json", value: { ...valid, [k1]: v1, ...(two && { [k2]: v2 }) } }));
    arbs.unshift({ arbitrary: mutated, weight: 8 });
  }
  return fc.oneof(...arbs);
}

const queryArb = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), shortNasty), fc.oneof(shortNasty, fc.array(shortNasty, { maxLength: 3 })), { maxKeys: 4 });

function queryString(query: Record<string, string | string[]>): string {
  const parts = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(x)}`));
  return parts.length ? `?${parts.join("&")}` : "";
}

/** A path segment: never empty and never only dots (the URL parser would resolve those away). */
const segment = (value: string) => {
  const encoded = encode(value);
  return encoded === "" || /^\.+$/.test(value) ? `x${encoded}` : encoded;
};

// ------------------------------------------------------------------ the run

type Role = "visitor" | "member" | "admin";
const ROLES: Role[] = ["visitor", "member", "admin"];

let app: RunningApp | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const clients = {} as Record<Role, HttpClient>;
/** Real ids, offered besides nasty ones, so a generated request can reach past "not found". */
const realParams: Record<string, string[]> = { symbol: ["ACME", "TLX"], slug: [], id: [], course: [], lesson: [], orderId: [], userId: [] };
let requests = 0;
/** What went wrong, per test: each test reports its own. */
let failures = new Set<string>();

function fail(what: string) {
  failures.add(what);
}

/**
 * A path Next cannot decode (a lone surrogate sent as WTF-8 is not UTF-8) is answered by Next's
 * router with its own 400 page before any route runs: not ours to shape, and never a 5xx.
 */
function undecodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return false;
  } catch {
    return true;
  }
}

async function send(client: HttpClient, method: string, url: string, body: Body): Promise<Response | null> {
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (body.kind === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.value) ?? "null";
  } else if (body.kind === "raw") {
    headers["content-type"] = body.type;
    payload = body.text;
  }
  requests++;
  try {
    return await client.request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : payload, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    fail(`${method} ${url.slice(0, 120)}: no answer (${(error as Error).message})`);
    return null;
  }
}

async function check(route: Route, method: string, role: Role, url: string, res: Response) {
  const label = `${role} ${method} ${route.template} → ${res.status}`;
  if (route.template === "/api/stream") {
    await res.body?.cancel();
    if (res.status >= 500) fail(label);
    return;
  }
  const text = await res.text();
  if (res.status >= 500) fail(`${label} ${text.slice(0, 160)} (${url.slice(0, 100)})`);
  if (!route.ours || (res.status === 400 && undecodablePath(url))) return;
  if (res.status >= 400) {
    let error: { code?: unknown; message?: unknown } | undefined;
    try {
      error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    } catch {
      // reported below
    }
    if (typeof error?.code !== "string" || typeof error.message !== "string") fail(`${label}: not our JSON error shape: ${text.slice(0, 80)}`);
  }
  // The OpenAPI document is the one public, cacheable answer (docs/decisions/030-openapi.md).
  const cache = route.template === "/api/openapi.json" && res.status === 200 ? "public, max-age=300" : "private, no-store";
  if (res.headers.get("cache-control") !== cache) fail(`${label}: Cache-Control ${res.headers.get("cache-control")}`);
}

function paramArb(template: string) {
  const names = [...template.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
  return fc.tuple(...names.map((name) => fc.oneof(shortNasty, fc.constantFrom(...(realParams[name]?.length ? realParams[name]! : ["x"]))))).map((values) => {
    let i = 0;
    return template.replace(/\[(\w+)\]/g, () => segment(values[i++]!));
  });
}

async function pool<T>(items: T[], work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

beforeAll(async () => {
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  app = await startApp({ RATE_LIMIT_PER_IP: "100000", ...(database && { DATABASE_URL: database.url }) });
  await createTestAdmin(app.url);
  clients.visitor = new HttpClient(app.url);
  clients.member = new HttpClient(app.url);
  clients.admin = new HttpClient(app.url);
  const member = { email: uniqueEmail("fuzz"), password: "a good password", name: "Fuzz Member" };
  expect((await clients.member.register(member)).status).toBe(201);
  await clients.member.signIn(member.email, member.password);
  await clients.admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const portfolio = (await (await clients.member.request("/api/portfolio")).json()) as { id?: string; portfolio?: { id: string } };
  const portfolioId = portfolio.portfolio?.id ?? portfolio.id;
  if (portfolioId) realParams.id!.push(portfolioId);
  const courses = (await (await clients.member.request("/api/courses")).json()) as { items?: Array<{ slug: string; id: string }> } | Array<{ slug: string; id: string }>;
  const list = Array.isArray(courses) ? courses : (courses.items ?? []);
  for (const c of list.slice(0, 2)) {
    realParams.course!.push(c.slug);
    realParams.slug!.push(c.slug);
    if (c.id) realParams.id!.push(c.id);
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await dropDatabase?.();
});

describe.skipIf(onPostgres)("no input answers a 5xx", () => {
  it("answers every API route and method, for every role, below 500 and in our error shape", async () => {
    failures = new Set();
    const routes = apiRoutes();
    expect(routes.filter((r) => r.ours).length).toBeGreaterThan(50);
    const combos = routes.flatMap((route) => route.methods.flatMap((method) => ROLES.map((role) => ({ route, method, role }))));
    // Signing out (everywhere) would end the session the other combinations use.
    const runnable = combos.filter(({ route, role }) => !(role !== "visitor" && (route.template === "/api/account/sign-out-everywhere" || route.template.startsWith("/api/auth/signout"))));
    await pool(runnable, async ({ route, method, role }) => {
      const key = `${method} ${route.template}`;
      const arb = fc.record({ path: paramArb(route.template), query: queryArb, body: bodyArb(key) });
      const samples = fc.sample(arb, { numRuns: RUNS, seed: hash(`${key} ${role}`) });
      for (const sample of samples) {
        const url = `${sample.path}${queryString(sample.query as Record<string, string | string[]>)}`;
        const res = await send(clients[role], method, url, sample.body);
        if (res) await check(route, method, role, url, res);
      }
    });
    // The sessions lived through it: the signed-in combinations really ran signed in.
    expect(((await clients.member.session()).user as { email?: string } | undefined)?.email).toBeTruthy();
    expect(((await clients.admin.session()).user as { role?: string } | undefined)?.role).toBe("admin");
    console.info(`input fuzz: ${requests} API requests over ${runnable.length} route × method × role combinations`);
    expect([...failures].sort()).toEqual([]);
  }, 600_000);

  it("answers a sample of pages below 500, whatever their path and query", async () => {
    const before = requests;
    failures = new Set();
    const combos = PAGES.flatMap((page) => ROLES.map((role) => ({ page, role })));
    await pool(combos, async ({ page, role }) => {
      const arb = fc.record({ path: paramArb(page), query: queryArb });
      for (const sample of fc.sample(arb, { numRuns: PAGE_RUNS, seed: hash(`${page} ${role}`) })) {
        const url = `${sample.path}${queryString(sample.query as Record<string, string | string[]>)}`;
        const res = await send(clients[role], "GET", url, { kind: "none" });
        if (!res) continue;
        await res.body?.cancel();
        if (res.status >= 500) fail(`${role} GET ${page} → ${res.status} (${url.slice(0, 100)})`);
      }
    });
    console.info(`input fuzz: ${requests - before} page requests`);
    expect([...failures].sort()).toEqual([]);
  }, 300_000);
});

describe("the input rule, by example", () => {
  const errorOf = async (res: Response) => ({ status: res.status, cache: res.headers.get("cache-control"), body: (await res.json()) as { error: { code: string; fields?: Record<string, string> } } });

  it("refuses a NUL in a public query string with 400 INVALID_TEXT (it reached PostgreSQL and answered 500)", async () => {
    const res = await errorOf(await clients.visitor.request("/api/account/attempts?action=sign-in&email=%00"));
    expect(res).toMatchObject({ status: 400, cache: "private, no-store", body: { error: { code: "INVALID_TEXT", fields: { email: expect.any(String) } } } });
  });

  it("refuses a lone surrogate in an instrument's name before it reaches the audit log", async () => {
    const body = { ...VALID_BODIES["POST /api/admin/instruments"], symbol: "SURR", name: `Bad ${HIGH} name` };
    const res = await errorOf(await clients.admin.request("/api/admin/instruments", { method: "POST", json: body }));
    expect(res).toMatchObject({ status: 400, body: { error: { code: "INVALID_TEXT", fields: { name: expect.any(String) } } } });
  });

  it("refuses a 1 MB sector and a 1 MB name with 400, and stores neither", async () => {
    for (const field of ["sector", "name"]) {
      const body = { ...VALID_BODIES["POST /api/admin/instruments"], symbol: "HUGE", [field]: "x".repeat(1_000_000) };
      const res = await errorOf(await clients.admin.request("/api/admin/instruments", { method: "POST", json: body }));
      expect(res, field).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED", fields: { [field]: expect.stringMatching(/longer than/) } } } });
    }
    const list = (await (await clients.admin.request("/api/admin/instruments")).json()) as { items: Array<{ symbol: string }> };
    expect(list.items.map((i) => i.symbol)).not.toContain("HUGE");
  });

  it("answers invalid JSON with 400 INVALID_JSON and a body over the limit with 413, in our shape", async () => {
    const bad = await clients.visitor.request("/api/account/register", { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":' });
    expect(await errorOf(bad)).toMatchObject({ status: 400, cache: "private, no-store", body: { error: { code: "INVALID_JSON" } } });
    const big = await clients.visitor.request("/api/account/register", { method: "POST", json: { name: "x".repeat(1_100_000) } });
    expect(await errorOf(big)).toMatchObject({ status: 413, cache: "private, no-store", body: { error: { code: "PAYLOAD_TOO_LARGE" } } });
  });

  it("answers 404 for a page whose path parameter cannot exist", async () => {
    for (const page of ["/events/%00", "/learn/%00", "/learn/x/%00", "/portfolio/instruments/%00", "/admin/courses/a%00b", "/ranking?board=%00"]) {
      const res = await clients.member.request(page);
      await res.body?.cancel();
      expect(res.status, page).toBe(404);
    }
  });
});

/** A stable 32-bit seed from a label (FNV-1a). */
function hash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
