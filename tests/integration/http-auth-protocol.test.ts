/**
 * HTTP contract of the specification's section 7, against the real server: every
 * /api/auth call, the CSRF double-submit, callbackUrl checks and each error path.
 */
import { describe, expect, inject, it } from "vitest";
import { waitForLink } from "../setup/mail-catcher";
import { uniqueEmail } from "../factories/emails";
import { appUrl, Client } from "./http-client";

async function member(prefix = "http") {
  const client = new Client();
  const person = { email: uniqueEmail(prefix), password: "a good password", name: "Http Member" };
  expect((await client.register(person)).status).toBe(201);
  const { url } = await client.signIn(person.email, person.password);
  expect(url.searchParams.get("error")).toBeNull();
  return { client, person };
}

describe("GET /api/auth/session", () => {
  it("answers an empty object without a session", async () => {
    const res = await new Client().request("/api/auth/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });

  it("answers the session with id, name, email and role after sign-in", async () => {
    const { client, person } = await member();
    const session = await client.session();
    expect(session.user).toMatchObject({ name: "Http Member", email: person.email, role: "member" });
    expect(typeof (session.user as { id: string }).id).toBe("string");
    expect(typeof session.expires).toBe("string");
  });
});

describe("GET /api/auth/csrf and /api/auth/providers", () => {
  it("hands out a CSRF token bound to a cookie", async () => {
    const client = new Client();
    const token = await client.csrfToken();
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    expect([...client.cookies.keys()].some((k) => k.includes("csrf-token"))).toBe(true);
  });

  it("lists credentials and email with their types", async () => {
    const providers = (await (await new Client().request("/api/auth/providers")).json()) as Record<string, { type: string }>;
    expect(providers.credentials?.type).toBe("credentials");
    expect(providers.email?.type).toBe("email");
    expect(Object.keys(providers)).not.toContain("github");
  });
});

describe("POST /api/auth/callback/credentials", () => {
  it("answers the callbackUrl on success", async () => {
    const { client, person } = await member();
    const { status, url } = await client.signIn(person.email, person.password, `${appUrl()}/settings`);
    expect(status).toBe(200);
    expect(url.toString()).toBe(`${appUrl()}/settings`);
  });

  it("puts CredentialsSignin in the url for a wrong password and for an unknown address alike", async () => {
    const { person } = await member();
    const wrong = await new Client().signIn(person.email, "not the password");
    const unknown = await new Client().signIn(uniqueEmail("nobody"), "not the password");
    expect(wrong.url.searchParams.get("error")).toBe("CredentialsSignin");
    expect(unknown.url.searchParams.get("error")).toBe("CredentialsSignin");
    expect(wrong.url.pathname).toBe(unknown.url.pathname);
  });

  it("refuses a missing or wrong CSRF token (csrf=true in the url, no session)", async () => {
    const { person } = await member();
    for (const csrfToken of [undefined, "f".repeat(64)]) {
      const client = new Client();
      await client.csrfToken();
      const form: Record<string, string> = { email: person.email, password: person.password, callbackUrl: `${appUrl()}/`, json: "true" };
      if (csrfToken) form.csrfToken = csrfToken;
      const res = await client.request("/api/auth/callback/credentials", { method: "POST", form });
      const { url } = (await res.json()) as { url: string };
      expect(new URL(url).searchParams.get("csrf")).toBe("true");
      expect(await client.session()).toEqual({});
    }
  });

  it.each(["https://evil.example/phish", "//evil.example/x", "javascript:alert(document.cookie)"])(
    "never sends the browser to %s after sign-in",
    async (callbackUrl) => {
      const { client, person } = await member();
      const { url } = await client.signIn(person.email, person.password, callbackUrl);
      expect(url.origin).toBe(appUrl());
      expect(url.pathname).toBe("/");
    },
  );

  it("limits attempts per address and answers TooManyAttempts with Retry-After", async () => {
    const { person } = await member("limited");
    for (let i = 0; i < 3; i++) expect((await new Client().signIn(person.email, "wrong password")).status).toBe(401);
    const client = new Client();
    const csrfToken = await client.csrfToken();
    const res = await client.request("/api/auth/callback/credentials", {
      method: "POST",
      form: { email: person.email, password: person.password, csrfToken, callbackUrl: `${appUrl()}/`, json: "true" },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(new URL(((await res.json()) as { url: string }).url).searchParams.get("error")).toBe("TooManyAttempts");
    const wait = (await (await client.request(`/api/account/attempts?action=sign-in&email=${encodeURIComponent(person.email)}`)).json()) as { retryAfterSeconds: number };
    expect(wait.retryAfterSeconds).toBeGreaterThan(14 * 60);
  });
});

describe("POST /api/auth/signin/email", () => {
  it("mails a link that signs the person in, and answers next-auth's verify-request address", async () => {
    const client = new Client();
    const csrfToken = await client.csrfToken();
    const email = uniqueEmail("link");
    const res = await client.request("/api/auth/signin/email", {
      method: "POST",
      form: { email, csrfToken, callbackUrl: `${appUrl()}/settings`, json: "true" },
    });
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.pathname).toBe("/api/auth/verify-request");
    const page = await client.request(`${url.pathname}${url.search}`);
    const location = new URL(page.headers.get("location")!, appUrl());
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("sent")).toBe("email");

    const link = await waitForLink(inject("mailDir"), email, /http:\/\/[^\s"<>]+\/api\/auth\/callback\/email\?[^\s"<>]+/);
    const callback = await client.request(new URL(link).pathname + new URL(link).search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${appUrl()}/settings`);
    expect(((await client.session()).user as { email: string }).email).toBe(email);
    // The link works once.
    const again = await new Client().request(new URL(link).pathname + new URL(link).search);
    expect(new URL(again.headers.get("location")!, appUrl()).searchParams.get("error")).toBe("Verification");
  });
});

describe("POST /api/auth/session (the update call)", () => {
  it("changes the display name, and never the role or id", async () => {
    const { client } = await member();
    const before = (await client.session()).user as { id: string };
    const csrfToken = await client.csrfToken();
    const res = await client.request("/api/auth/session", {
      method: "POST",
      json: { csrfToken, data: { name: "Renamed", role: "admin", id: "attacker" } },
    });
    expect(res.status).toBe(200);
    const after = (await client.session()).user as { id: string; name: string; role: string };
    expect(after).toMatchObject({ id: before.id, name: "Renamed", role: "member" });
  });

  it("ignores an update without the CSRF token", async () => {
    const { client } = await member();
    await client.request("/api/auth/session", { method: "POST", json: { data: { name: "Sneaky" } } });
    expect(((await client.session()).user as { name: string }).name).toBe("Http Member");
  });
});

describe("POST /api/auth/signout", () => {
  it("answers a url and ends the session", async () => {
    const { client } = await member();
    expect(await client.session()).not.toEqual({});
    const csrfToken = await client.csrfToken();
    const res = await client.request("/api/auth/signout", {
      method: "POST",
      form: { csrfToken, callbackUrl: `${appUrl()}/login`, json: "true" },
    });
    expect(((await res.json()) as { url: string }).url).toBe(`${appUrl()}/login`);
    expect(await client.session()).toEqual({});
  });
});

describe("POST /api/auth/_log", () => {
  it("accepts the client's error reports and refuses anything else", async () => {
    const client = new Client();
    const ok = await client.request("/api/auth/_log", { method: "POST", form: { level: "error", code: "CLIENT_FETCH_ERROR", message: "x" } });
    expect(ok.status).toBe(200);
    const bad = await client.request("/api/auth/_log", { method: "POST", form: { level: "constructor", code: "X" } });
    expect(bad.status).toBe(400);
  });

  it("bounds them per IP (never an unbounded write to the log)", async () => {
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await client.request("/api/auth/_log", { method: "POST", form: { level: "error", code: "CLIENT_SESSION_ERROR" } })).status);
    }
    expect(statuses).toContain(429);
  });
});

describe("sign-in and error pages", () => {
  it("sends /api/auth/signin to /login with its error and callbackUrl", async () => {
    const res = await new Client().request("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fsettings");
    const location = new URL(res.headers.get("location")!, appUrl());
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("SessionRequired");
    // next-auth makes it absolute; /login accepts both forms, same origin only.
    expect(location.searchParams.get("callbackUrl")).toBe(`${appUrl()}/settings`);
  });

  it("reads a callbackUrl next-auth cannot take as \"/\" instead of answering 500 (found by the input fuzz)", async () => {
    for (const [method, path] of [["POST", "signin"], ["GET", "session"], ["GET", "csrf"], ["POST", "signout"], ["GET", "providers"]] as const) {
      for (const callbackUrl of ["abc", "1e309"]) {
        const res = await new Client().request(`/api/auth/${path}?callbackUrl=${callbackUrl}`, { method });
        await res.body?.cancel();
        expect(res.status, `${method} ${path}?callbackUrl=${callbackUrl}`).toBeLessThan(500);
      }
    }
    const twice = await new Client().request("/api/auth/session?callbackUrl=abc&callbackUrl=%2F");
    expect(twice.status).toBe(200);
  });

  it("sends /api/auth/error to our error page, which explains the code", async () => {
    const client = new Client();
    const res = await client.request("/api/auth/error?error=Verification");
    const location = new URL(res.headers.get("location")!, appUrl());
    expect(location.pathname).toBe("/auth/error");
    const page = await client.request(`${location.pathname}${location.search}`);
    expect(await page.text()).toContain("That sign-in link is no longer valid");
  });

  it.each([
    ["CredentialsSignin", "That email or username and password do not match"],
    ["OAuthAccountNotLinked", "already has an account here"],
    ["SessionRequired", "Please sign in to see that page"],
    ["MissingSecretError", "no secret configured"],
    ["InvalidCallbackUrl", "not part of this site"],
  ])("/login?error=%s shows a human message", async (code, text) => {
    const html = await (await new Client().request(`/login?error=${code}`)).text();
    expect(html).toContain(text);
  });
});
