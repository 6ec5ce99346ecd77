// PgBouncer (the distribution's package, 1.18) in transaction mode in front of a PostgreSQL
// server, for the pooler pass of the integration suite (scripts/test.mjs, .ci/run) and for
// trying the app behind a pooler by hand (docs/decisions/075):
//
//   node scripts/lib/pgbouncer.mjs [postgres://postgres@127.0.0.1:5432/test] [--port=6432]
//     → prints DATABASE_URL / DATABASE_DIRECT_URL and runs until Ctrl-C
//
// The configuration goes into a temporary folder: every database name is passed on to the
// same name on the server (tests create a database per file), no authentication between the
// app and PgBouncer (auth_type trust: loopback only, tests and trials), and only the start-up
// parameter that some clients send and PgBouncer cannot pass on is ignored. PgBouncer refuses
// to run as root: then it runs as the `postgres` user (-u), which must be able to read the
// folder. It runs in the foreground as our child and is stopped by its PID.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { canConnect, freePort, stopChild, untilListening } from "./child-daemon.mjs";

export const PGBOUNCER_INSTALL = "apt-get install -y pgbouncer";
const CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"];

/** The executable, or undefined when PgBouncer is not installed. */
export function pgbouncerPath() {
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/**
 * Starts PgBouncer in transaction mode on 127.0.0.1:`port` (a free one when 0 or taken) in front of the server that
 * `serverUrl` names. Resolves once it accepts connections, with `url(serverUrl)`: the same URL
 * through the pooler, and `stop()`.
 */
export async function startPgbouncer({ serverUrl, port = 6432, poolSize = 20 } = {}) {
  const bin = pgbouncerPath();
  if (!bin) throw new Error(`PgBouncer is not installed: ${PGBOUNCER_INSTALL}`);
  // Taken (say by the distribution's own PgBouncer service, which also listens on 6432): any free port.
  if (!port || (await canConnect(port))) port = await freePort();
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || "postgres");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-pgbouncer-"));
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      // Any database name: the same database on the server (auto-created pools).
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "",
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      // psql and JDBC send it; node-postgres sends nothing else PgBouncer cannot pass on.
      "ignore_startup_parameters = extra_float_digits",
      "max_client_conn = 1000",
      `default_pool_size = ${poolSize}`,
      // While the server is away, a query waiting for a server session fails after 5 s (08P01
      // query_wait_timeout: the app answers 503) instead of PgBouncer's 120 s, and a failed
      // login is tried again after 1 s (default 15 s), so the app is back soon after the server.
      "query_wait_timeout = 5",
      "server_login_retry = 1",
      // A test file's database is dropped at its end: do not keep its pool (and sessions) long.
      "server_idle_timeout = 10",
      "autodb_idle_timeout = 30",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  if (asRoot) spawnSync("chown", ["-R", "postgres", dir]);
  const child = spawn(bin, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const log = () => {
    try {
      return fs.readFileSync(path.join(dir, "pgbouncer.log"), "utf8").slice(-4000);
    } catch {
      return "";
    }
  };
  await untilListening(child, port, { name: "PgBouncer", output: () => `${stderr}${log()}` });
  return {
    port,
    dir,
    pid: child.pid,
    log,
    /** `url` (a URL of the server) through the pooler: same user and database. */
    url(of = serverUrl) {
      const pooled = new URL(of);
      pooled.hostname = "127.0.0.1";
      pooled.port = String(port);
      return pooled.toString();
    },
    async stop() {
      // SIGINT: PgBouncer's "safe shutdown" would wait for clients; SIGTERM closes at once.
      await stopChild(child, exited);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Run by hand. Not a top-level await: tsx loads this file as CommonJS when a benchmark imports it.
if (import.meta.url === `file://${process.argv[1]}`) {
  void (async () => {
    const portArg = process.argv.find((a) => a.startsWith("--port="));
    const serverUrl = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "postgres://postgres@127.0.0.1:5432/test";
    const bouncer = await startPgbouncer({ serverUrl, port: portArg ? Number(portArg.slice("--port=".length)) : 6432 });
    console.log(`PgBouncer ${bouncer.pid} in transaction mode on 127.0.0.1:${bouncer.port} (config and log in ${bouncer.dir})`);
    console.log(`DATABASE_URL=${bouncer.url()}\nDATABASE_DIRECT_URL=${serverUrl}`);
    const stop = () => bouncer.stop().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  })();
}
