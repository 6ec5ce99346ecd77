/**
 * An API answer's JSON is gzipped whole when the client accepts gzip and it is 1 kB or more
 * (src/server/http/json-answer.ts, docs/decisions/086); otherwise it goes out as Next's own
 * `json()` would send it.
 */
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GZIP_FROM_BYTES, sendJson } from "@/server/http/json-answer";
import { recordedResponse } from "../setup/recorded-response";

/** A response that records what was sent, its Cache-Control set as apiRoute sets it. */
function recorder(cacheControl = "private, no-store") {
  const { answer, res } = recordedResponse();
  res.setHeader("Cache-Control", cacheControl);
  return { sent: answer, res };
}

const big = { items: Array.from({ length: 60 }, (_, i) => ({ rank: i + 1, name: `Trader ${i}`, value: "0.0123" })) };
const small = { ok: true };

describe("an API answer's JSON", () => {
  it("is gzipped whole, with its length and encoding, when the client accepts gzip and it is 1 kB or more", () => {
    expect(JSON.stringify(big).length).toBeGreaterThanOrEqual(GZIP_FROM_BYTES);
    const { sent, res } = recorder();
    sendJson({ headers: { "accept-encoding": "gzip, deflate, br" } }, res, 200, big);
    expect(sent.status).toBe(200);
    expect(sent.headers).toMatchObject({ "content-encoding": "gzip", "content-type": "application/json; charset=utf-8", vary: "Accept-Encoding", "content-length": String(sent.bytes!.length) });
    expect(JSON.parse(gunzipSync(sent.bytes!).toString("utf8"))).toEqual(big);
  });

  it("goes out as text below 1 kB, and as Next's json() when gzip is not accepted (absent, or refused with q=0) or the answer may be cached (Next's ETag)", () => {
    const cacheable = recorder("public, max-age=300");
    sendJson({ headers: { "accept-encoding": "gzip" } }, cacheable.res, 200, big);
    expect(cacheable.sent).toMatchObject({ body: big, bytes: undefined });
    const first = recorder();
    sendJson({ headers: { "accept-encoding": "gzip" } }, first.res, 201, small);
    expect(first.sent).toMatchObject({ status: 201, text: JSON.stringify(small), bytes: undefined });
    expect(first.sent.headers["content-encoding"]).toBeUndefined();
    for (const headers of [{}, { "accept-encoding": "gzip;q=0, deflate" }, { "accept-encoding": "identity" }]) {
      const { sent, res } = recorder();
      sendJson({ headers }, res, 200, big);
      expect(sent).toMatchObject({ status: 200, body: big, bytes: undefined });
      expect(sent.headers["content-encoding"]).toBeUndefined();
      expect(sent.headers.vary).toBe("Accept-Encoding");
    }
  });
});
