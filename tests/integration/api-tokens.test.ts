/**
 * Personal API tokens through the real server: created by a signed-in browser session and
 * shown once, listed with last use, `Authorization: Bearer` on the JSON routes its scopes
 * allow (403 outside them, never account management, never /api/auth/*), 401 once revoked,
 * expired, disabled or signed out everywhere, its own rate limit (429 + Retry-After), the
 * admin scope for admins only, and a cookie sent beside the token ignored (docs/decisions/031).
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Scope = "read" | "trade" | "admin";
interface Created {
  id: string;
  token: string;
  prefix: string;
  scopes: Scope[];
  expiresAt: string;
  lastUsedAt: string | null;
  state: string;
}
interface Listed extends Omit<Created, "token"> {
  name: string;
}

const json = async <T>(res: Response) => (await res.json()) as T;
const codeOf = async (res: Response) => (await json<{ error: { code: string } }>(res)).error.code;

const signedIn = (prefix = "tok") => signedInMember(prefix, "Token Person");

async function createToken(client: Client, body: { name?: string; scopes: Scope[]; expiresInDays?: number }) {
  const res = await client.request("/api/account/tokens", { method: "POST", json: { name: "script", expiresInDays: 30, ...body } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return json<Created>(res);
}

async function listTokens(client: Client) {
  const res = await client.request("/api/account/tokens");
  expect(res.status).toBe(200);
  return (await json<{ items: Listed[] }>(res)).items;
}

/** A script: no cookies, only the token. */
function bearer(token: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const client = new Client();
  return client.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
}

async function practicePortfolioId(token: string) {
  const res = await bearer(token, "/api/portfolio");
  expect(res.status).toBe(200);
  return (await json<{ id: string }>(res)).id;
}

