/**
 * A route handler called in process, as Next would call it, with a response that records what
 * was sent: the status, the headers, and the body through whichever call sent it (`json()` an
 * object, `send()` a text, `end()` bytes). For unit tests of apiRoute and its helpers.
 */
import type { NextApiRequest, NextApiResponse } from "next";

export interface Recorded {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** What `json()` was given. */
  body: unknown;
  /** What `send()` was given. */
  text?: string;
  /** What `end()` was given. */
  bytes?: Buffer;
}

export function recordedResponse(): { answer: Recorded; res: NextApiResponse } {
  const answer: Recorded = { status: 200, headers: {}, body: undefined, text: undefined, bytes: undefined };
  const res = {
    headersSent: false,
    statusCode: 200,
    getHeader: (name: string) => answer.headers[name.toLowerCase()],
    setHeader(name: string, value: string | number) {
      answer.headers[name.toLowerCase()] = String(value);
      return res;
    },
    status(code: number) {
      answer.status = code;
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      res.headersSent = true;
      return res;
    },
    send(text: string) {
      answer.text = text;
      res.headersSent = true;
      return res;
    },
    end(bytes?: Buffer) {
      answer.bytes = bytes;
      res.headersSent = true;
      return res;
    },
  };
  return { answer, res: res as unknown as NextApiResponse };
}

/** Calls `handler` with a bare request from localhost and answers what it sent. */
export async function callRoute(
  handler: (req: NextApiRequest, res: NextApiResponse) => unknown,
  request: { method: string; url?: string; headers?: Record<string, string> },
): Promise<Recorded> {
  const { answer, res } = recordedResponse();
  const req = { method: request.method, url: request.url ?? "/api/probe", headers: { host: "localhost", ...request.headers }, query: {}, body: undefined, socket: { remoteAddress: "127.0.0.1" } };
  await handler(req as unknown as NextApiRequest, res);
  return answer;
}
