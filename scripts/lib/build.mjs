// Shared by `npm start` and the test suites: is the production build older than its inputs?
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const nextBin = path.join(root, "node_modules", ".bin", "next");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const inputs = ["src", "public", "next.config.ts", "package-lock.json", "tsconfig.json"];
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Builds when needed; returns false when the build failed. */
export function ensureBuilt({ quiet = false } = {}) {
  if (!buildIsStale()) return true;
  if (!quiet) console.log("[tickerlab] building the app (first start, or the sources changed)…");
  const result = spawnSync(nextBin, ["build"], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0 && quiet) process.stderr.write(result.stdout?.toString() ?? "", result.stderr?.toString() ?? "");
  return result.status === 0;
}
