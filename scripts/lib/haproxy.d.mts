// Types of ./haproxy.mjs (a plain ES module shared with the fault test and bench/cluster.ts).
export declare const HAPROXY_INSTALL: string;
export declare function haproxyPath(): string | undefined;
export interface HaproxyBackend {
  name: string;
  host: string;
  port: number;
}
export declare function haproxyConfig(options: { port: number; backends: HaproxyBackend[]; checkMs?: number; maxconn?: number; servedByHeader?: boolean }): string;
export interface RunningHaproxy {
  port: number;
  url: string;
  dir: string;
  pid: number;
  servers: HaproxyBackend[];
  log(): string;
  /** Settles when the process has exited (an exit not asked by stop() is printed on stderr). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}
export declare function startHaproxy(options: { port?: number; backends: Array<string | { name: string; url: string }>; checkMs?: number; servedByHeader?: boolean; maxconn?: number }): Promise<RunningHaproxy>;
