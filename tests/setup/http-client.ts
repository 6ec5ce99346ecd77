/** A tiny cookie-keeping HTTP client for contract tests and benchmarks against the real server. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  async request(path: string, init: RequestInit & { form?: Record<string, string>; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const send = () => fetch(`${this.base}${path}`, { ...init, headers, body, redirect: "manual" });
    const method = (init.method ?? "GET").toUpperCase();
    // A read that meets the keep-alive race (the server closes an idle connection as the client
    // reuses it; more likely on a loaded machine) is asked once more on a new connection. A
    // server that is down or crashed fails the second time too; writes are never sent twice.
    const res = await send().catch((error: unknown) => {
      if ((method === "GET" || method === "HEAD") && isSocketReset(error) && !init.signal?.aborted) return send();
      throw error;
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  async csrfToken(): Promise<string> {
    const res = await this.request("/api/auth/csrf");
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Credentials sign-in exactly as next-auth's client posts it. */
  async signIn(email: string, password: string, callbackUrl = `${this.base}/`) {
    const csrfToken = await this.csrfToken();
    const res = await this.request("/api/auth/callback/credentials", {
      method: "POST",
      form: { email, password, csrfToken, callbackUrl, json: "true" },
    });
    const { url } = (await res.json()) as { url: string };
    return { status: res.status, url: new URL(url) };
  }

  async register(person: { email: string; password: string; name: string }) {
    return this.request("/api/account/register", { method: "POST", json: person });
  }

  async session(): Promise<Record<string, unknown>> {
    return (await (await this.request("/api/auth/session")).json()) as Record<string, unknown>;
  }
}

/** fetch's "fetch failed" for a connection the other side closed or reset (undici's socket error). */
function isSocketReset(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return error instanceof TypeError && (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET");
}
