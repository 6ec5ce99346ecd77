#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then
// serves it. `npm run dev` serves the development server instead. Either way the server
// opens the database itself (migrations, demo content) and, without NEXTAUTH_SECRET on the
// embedded database, generates a secret into ./data.
//
// It says what it is doing: the first start builds the app and creates the database, about
// two minutes on a small machine. The server's start-up log lines that carry a `startup` field
// (src/server/startup.ts) are shown as plain sentences; every other line passes through as it
// is. The last of them is one line: "Ready: open http://localhost:3000 …" (docs/decisions/037).
//
// SIGTERM and SIGINT are passed to the server, which shuts down by itself (leadership handed
// over, requests finished, database closed: src/server/shutdown.ts) and exits 0; this process
// exits with the server's code. NEXT_MANUAL_SIG_HANDLE keeps Next's own handler, which exits
// with 143 before the app's shutdown has run, out of the way.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { ensureBuilt, nextBin, root } from "./lib/build.mjs";
import { withServerRuntime } from "./lib/server-runtime.mjs";

process.chdir(root);
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
process.env.PORT = port;
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

const say = (text) => console.log(`[tickerlab] ${text}`);

if (!dev && !ensureBuilt()) process.exit(1);

say(`Starting the ${dev ? "development " : ""}server on port ${port}…`);
// The server's output is read line by line; keep Next's colours when this runs in a terminal.
const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
const child = spawn(nextBin, [dev ? "dev" : "start", "-p", port], { stdio: ["inherit", "pipe", "inherit"], env: withServerRuntime({ ...process.env, ...color }) });

/** A start-up progress line of the server's log as a sentence; any other line as it is. */
function shown(line) {
  if (!line.startsWith("{")) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry.startup !== "string" || typeof entry.msg !== "string") return line;
    return entry.startup === "ready" ? entry.msg : `[tickerlab] ${entry.msg}`;
  } catch {
    return line;
  }
}
const lines = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
lines.on("line", (line) => process.stdout.write(`${shown(line)}\n`));

// Ctrl-C reaches both processes: the server ignores the second signal.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
// Exit once the server has exited and its last lines are written.
const outputDone = new Promise((resolve) => lines.once("close", resolve));
child.on("exit", (code, signal) => {
  const status = code ?? (signal ? 1 : 0);
  void Promise.race([outputDone, new Promise((resolve) => setTimeout(resolve, 2000))]).then(() => process.exit(status));
});
