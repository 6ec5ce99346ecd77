// HAProxy (the distribution's package, 2.6) as the load balancer in front of several app
// instances: the 3-instance fault test and benchmark (tests/setup/balanced-cluster.ts,
// bench/cluster.ts), and trying the app behind a load balancer by hand (README, "Running more
// than one instance"; docs/decisions/080):
//
//   node scripts/lib/haproxy.mjs --port=4200 http://127.0.0.1:4201 http://127.0.0.1:4202 …
//     → prints the address and runs until Ctrl-C
//
// Round robin; an instance is taken out while GET /api/ready does not answer 200 and put back
// once it does. A request that cannot reach its instance (connection refused: the instance
// died) is sent to another one (`retries`, `option redispatch`); a GET that got no answer or a
// 503 (an instance shutting down refuses new streams) is too, never a POST (an order must not be
// sent twice by the balancer: the client retries it with its Idempotency-Key). Long-lived
// Server-Sent Event streams pass `timeout tunnel`; streams of an instance marked down are
// closed, so their clients reconnect to another one. The configuration goes into a temporary
// folder; HAProxy runs in the foreground as our child and is stopped by its PID.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { canConnect, freePort, stopChild, untilListening } from "./child-daemon.mjs";

export const HAPROXY_INSTALL = "apt-get install -y haproxy";
const CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy"];

/** The executable, or undefined when HAProxy is not installed. */
export function haproxyPath() {
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/**
 * The configuration (also what README shows an operator). `backends`: `{ name, host, port }`.
 * Health checks every `checkMs` (250 ms once a check or a request failed), out after 2 failed
 * checks, back after 2 good ones.
 */
// maxconn: each connection takes two descriptors (client and server side); 8,000 stays under a
// 20,000 descriptor limit (this machine's hard limit) with room for 2,000 streams and 2,000 clients.
export function haproxyConfig({ port, backends, checkMs = 1000, maxconn = 8000, servedByHeader = true }) {
  return [
    "global",
    `  maxconn ${maxconn}`,
    "  log stderr format raw local0 warning",
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option dontlognull",
    // A dead instance refuses the connection at once; a frozen one does not answer its check.
    "  timeout connect 2s",
    // An order is answered in well under this even on a loaded machine; a stream is a tunnel.
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 10s",
    "  timeout queue 10s",
    // A busy instance is not a dead one: its readiness may wait behind its queries for a few
    // seconds (2,000 streams opening at once), and marking every instance down for that turns
    // a slow moment into an outage. A dead instance refuses the check's connection at once.
    "  timeout check 5s",
    // A Server-Sent Events stream is quiet between events (a comment every 15 s keeps it open).
    "  timeout tunnel 1h",
    "  timeout client-fin 5s",
    "  timeout server-fin 5s",
    // A connection that failed is tried again on another instance.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response 503",
    "  option forwardfor",
    "",
    "frontend tickerlab",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "",
    "backend instances",
    "  balance roundrobin",
    // Only GET and HEAD are sent again after an empty answer or a 503; an order is not.
    "  http-request disable-l7-retry unless METH_GET || METH_HEAD",
    "  option httpchk GET /api/ready",
    "  http-check expect status 200",
    ...(servedByHeader ? ["  http-response set-header X-Served-By %s"] : []),
    `  default-server inter ${checkMs} fastinter 250 downinter ${checkMs} fall 2 rise 2 observe layer4 error-limit 1 on-error fastinter on-marked-down shutdown-sessions`,
    ...backends.map((b) => `  server ${b.name} ${b.host}:${b.port} check`),
    "",
  ].join("\n");
}

/**
 * Starts HAProxy on 127.0.0.1:`port` (a free one when 0 or taken) in front of `backends`
 * (URLs such as http://127.0.0.1:4201, or `{ name, url }`); `maxconn` as in `haproxyConfig`
 * (bench/sse.ts raises it for 10,000 streams: HAProxy, run as root, raises its own descriptor
 * limit to what it needs, about two per connection). Resolves once it accepts
 * connections, with its `url`, `stop()` and `log()`.
 */
export async function startHaproxy({ port = 0, backends, checkMs = 1000, servedByHeader = true, maxconn = 8000 } = {}) {
  const bin = haproxyPath();
  if (!bin) throw new Error(`HAProxy is not installed: ${HAPROXY_INSTALL}`);
  if (!backends?.length) throw new Error("startHaproxy: no backends");
  if (!port || (await canConnect(port))) port = await freePort();
  const servers = backends.map((b, i) => {
    const url = new URL(typeof b === "string" ? b : b.url);
    return { name: typeof b === "string" ? `app${i + 1}` : b.name, host: url.hostname === "localhost" ? "127.0.0.1" : url.hostname, port: Number(url.port) };
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-haproxy-"));
  const config = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(config, haproxyConfig({ port, backends: servers, checkMs, servedByHeader, maxconn }));
  // -db: in the foreground, our child; -W would fork a worker we could not stop by this PID.
  const child = spawn(bin, ["-db", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-20000);
  });
  let stopping = false;
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  // Dying under the clients is the load balancer's fault, not the app's: say so loudly.
  void exited.then(({ code, signal }) => {
    if (!stopping) console.error(`HAProxy (pid ${child.pid}) exited by itself: code ${code}, signal ${signal}\n${stderr}`);
  });
  await untilListening(child, port, { name: "HAProxy", output: () => stderr });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    dir,
    pid: child.pid,
    servers,
    /** What HAProxy said on stderr (warnings: servers going down and up). */
    log: () => stderr,
    /** Settles when the process has exited. */
    exited,
    async stop() {
      stopping = true;
      // SIGTERM: a hard stop, every connection closed (SIGUSR1 would wait for open streams).
      await stopChild(child, exited);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Run by hand. Not a top-level await: tsx loads this file as CommonJS when a benchmark imports it.
if (import.meta.url === `file://${process.argv[1]}`) {
  void (async () => {
    const portArg = process.argv.find((a) => a.startsWith("--port="));
    const backends = process.argv.slice(2).filter((a) => !a.startsWith("--"));
    if (backends.length === 0) {
      console.error("usage: node scripts/lib/haproxy.mjs [--port=8080] http://127.0.0.1:3001 http://127.0.0.1:3002 …");
      process.exit(2);
    }
    const proxy = await startHaproxy({ port: portArg ? Number(portArg.slice("--port=".length)) : 8080, backends });
    console.log(`HAProxy ${proxy.pid} on ${proxy.url} in front of ${backends.join(", ")} (config in ${proxy.dir})`);
    const stop = () => proxy.stop().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  })();
}
