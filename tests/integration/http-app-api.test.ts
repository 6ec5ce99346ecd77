/**
 * HTTP contract of the app's own API and pages: 401/403/405/400 JSON, the Origin check on
 * state-changing requests, the route guard, revocation on the next request, security headers.
 */
import { describe, expect, it } from "vitest";
import { appUrl, Client, signedInAdmin, signedInMember } from "./http-client";


const signedIn = (prefix = "api") => signedInMember(prefix, "Api Member");

describe("the app's API", () => {
  it("answers 401 JSON without a session, in the error shape", async () => {
    const res = await new Client().request("/api/account");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Sign in to do this." } });
  });

  it("answers an address no route serves like every API answer: 404 JSON, private, with a request id; real routes still win", async () => {
    const { client } = await signedIn();
    for (const path of ["/api/no-such-route", "/api/portfolios/abc/no-such-thing", "/api/instruments/NWRB/candles/extra"]) {
      const res = await client.request(path, { method: path.includes("portfolios") ? "POST" : "GET", json: path.includes("portfolios") ? {} : undefined });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      expect(res.headers.get("x-request-id"), path).toMatch(/\S/);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe("NOT_FOUND");
    }
    expect((await client.request("/api/instruments/NWRB/candles")).status).toBe(200);
    expect((await client.request("/api/auth/csrf")).status).toBe(200);
  });

  it("answers 401 with a bearer challenge (RFC 6750)", async () => {
    const res = await new Client().request("/api/portfolio");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="Tickerlab"');
  });

  it("answers 403 JSON to a member on an admin route", async () => {
    const { client } = await signedIn();
    for (const path of ["/api/admin/users", "/api/admin/audit"]) {
      const res = await client.request(path);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    }
  });

  it("answers 405 with Allow for a method a route does not take", async () => {
    const res = await new Client().request("/api/account/register", { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers HEAD wherever it answers GET, with the same status and headers and no body", async () => {
    for (const path of ["/api/live", "/api/ready", "/api/instruments"]) {
      const get = await new Client().request(path);
      const head = await new Client().request(path, { method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      expect(head.headers.get("cache-control"), path).toBe(get.headers.get("cache-control"));
      expect(await head.text(), path).toBe("");
    }
    // Signed out, HEAD is refused as GET is.
    expect((await new Client().request("/api/portfolio", { method: "HEAD" })).status).toBe(401);
    // A route without GET has no HEAD either; one with GET lists it.
    const post = await new Client().request("/api/account/register", { method: "HEAD" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("POST");
    const put = await new Client().request("/api/live", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD");
  });

  it("sends a large answer gzipped whole with its length to a client that accepts gzip, and as it is to one that does not", async () => {
    // decision 086: one gzip of the whole text, not Next's compression stream (chunked).
    // The instruments with their quotes (~10 kB of JSON), signed in.
    const { client } = await signedIn("gzip");
    const gzipped = await client.request("/api/instruments", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gzipped.headers.get("content-length"))).toBeGreaterThan(0);
    expect(gzipped.headers.get("transfer-encoding")).toBeNull();
    expect(gzipped.headers.get("vary")).toContain("Accept-Encoding");
    const items = ((await gzipped.json()) as { items: unknown[] }).items;
    expect(items.length).toBeGreaterThan(10);
    const plain = await client.request("/api/instruments", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toEqual(items);
    // The public API document keeps Next's ETag (and its 304).
    const document = await new Client().request("/api/openapi.json");
    const etag = document.headers.get("etag");
    expect(etag).toBeTruthy();
    // (fetch adds "Cache-Control: no-cache" to a conditional request unless it has one, and
    // no-cache rules a 304 out: a browser's revalidation sends max-age=0.)
    const again = await new Client().request("/api/openapi.json", { headers: { "if-none-match": etag!, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);
  });

  it("answers 400 with a message per invalid field", async () => {
    const res = await new Client().request("/api/account/register", { method: "POST", json: { email: "nope", password: "short" } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({
      email: "Enter a valid email address, like name@example.com.",
      password: "Use at least 8 characters.",
      name: "Enter a display name.",
    });
  });

  it("answers 409 for an address that is taken", async () => {
    const { person } = await signedIn();
    const res = await new Client().register({ ...person, name: "Again" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("EMAIL_TAKEN");
  });

  it("refuses a state-changing request from another origin (CSRF), and accepts same-origin and scripts", async () => {
    const { client } = await signedIn();
    const cross = await client.request("/api/account", { method: "PATCH", json: { theme: "dark" }, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { error: { code: string } }).error.code).toBe("CSRF_REJECTED");
    const fetchSite = await client.request("/api/account", { method: "PATCH", json: { theme: "dark" }, headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    const same = await client.request("/api/account", { method: "PATCH", json: { theme: "dark" }, headers: { origin: appUrl(), "sec-fetch-site": "same-origin" } });
    expect(same.status).toBe(200);
    const script = await client.request("/api/account", { method: "PATCH", json: { theme: "light" } });
    expect(script.status).toBe(200);
    expect(((await script.json()) as { theme: string }).theme).toBe("light");
  });

  it("ends every session at the next API request after 'sign out all devices'", async () => {
    const { client, person } = await signedIn();
    const other = new Client();
    await other.signIn(person.email, person.password);
    expect((await other.request("/api/account")).status).toBe(200);
    expect((await client.request("/api/account/sign-out-everywhere", { method: "POST" })).status).toBe(200);
    expect((await other.request("/api/account")).status).toBe(401);
    expect((await client.request("/api/account")).status).toBe(401);
  });

  it("lets an admin search people, change a role and read the audit entry; never remove the last admin", async () => {
    const adminClient = await signedInAdmin();
    const { person, id, client: memberClient } = await signedIn("promote");
    const found = (await (await adminClient.request(`/api/admin/users?q=${encodeURIComponent(person.email)}`)).json()) as { items: Array<{ id: string }>; total: number };
    expect(found.total).toBe(1);
    expect(found.items[0]!.id).toBe(id);
    const changed = await adminClient.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "admin" } });
    expect(changed.status).toBe(200);
    // The role granted reaches the person's session at their next request, without signing them out.
    expect((await memberClient.request("/api/admin/users?pageSize=1")).status).toBe(200);
    expect(((await memberClient.session()).user as { role: string }).role).toBe("admin");
    const audit = (await (await adminClient.request(`/api/admin/audit?action=admin.role-changed&personId=${id}`)).json()) as { items: Array<{ detail: { to: string } }> };
    expect(audit.items[0]!.detail.to).toBe("admin");
    // Sign-ins are audited with the client's address (the request context reaches next-auth's events).
    const signIns = (await (await adminClient.request(`/api/admin/audit?action=auth.sign-in&personId=${id}`)).json()) as { items: Array<{ ip: string | null; detail: { provider: string } }> };
    expect(signIns.items[0]).toMatchObject({ detail: { provider: "credentials" } });
    expect(signIns.items[0]!.ip).toMatch(/127\.0\.0\.1|::1/);
    const bad = await adminClient.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "owner" } });
    expect(bad.status).toBe(400);
    const paging = await adminClient.request("/api/admin/users?pageSize=1000");
    expect(paging.status).toBe(400);
  });

  it("exports the signed-in person's data as a private JSON download, with their sign-in in it", async () => {
    const { client, person } = await signedIn("export");
    const res = await client.request("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="tickerlab-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const data = (await res.json()) as { profile: { email: string }; orders: unknown[]; activity: Array<{ action: string; byThem: boolean }> };
    expect(data.profile.email).toBe(person.email);
    expect(data.orders).toEqual([]);
    expect(data.activity).toEqual(expect.arrayContaining([expect.objectContaining({ action: "auth.sign-in", byThem: true })]));
    expect((await new Client().request("/api/account/export")).status).toBe(401);
  });

  it("answers /api/health without a session", async () => {
    const res = await fetch(`${appUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { ok: true } });
  });
});

describe("the route guard and pages", () => {
  it.each(["/", "/portfolio", "/portfolio/x", "/admin", "/admin/audit", "/settings", "/events/a", "/learn", "/ranking"])(
    "sends a signed-out visitor of %s to /login with the address as callbackUrl",
    async (path) => {
      const res = await new Client().request(path);
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location")!, appUrl());
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    },
  );

  it("keeps /login open, and sends a signed-in visitor on to a same-origin callbackUrl only", async () => {
    expect((await new Client().request("/login")).status).toBe(200);
    const { client } = await signedIn();
    const onward = await client.request("/login?callbackUrl=%2Fsettings");
    expect(onward.status).toBe(307);
    expect(onward.headers.get("location")).toBe("/settings");
    const evil = await client.request(`/login?callbackUrl=${encodeURIComponent("https://evil.example/")}`);
    expect(evil.headers.get("location")).toBe("/");
  });

  it("renders the profile's theme on a device that has never seen it (no flash)", async () => {
    const { client, person } = await signedIn("theme");
    expect((await client.request("/api/account", { method: "PATCH", json: { theme: "dark" } })).status).toBe(200);
    const device = new Client();
    await device.signIn(person.email, person.password);
    const page = await device.request("/settings");
    expect(await page.text()).toMatch(/<html lang="en" data-theme="dark"/);
    expect(device.cookies.get("tl-theme")).toBe("dark");
  });

  it("hands SESSION_POLL_SECONDS to the pages at run time (not baked into the build)", async () => {
    const { client } = await signedIn("poll");
    const html = await (await client.request("/settings")).text();
    const data = JSON.parse(/<script id="__NEXT_DATA__" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as { props: { pageProps: { sessionPollSeconds: number } } };
    expect(data.props.pageProps.sessionPollSeconds).toBe(7);
  });

  it("answers a member's /admin with a 403 page", async () => {
    const { client } = await signedIn();
    const res = await client.request("/admin");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This page is for admins only");
  });

  it("on the next page load after revocation, clears the cookie and asks to sign in again (no redirect loop)", async () => {
    const { client } = await signedIn();
    await client.request("/api/account/sign-out-everywhere", { method: "POST" });
    const res = await client.request("/settings");
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!, appUrl());
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("SessionRequired");
    expect(location.searchParams.get("callbackUrl")).toBe("/settings");
    expect([...client.cookies.keys()].some((k) => k.includes("session-token"))).toBe(false);
    const login = await client.request(`${location.pathname}${location.search}`);
    expect(login.status).toBe(200);
  });

  it("serves the specification's 404 title, with security headers and a per-response nonce", async () => {
    const first = await new Client().request("/no-such-page");
    const second = await new Client().request("/no-such-page");
    expect(first.status).toBe(404);
    expect(await first.text()).toContain("This page could not be found");
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toEqual(second.headers.get("content-security-policy"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toMatch(/max-age=/);
  });
});
