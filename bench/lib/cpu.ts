/**
 * CPU time of processes from /proc (Linux; 0 elsewhere or once a process is gone): the benches'
 * one way to say what a request, an order or a tick costs the app and PostgreSQL, which stays
 * meaningful on a shared, noisy machine where wall time does not.
 */
import fs from "node:fs";
import type pg from "pg";

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in ms. */
export function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces and parentheses) start after its last ")"; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pid and every descendant (next start may run workers). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/**
 * CPU of the PostgreSQL backends serving one database (the server must run on this machine),
 * sampled on demand or every 100 ms once started (a backend that ends keeps the last value
 * seen), so a phase's CPU is the growth of `totalMs()` between two samples.
 */
export class BackendCpu {
  private readonly seen = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  constructor(
    private readonly admin: Pick<pg.Client, "query">,
    private readonly database: string,
  ) {}
  async sample() {
    const { rows } = await this.admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [this.database]);
    for (const { pid } of rows) {
      const cpu = cpuMsOf(pid);
      if (cpu > 0) this.seen.set(pid, Math.max(this.seen.get(pid) ?? 0, cpu));
    }
  }
  start() {
    this.timer = setInterval(() => void this.sample().catch(() => {}), 100);
  }
  stop() {
    clearInterval(this.timer);
  }
  totalMs() {
    let sum = 0;
    for (const v of this.seen.values()) sum += v;
    return sum;
  }
}
