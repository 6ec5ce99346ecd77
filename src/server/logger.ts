import pino from "pino";
import { env } from "@/env";
import { requestContext } from "@/server/http/request-context";

const KEY = Symbol.for("tickerlab.logger");
type Holder = { [KEY]?: pino.Logger };

/**
 * The server log: JSON lines on stdout (pretty output is a job for the reader, e.g. pino-pretty).
 * A line written while answering a request carries that request's `requestId` (its
 * X-Request-Id), read from the request context.
 */
export function logger(): pino.Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino({
    level: env().LOG_LEVEL,
    base: { app: "tickerlab" },
    mixin() {
      const requestId = requestContext()?.requestId;
      return requestId ? { requestId } : {};
    },
  });
  return holder[KEY];
}
