/**
 * A database outage never signs anyone out (issue 10 item 3, docs/decisions/026), against a
 * real server whose PostgreSQL connection runs through a TCP proxy this test takes down and
 * brings back. While it is down: API calls answer 503 SERVICE_UNAVAILABLE with Retry-After,
 * next-auth's session call too, pages show the "retrying" state (503, not the sign-in page),
 * and no answer touches the session cookie. When it returns: the same cookies work again
 * without a restart, and a real sign-out still clears the cookie as before.
 *
 * PostgreSQL only: PGlite lives inside the server process and cannot go away on its own. CI
 * runs it in the integration pass on PostgreSQL (.ci/run).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_REFRESH_SECONDS } from "@/server/auth/options";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/db/unavailable";
import { uniqueEmail } from "../factories/emails";
import { startApp, type RunningApp } from "../setup/app-server";
import { reissuedAgo, SESSION_COOKIE } from "../setup/session-token";
import { chromiumAvailable, launchBrowser } from "../setup/browser";
import { onPostgres } from "../setup/db";
import { HttpClient } from "../setup/http-client";
import { createServerDatabase } from "../setup/server-database";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";

const OUTAGE_MS = 10_000;

function sessionCookiesSet(res: Response): string[] {
  return res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

describe.runIf(onPostgres)("a database outage (PostgreSQL through a proxy the test takes down)", () => {
  let proxy: TcpProxy;
  let app: RunningApp;
  let dropDatabase: () => Promise<void> = async () => {};
  let person: { email: string; password: string; name: string };

  beforeAll(async () => {
    const database = (await createServerDatabase())!;
    dropDatabase = database.drop;
    const upstream = new URL(database.url);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    // A short session poll: the browser test sees an open page meet the outage quickly.
    app = await startApp({ DATABASE_URL: proxied.toString(), SESSION_POLL_SECONDS: "2" });
    person = { email: uniqueEmail("outage"), password: "a good password", name: "Outage Person" };
    const client = new HttpClient(app.url);
    expect((await client.register(person)).status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await proxy?.up();
    await app?.stop();
    await proxy?.close();
    await dropDatabase();
  });

  async function signedIn(): Promise<HttpClient> {
    const client = new HttpClient(app.url);
    const { url } = await client.signIn(person.email, person.password);
    expect(url.searchParams.get("error")).toBeNull();
    expect(client.cookies.get(SESSION_COOKIE)).toBeTruthy();
    return client;
  }

  it("answers 503 without touching the cookie for 10 s, then the same cookies work again with no restart", { timeout: 120_000 }, async () => {
    const client = await signedIn();
    const fresh = client.cookies.get(SESSION_COOKIE)!;
    const old = await reissuedAgo(fresh, SESSION_REFRESH_SECONDS + 60);
    const get = (path: string, token: string) => fetch(`${app.url}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` }, redirect: "manual" });
    const calls = {
      "GET /api/account": () => get("/api/account", fresh),
      "GET /api/account (cookie due for refresh)": () => get("/api/account", old),
      "GET /api/auth/session": () => get("/api/auth/session", fresh),
      "GET /portfolio (page)": () => get("/portfolio", fresh),
      "GET /login (signed in)": () => get("/login", fresh),
    };
    for (const call of Object.values(calls)) expect([200, 307]).toContain((await call()).status);

    const seen: Record<string, Record<number, number>> = {};
    let cookiesTouched = 0;
    const samples = new Map<string, Response>();
    const round = async (phase: "down" | "after") =>
      Promise.all(
        Object.entries(calls).map(async ([name, call]) => {
          const res = await call();
          const key = `${phase}: ${name}`;
          seen[key] ??= {};
          seen[key][res.status] = (seen[key][res.status] ?? 0) + 1;
          if (phase === "down") {
            cookiesTouched += sessionCookiesSet(res).length;
            if (!samples.has(name)) samples.set(name, res);
            else await res.arrayBuffer();
          } else await res.arrayBuffer();
          return res.status;
        }),
      );

    await proxy.down();
    const downAt = Date.now();
    while (Date.now() - downAt < OUTAGE_MS) await round("down");
    await proxy.up();
    const upAt = Date.now();
    // Until every call answers as it did before the outage.
    for (;;) {
      const statuses = await round("after");
      if (statuses.every((s) => s === 200 || s === 307)) break;
      if (Date.now() - upAt > 30_000) throw new Error(`No recovery 30 s after the database returned: ${JSON.stringify(seen)}`);
    }
    const recoveredMs = Date.now() - upAt;
    console.info(`[outage] ${OUTAGE_MS / 1000} s outage: ${JSON.stringify({ statuses: seen, sessionCookiesTouched: cookiesTouched, recoveredMsAfterDatabaseReturned: recoveredMs })}`);

    // While it was down: nothing but 503, and no session cookie set or cleared.
    for (const [key, counts] of Object.entries(seen)) if (key.startsWith("down:")) expect(Object.keys(counts), key).toEqual(["503"]);
    expect(cookiesTouched).toBe(0);
    for (const name of ["GET /api/account", "GET /api/account (cookie due for refresh)", "GET /api/auth/session"]) {
      const res = samples.get(name)!;
      expect(res.headers.get("retry-after"), name).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.headers.get("cache-control"), name).toBe("private, no-store");
      expect(await res.json(), name).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/database/) } });
    }
    for (const name of ["GET /portfolio (page)", "GET /login (signed in)"]) {
      const res = samples.get(name)!;
      expect(res.headers.get("location"), name).toBeNull();
      expect(res.headers.get("retry-after"), name).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await res.text(), name).toMatch(/Tickerlab can(&#x27;|')t reach its database/);
    }

    // Signing in meanwhile is told why, in next-auth's {url} answer (the database was still down here).
    await proxy.down();
    const other = new HttpClient(app.url);
    const csrfToken = await other.csrfToken();
    const signIn = await other.request("/api/auth/callback/credentials", {
      method: "POST",
      form: { email: person.email, password: person.password, csrfToken, callbackUrl: `${app.url}/`, json: "true" },
    });
    expect(signIn.status).toBe(503);
    expect(new URL(((await signIn.json()) as { url: string }).url).searchParams.get("error")).toBe("DatabaseUnavailable");
    expect(other.cookies.has(SESSION_COOKIE)).toBe(false);
    await proxy.up();

    // Back by itself: the server was not restarted, and the cookies it never cleared still work.
    expect(recoveredMs).toBeLessThan(15_000);
    const account = await get("/api/account", fresh);
    expect(account.status).toBe(200);
    expect(sessionCookiesSet(account)).toEqual([]);
    const refreshed = await get("/api/account", old);
    expect(refreshed.status).toBe(200);
    expect(sessionCookiesSet(refreshed)).toHaveLength(1); // the sliding refresh, as before the outage
    expect(await (await get("/api/auth/session", fresh)).json()).toMatchObject({ user: { email: person.email } });
    expect((await get("/portfolio", fresh)).status).toBe(200);
  });

  it("still signs out a revoked session, on both session paths, once it can check", { timeout: 60_000 }, async () => {
    const client = await signedIn();
    const fresh = client.cookies.get(SESSION_COOKIE)!;
    const old = await reissuedAgo(fresh, SESSION_REFRESH_SECONDS + 60);
    expect((await client.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);
    for (const token of [fresh, old]) {
      const res = await fetch(`${app.url}/api/account`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(res.status).toBe(401);
      expect(sessionCookiesSet(res).join()).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    }
    const session = await fetch(`${app.url}/api/auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${fresh}` } });
    expect(await session.json()).toEqual({});
    expect(sessionCookiesSet(session).join()).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it.skipIf(!chromiumAvailable())("shows an open page and a new one the calm retrying state, then comes back by itself", { timeout: 120_000 }, async () => {
    const client = await signedIn();
    const context = await launchBrowser();
    const shots = path.join(process.cwd(), "tests", ".artifacts");
    fs.mkdirSync(shots, { recursive: true });
    try {
      await context.addCookies([{ name: SESSION_COOKIE, value: client.cookies.get(SESSION_COOKIE)!, url: app.url }]);
      const page = await context.newPage();
      const outage = page.getByRole("status").filter({ hasText: "Tickerlab can't reach its database — retrying" });
      await page.goto(`${app.url}/portfolio`);
      await page.getByRole("navigation", { name: "Sections" }).waitFor();

      // An open page meets the outage at its next session poll: it stays, signed in, and says so.
      await proxy.down();
      await outage.waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe("/portfolio");

      // A page opened during the outage: 503 and the same state, at desktop and phone width.
      const res = await page.goto(`${app.url}/learn`);
      expect(res?.status()).toBe(503);
      await outage.waitFor();
      await page.screenshot({ path: path.join(shots, "outage-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(shots, "outage-390.png"), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Keyboard: "Try now" is reached with Tab and runs a try with Enter (the database is still down).
      const tryNow = page.getByRole("button", { name: "Try now" });
      for (let i = 0; i < 10 && !(await tryNow.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect.poll(() => tryNow.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await outage.waitFor();
      expect(new URL(page.url()).pathname).toBe("/learn");

      // The database returns: the page reloads itself into the real page, still signed in.
      await page.setViewportSize({ width: 1280, height: 860 }); // where the sections are shown, not behind "Menu"
      await proxy.up();
      await page.getByRole("navigation", { name: "Sections" }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe("/learn");
      expect(await outage.count()).toBe(0);
      const cookies = await context.cookies(app.url);
      expect(cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
    } finally {
      await proxy.up();
      await context.close();
    }
  });
});
