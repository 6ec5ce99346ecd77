#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then
// serves it. `npm run dev` serves the development server instead. Either way the server
// opens the database itself (migrations, demo content) and, without NEXTAUTH_SECRET on the
// embedded database, generates a secret into ./data.
//
// SIGTERM and SIGINT are passed to the server, which shuts down by itself (leadership handed
// over, requests finished, database closed: src/server/shutdown.ts) and exits 0; this process
// exits with the server's code. NEXT_MANUAL_SIG_HANDLE keeps Next's own handler, which exits
// with 143 before the app's shutdown has run, out of the way.
import { spawn } from "node:child_process";
import { ensureBuilt, nextBin, root } from "./lib/build.mjs";

process.chdir(root);
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
process.env.PORT = port;
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

if (!dev && !ensureBuilt()) process.exit(1);

const child = spawn(nextBin, [dev ? "dev" : "start", "-p", port], { stdio: "inherit", env: process.env });
// Ctrl-C reaches both processes: the server ignores the second signal.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
