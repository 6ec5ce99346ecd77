/**
 * A stand-in for the response next-auth writes to, held until we know whether its session
 * check reached the database. next-auth answers "no session" and clears the cookie when its
 * jwt callback throws for any reason; when the reason was an outage, the held answer is
 * dropped instead of sent (docs/decisions/026). It records only what next-auth's handlers
 * call: status, headers (its cookies among them), and send/json/end.
 */
import type { ServerResponse } from "node:http";
import type { NextApiResponse } from "next";

type HeaderValue = number | string | readonly string[];

export function holdResponse() {
  const headers = new Map<string, { name: string; value: HeaderValue }>();
  let status = 200;
  let body: unknown;
  let ended = false;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.value,
    setHeader(name: string, value: HeaderValue) {
      headers.set(name.toLowerCase(), { name, value });
      return res;
    },
    send(data?: unknown) {
      body = data;
      ended = true;
    },
    json(data: unknown) {
      body = data;
      ended = true;
    },
    end() {
      ended = true;
    },
  };
  return {
    res: res as unknown as NextApiResponse,
    /** Adds the held cookies to the real response's (getServerSession writes nothing else). */
    copyCookiesTo(target: Pick<ServerResponse, "getHeader" | "setHeader">) {
      const cookies = headers.get("set-cookie")?.value;
      if (cookies === undefined) return;
      const existing = target.getHeader("Set-Cookie");
      const before = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
      target.setHeader("Set-Cookie", [...before, ...(Array.isArray(cookies) ? cookies : [String(cookies)])]);
    },
    /** Sends the held answer as next-auth wrote it. */
    replay(target: NextApiResponse) {
      target.status(status);
      for (const { name, value } of headers.values()) target.setHeader(name, value);
      if (!ended) return;
      if (body === undefined) target.end();
      else target.send(body);
    },
  };
}
