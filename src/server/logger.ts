import pino from "pino";
import { env } from "@/env";

const KEY = Symbol.for("tickerlab.logger");
type Holder = { [KEY]?: pino.Logger };

/** The server log: JSON lines on stdout (pretty output is a job for the reader, e.g. pino-pretty). */
export function logger(): pino.Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino({ level: env().LOG_LEVEL, base: { app: "tickerlab" } });
  return holder[KEY];
}
