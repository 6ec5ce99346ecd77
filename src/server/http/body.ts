/**
 * The request body, read by apiRoute itself (every route turns Next's body parser off with
 * `export const config = { api: { bodyParser: false } }`), so that a body that is too large or
 * not JSON is answered in our error shape (413 PAYLOAD_TOO_LARGE, 400 INVALID_JSON) rather
 * than with Next's plain text. The semantics are Next's: JSON for application/json (and
 * +json), a form for application/x-www-form-urlencoded, the text itself otherwise; an empty
 * body is {} for JSON, as Next has it.
 */
import type { IncomingMessage } from "node:http";
import querystring from "node:querystring";

/** Next's default limit, kept. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: "INVALID_JSON" | "PAYLOAD_TOO_LARGE",
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = (limit: number) => new BodyError(413, "PAYLOAD_TOO_LARGE", `The request body is over ${Math.floor(limit / 1024).toLocaleString("en-US")} KB.`);

async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function readBody(req: IncomingMessage, limit = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const raw = await readRaw(req, limit);
  const type = (req.headers["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  const isJson = type === "application/json" || type.endsWith("+json");
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    if (isJson) throw new BodyError(400, "INVALID_JSON", "The request body is not valid UTF-8.");
    text = raw.toString("utf8");
  }
  if (isJson) {
    if (text.trim() === "") return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BodyError(400, "INVALID_JSON", "The request body is not valid JSON.");
    }
  }
  if (type === "application/x-www-form-urlencoded") return { ...querystring.decode(text) };
  return raw.length === 0 ? undefined : text;
}
