// Types of ./pgbouncer.mjs (a plain ES module shared with scripts/test.mjs).
export declare const PGBOUNCER_INSTALL: string;
export declare function pgbouncerPath(): string | undefined;
export interface RunningPgbouncer {
  port: number;
  dir: string;
  pid: number;
  log(): string;
  /** `of` (a URL of the server) through the pooler: same user and database. */
  url(of?: string): string;
  stop(): Promise<void>;
}
export declare function startPgbouncer(options: { serverUrl: string; port?: number; poolSize?: number }): Promise<RunningPgbouncer>;
