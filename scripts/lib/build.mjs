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

export const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");

export function buildIsStale() {
  const buildId = path.join(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const inputs = ["src", "public", "next.config.mjs", "package-lock.json", "tsconfig.json"];
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Two test runs building into one folder at once would corrupt it: a lock folder serialises them. */
function withBuildLock(fn) {
  const lock = `${distDir}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000 || Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      else sleep(250);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds when needed; returns false when the build failed. */
export function ensureBuilt({ quiet = false } = {}) {
  if (!buildIsStale()) return true;
  return withBuildLock(() => build(quiet));
}

function build(quiet) {
  if (!buildIsStale()) return true;
  const first = !fs.existsSync(path.join(distDir, "BUILD_ID"));
  if (!quiet) {
    console.log(
      first
        ? "[tickerlab] First start: building the app. This and creating the database take about two minutes on a small machine; later starts take seconds."
        : "[tickerlab] The sources changed: building the app again (a minute or two)…",
    );
  }
  const started = Date.now();
  const result = spawnSync(nextBin, ["build"], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0 && quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (!quiet) console.log(result.status === 0 ? `[tickerlab] Built in ${Math.round((Date.now() - started) / 1000)} s.` : "[tickerlab] The build failed (its errors are above).");
  return result.status === 0;
}
