#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then
// serves it. `npm run dev` serves the development server instead. Either way the server
// opens the database itself (migrations, demo content) and, without NEXTAUTH_SECRET on the
// embedded database, generates a secret into ./data.
import { spawn } from "node:child_process";
import { ensureBuilt, nextBin, root } from "./lib/build.mjs";

process.chdir(root);
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
process.env.PORT = port;
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;

if (!dev && !ensureBuilt()) process.exit(1);

const child = spawn(nextBin, [dev ? "dev" : "start", "-p", port], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
