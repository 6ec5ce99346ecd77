#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then
// serves it. `npm run dev` serves the development server instead. Either way the server
// opens the database itself (migrations, demo content) and, without NEXTAUTH_SECRET on the
// embedded database, generates a secret into ./data.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
process.env.PORT = port;
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;
const next = path.join(root, "node_modules", ".bin", "next");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const inputs = ["src", "public", "next.config.ts", "package-lock.json", "tsconfig.json"];
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

if (!dev && buildIsStale()) {
  console.log("[tickerlab] building the app (first start, or the sources changed)…");
  const result = spawnSync(next, ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(next, [dev ? "dev" : "start", "-p", port], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