describe("personal API tokens", () => {
  it("are created by a signed-in person, shown once, stored only as a hash, and listed with their last use", async () => {
    const { client } = await signedIn();
    const created = await createToken(client, { name: "rebalancer", scopes: ["read"] });
    expect(created.token).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 10));
    expect(created).toMatchObject({ scopes: ["read"], state: "active", lastUsedAt: null });
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    const before = await listTokens(client);
    expect(before).toEqual([expect.objectContaining({ id: created.id, name: "rebalancer", prefix: created.prefix, lastUsedAt: null, state: "active" })]);
    // Shown once: the list never carries the secret.
    expect(JSON.stringify(before)).not.toContain(created.token);
    expect(JSON.stringify(before)).not.toContain(created.token.slice(10));

    expect((await bearer(created.token, "/api/portfolio")).status).toBe(200);
    const [after] = await listTokens(client);
    expect(after!.lastUsedAt).not.toBeNull();
    expect(Math.abs(Date.parse(after!.lastUsedAt!) - Date.now())).toBeLessThan(60_000);
  });

  it("act as their owner: the same user as the cookie session, no Set-Cookie, no CSRF check", async () => {
    const { client, id } = await signedIn();
    const { token } = await createToken(client, { scopes: ["read", "trade"] });
    const viaCookie = await json<{ id: string; email: string }>(await client.request("/api/account"));
    const res = await bearer(token, "/api/account");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await json<{ id: string; email: string }>(res)).toEqual(viaCookie);
    expect(viaCookie.id).toBe(id);
    // A state-changing request marked cross-site is still the token's: it carries no ambient credential.
    const portfolioId = await practicePortfolioId(token);
    const placed = await bearer(token, `/api/portfolios/${portfolioId}/orders`, {
      method: "POST",
      json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(placed.status).toBe(201);
  });

  it("answer 403 outside their scopes", async () => {
    const { client } = await signedIn();
    const read = (await createToken(client, { scopes: ["read"] })).token;
    const trade = (await createToken(client, { scopes: ["trade"] })).token;
    const portfolioId = await practicePortfolioId(read);
    const order = { symbol: "NWRB", side: "buy", type: "market", quantity: 1 };

    const refused = await bearer(read, `/api/portfolios/${portfolioId}/orders`, { method: "POST", json: order });
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe("INSUFFICIENT_SCOPE");
    for (const path of ["/api/portfolio", "/api/instruments", `/api/portfolios/${portfolioId}/orders`]) {
      const res = await bearer(trade, path);
      expect(res.status, path).toBe(403);
      expect(await codeOf(res)).toBe("INSUFFICIENT_SCOPE");
    }
    const placed = await bearer(trade, `/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { ...order, type: "limit", limitPrice: "1.00" } });
    expect(placed.status).toBe(201);
    const orderId = (await json<{ order: { id: string } }>(placed)).order.id;
    expect((await bearer(read, `/api/portfolios/${portfolioId}/orders/${orderId}`, { method: "DELETE" })).status).toBe(403);
    expect((await bearer(trade, `/api/portfolios/${portfolioId}/orders/${orderId}`, { method: "DELETE" })).status).toBe(200);
    // Admin routes need the admin scope, which a member's token cannot have.
    const admin = await bearer(read, "/api/admin/users");
    expect(admin.status).toBe(403);
    expect(await codeOf(admin)).toBe("INSUFFICIENT_SCOPE");
  });

  it("can never manage the account: password, email, deletion, tokens, export, sign-out-everywhere", async () => {
    const { client, person } = await signedIn();
    const { token } = await createToken(client, { scopes: ["read", "trade"] });
    const attempts: Array<[string, string, unknown?]> = [
      ["POST", "/api/account/password", { currentPassword: person.password, newPassword: "another good password" }],
      ["POST", "/api/account/email", { newEmail: uniqueEmail("new"), currentPassword: person.password }],
      ["DELETE", "/api/account", { confirmEmail: person.email }],
      ["PATCH", "/api/account", { theme: "dark" }],
      ["GET", "/api/account/tokens"],
      ["POST", "/api/account/tokens", { name: "more", scopes: ["read"], expiresInDays: 30 }],
      ["GET", "/api/account/export"],
      ["POST", "/api/account/sign-out-everywhere"],
      ["POST", "/api/account/resend-verification"],
    ];
    for (const [method, path, body] of attempts) {
      const res = await bearer(token, path, { method, ...(body !== undefined && { json: body }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await codeOf(res)).toBe("TOKEN_NOT_ALLOWED");
    }
    const revokeOwn = await bearer(token, `/api/account/tokens/${(await listTokens(client))[0]!.id}`, { method: "DELETE" });
    expect(revokeOwn.status).toBe(403);
    // The password still works and the token still does: nothing above happened.
    expect((await new Client().signIn(person.email, person.password)).url.searchParams.get("error")).toBeNull();
    expect((await bearer(token, "/api/portfolio")).status).toBe(200);
    expect(await listTokens(client)).toHaveLength(1);
  });

  it("are never a session on /api/auth/*", async () => {
    const { client } = await signedIn();
    const { token } = await createToken(client, { scopes: ["read", "trade"] });
    const session = await bearer(token, "/api/auth/session");
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({});
  });

  it("answer 401 once revoked, and only their owner can revoke them (audited)", async () => {
    const { client, id } = await signedIn();
    const created = await createToken(client, { name: "to revoke", scopes: ["read"] });
    expect((await bearer(created.token, "/api/portfolio")).status).toBe(200);

    const stranger = await signedIn("stranger");
    expect((await stranger.client.request(`/api/account/tokens/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await bearer(created.token, "/api/portfolio")).status).toBe(200);

    expect((await client.request(`/api/account/tokens/${created.id}`, { method: "DELETE" })).status).toBe(204);
    const res = await bearer(created.token, "/api/portfolio");
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe("INVALID_TOKEN");
    expect((await listTokens(client))[0]).toMatchObject({ id: created.id, state: "revoked" });
    expect((await client.request(`/api/account/tokens/${created.id}`, { method: "DELETE" })).status).toBe(404);

    const adminClient = await signedInAdmin();
    const audit = await json<{ items: Array<{ action: string; detail: Record<string, unknown> }> }>(
      await adminClient.request(`/api/admin/audit?personId=${id}&pageSize=50`),
    );
    const actions = audit.items.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["account.api-token-created", "account.api-token-revoked"]));
    expect(JSON.stringify(audit.items)).not.toContain(created.token);
  });

  it("answer 401 for anything that is not a working token, cookie or not", async () => {
    const { client } = await signedIn();
    for (const value of ["Bearer tlk_notarealtoken", "Bearer nonsense", "Bearer", "bearer   "]) {
      const res = await client.request("/api/portfolio", { headers: { authorization: value } });
      expect(res.status, value).toBe(401);
      expect(await codeOf(res)).toBe("INVALID_TOKEN");
      // RFC 6750: the challenge says the token was the problem, not a missing sign-in.
      expect(res.headers.get("www-authenticate"), value).toBe('Bearer realm="Tickerlab", error="invalid_token"');
    }
    // A token beside a cookie: the token alone decides, so a read token cannot trade on the cookie's strength.
    const { token } = await createToken(client, { scopes: ["read"] });
    const portfolioId = await practicePortfolioId(token);
    const res = await client.request(`/api/portfolios/${portfolioId}/orders`, {
      method: "POST",
      json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("INSUFFICIENT_SCOPE");
  });

  it("have their own rate limit: 429 with Retry-After, per token", async () => {
    const { client } = await signedIn();
    const busy = (await createToken(client, { scopes: ["read"] })).token;
    const other = (await createToken(client, { scopes: ["read"] })).token;
    // The test server allows 40 requests a minute per token (tests/setup/app-server.ts).
    let limited: Response | undefined;
    for (let i = 0; i < 45 && !limited; i++) {
      const res = await bearer(busy, "/api/instruments");
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited, "no 429 within 45 requests").toBeDefined();
    expect(await codeOf(limited!)).toBe("RATE_LIMITED");
    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await bearer(other, "/api/instruments")).status).toBe(200);
    // The owner's browser session is not limited by the token's budget.
    expect((await client.request("/api/instruments")).status).toBe(200);
  });

  it("stop when their owner signs out all devices", async () => {
    const { client } = await signedIn();
    const { token } = await createToken(client, { scopes: ["read"] });
    expect((await bearer(token, "/api/portfolio")).status).toBe(200);
    expect((await client.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);
    expect((await bearer(token, "/api/portfolio")).status).toBe(401);
  });

  it("stop when an admin disables the account, and stay stopped after it is enabled again", async () => {
    const { client, id } = await signedIn();
    const { token } = await createToken(client, { scopes: ["read"] });
    expect((await bearer(token, "/api/portfolio")).status).toBe(200);
    const adminClient = await signedInAdmin();
    expect((await adminClient.request(`/api/admin/users/${id}`, { method: "PATCH", json: { disabled: true } })).status).toBe(200);
    expect((await bearer(token, "/api/portfolio")).status).toBe(401);
    expect((await adminClient.request(`/api/admin/users/${id}`, { method: "PATCH", json: { disabled: false } })).status).toBe(200);
    expect((await bearer(token, "/api/portfolio")).status).toBe(401);
  });

  it("carry the admin scope only for admins", async () => {
    const { client } = await signedIn();
    const refused = await client.request("/api/account/tokens", { method: "POST", json: { name: "x", scopes: ["read", "admin"], expiresInDays: 7 } });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(refused)).error.fields.scopes).toMatch(/admins/);
    expect(await listTokens(client)).toEqual([]);

    const adminClient = await signedInAdmin();
    const adminToken = (await createToken(adminClient, { scopes: ["admin"] })).token;
    const readToken = (await createToken(adminClient, { scopes: ["read"] })).token;
    expect((await bearer(adminToken, "/api/admin/users")).status).toBe(200);
    expect((await bearer(readToken, "/api/admin/users")).status).toBe(403);
    // admin is its own scope: it does not include read.
    expect((await bearer(adminToken, "/api/portfolio")).status).toBe(403);
  });

  it("refuse names, scopes and expiries out of range", async () => {
    const { client } = await signedIn();
    for (const body of [
      { name: "", scopes: ["read"], expiresInDays: 30 },
      { name: "x", scopes: [], expiresInDays: 30 },
      { name: "x", scopes: ["everything"], expiresInDays: 30 },
      { name: "x", scopes: ["read"], expiresInDays: 0 },
      { name: "x", scopes: ["read"], expiresInDays: 366 },
    ]) {
      const res = await client.request("/api/account/tokens", { method: "POST", json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await new Client().request("/api/account/tokens")).status).toBe(401);
  });

  // The server's clock cannot be moved from here: on PostgreSQL the test ages the token in
  // the server's own database; on PGlite only the server holds it (the in-process test in
  // api-tokens-expiry.test.ts covers expiry there).
  it.runIf(Boolean(inject("appDatabaseUrl")))("answer 401 once expired", async () => {
    const { client } = await signedIn();
    const created = await createToken(client, { scopes: ["read"] });
    expect((await bearer(created.token, "/api/portfolio")).status).toBe(200);
    const db = new pg.Client({ connectionString: inject("appDatabaseUrl") });
    await db.connect();
    try {
      await db.query("update api_tokens set expires_at = now() - interval '1 second' where id = $1", [created.id]);
    } finally {
      await db.end();
    }
    const res = await bearer(created.token, "/api/portfolio");
    expect(res.status).toBe(401);
    expect((await listTokens(client))[0]).toMatchObject({ id: created.id, state: "expired" });
  });
});
