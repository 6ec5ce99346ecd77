import pino from "pino";
import { env } from "@/env";
import { requestContext } from "@/server/http/request-context";

const KEY = Symbol.for("tickerlab.logger");
const STARTUP_KEY = Symbol.for("tickerlab.startupLogger");
type Holder = { [KEY]?: pino.Logger; [STARTUP_KEY]?: pino.Logger };

function options(): pino.LoggerOptions {
  return {
    level: env().LOG_LEVEL,
    base: { app: "tickerlab" },
    mixin() {
      const requestId = requestContext()?.requestId;
      return requestId ? { requestId } : {};
    },
  };
}

/**
 * The server log: JSON lines on stdout (pretty output is a job for the reader, e.g. pino-pretty).
 * A line written while answering a request carries that request's `requestId` (its
 * X-Request-Id), read from the request context.
 */
export function logger(): pino.Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino(options());
  return holder[KEY];
}

/**
 * The same log, written synchronously: for the few start-up progress lines
 * (src/server/startup.ts), which must reach the terminal before the long synchronous work they
 * announce (the market's backfill) rather than after it, as pino's asynchronous writes did.
 */
export function syncLogger(): pino.Logger {
  const holder = globalThis as Holder;
  holder[STARTUP_KEY] ??= pino(options(), pino.destination({ dest: 1, sync: true }));
  return holder[STARTUP_KEY];
}
