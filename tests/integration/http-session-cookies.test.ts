/**
 * What a signed-in request costs on the wire, against the real server: an API call on a
 * valid session is only read (no Set-Cookie), an old cookie is re-issued once, a revoked or
 * broken one is refused and cleared; API answers carry the security headers without the
 * pages' per-request nonce, because the proxy does not run on /api (docs/decisions/022).
 */
import { describe, expect, it } from "vitest";
import { SESSION_REFRESH_SECONDS } from "@/server/auth/options";
import { uniqueEmail } from "../factories/emails";
import { decodeSessionToken } from "@/server/auth/jwt";
import { TEST_SERVER_SECRET } from "../setup/app-server";
import { reissuedAgo, SESSION_COOKIE } from "../setup/session-token";
import { appUrl, Client } from "./http-client";


async function signedIn() {
  const client = new Client();
  const person = { email: uniqueEmail("cookies"), password: "a good password", name: "Cookie Person" };
  expect((await client.register(person)).status).toBe(201);
  expect((await client.signIn(person.email, person.password)).url.searchParams.get("error")).toBeNull();
  return { client, person, token: client.cookies.get(SESSION_COOKIE)! };
}

/** A request carrying the session cookie alone, as a script would send it. */
function withCookie(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${appUrl()}${path}`, { ...init, headers: { ...init.headers, cookie: `${SESSION_COOKIE}=${token}` }, redirect: "manual" });
}

function sessionCookiesSet(res: Response): string[] {
  return res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

describe("API answers", () => {
  it.each(["/api/health", "/api/auth/csrf", "/api/auth/session", "/api/auth/providers", "/api/account"])(
    "%s carries the security headers and a fixed policy without a nonce (the proxy did not run)",
    async (path) => {
      const res = await fetch(`${appUrl()}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=/);
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/nonce-/);
    },
  );

  it("next-auth's sign-out page (the one HTML answer under /api) keeps its styles and form", async () => {
    const res = await fetch(`${appUrl()}/api/auth/signout`);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<form[^>]+action="[^"]*\/api\/auth\/signout"/);
    expect(res.headers.get("content-security-policy")).toMatch(/style-src 'unsafe-inline'.*form-action 'self'/);
  });

  it("pages still get a fresh nonce per answer from the proxy", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${appUrl()}/login`);
      const html = await res.text();
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("a signed-in request", () => {
  it("on a valid session sends no Set-Cookie: the session is read, not re-issued", async () => {
    const { client, token } = await signedIn();
    for (const path of ["/api/account", "/api/health", "/api/watchlist"]) {
      const res = await withCookie(path, token);
      expect(res.status, path).toBe(200);
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
    // With every cookie a browser holds, and on a server-rendered page, too.
    const api = await client.request("/api/account");
    expect(api.status).toBe(200);
    expect(sessionCookiesSet(api)).toEqual([]);
    const page = await client.request("/settings");
    expect(page.status).toBe(200);
    expect(sessionCookiesSet(page)).toEqual([]);
  });

  it("answers the session's real expiry on a page, not one slid forward", async () => {
    const { client, token } = await signedIn();
    const { exp } = (await decodeSessionToken({ token, secret: TEST_SERVER_SECRET }))!;
    const html = await (await client.request("/settings")).text();
    expect(html).toContain(`"expires":"${new Date(Number(exp) * 1000).toISOString()}"`);
  });

  it("with a cookie older than the refresh interval gets it re-issued once, then no more", async () => {
    const { token } = await signedIn();
    const old = await reissuedAgo(token, SESSION_REFRESH_SECONDS + 60);
    const res = await withCookie("/api/account", old);
    expect(res.status).toBe(200);
    const [fresh] = sessionCookiesSet(res);
    expect(fresh).toMatch(/Expires=/);
    const value = fresh!.slice(SESSION_COOKIE.length + 1).split(";")[0]!;
    const renewed = (await decodeSessionToken({ token: value, secret: TEST_SERVER_SECRET }))!;
    expect(Math.abs(Number(renewed.iat) - Date.now() / 1000)).toBeLessThan(60);
    expect(renewed.uid).toBeTruthy();
    const again = await withCookie("/api/account", value);
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    // Younger than the interval: only read.
    const recent = await withCookie("/api/account", await reissuedAgo(token, SESSION_REFRESH_SECONDS - 120));
    expect(recent.status).toBe(200);
    expect(sessionCookiesSet(recent)).toEqual([]);
  });

  it("after 'sign out all devices' gets 401 and its cookie cleared, on an API call and on a page", async () => {
    const { client, person, token } = await signedIn();
    const other = new Client();
    await other.signIn(person.email, person.password);
    const otherToken = other.cookies.get(SESSION_COOKIE)!;
    expect((await client.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);

    const api = await withCookie("/api/account", token);
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    expect(sessionCookiesSet(api)).toEqual([expect.stringMatching(/^next-auth\.session-token=; Max-Age=0/)]);

    const page = await withCookie("/settings", otherToken);
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/^\/login\?error=SessionRequired/);
    expect(sessionCookiesSet(page)).toEqual([expect.stringMatching(/^next-auth\.session-token=; Max-Age=0/)]);
  });

  it("with a cookie that does not decrypt gets 401 and the cookie cleared", async () => {
    const res = await withCookie("/api/account", "not-a-token");
    expect(res.status).toBe(401);
    expect(sessionCookiesSet(res)).toEqual([expect.stringMatching(/Max-Age=0/)]);
  });

  it("without a cookie gets 401 and no Set-Cookie at all", async () => {
    const res = await fetch(`${appUrl()}/api/account`);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
