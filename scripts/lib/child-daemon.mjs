// What the helpers that run a distribution's daemon as our child (scripts/lib/pgbouncer.mjs,
// scripts/lib/haproxy.mjs) share: a free loopback port, waiting until the child listens, and
// stopping it by its PID.
import net from "node:net";

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Resolves once `child` accepts connections on `port`; throws (and kills it after `timeoutMs`)
 * when it exits first or never listens, with what `output()` says it said.
 */
export async function untilListening(child, port, { name, output, timeoutMs = 15_000 }) {
  const deadline = Date.now() + timeoutMs;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited at start: ${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not listen on ${port} within ${timeoutMs / 1000} s: ${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // between polls of a condition
  }
}

/** Stops `child` with SIGTERM (SIGKILL after 5 s) and waits for `exited`, its exit promise. */
export async function stopChild(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
