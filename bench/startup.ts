/**
 * Start-up and memory: time from starting the production server to the first /login page,
 * on a new data folder (the database is created) and on an existing one, and the server's
 * resident memory once idle (10 s after the first page) and at its peak (VmHWM). Median of
 * --runs runs (default 3). The build is made first and not timed (`npm start` builds only
 * when the sources changed). A new folder is created by a child process that exits
 * (docs/decisions/023): its memory is not the server's and is not counted here.
 *
 *   npx tsx bench/startup.ts [--runs 3] [--checkout <another checkout, already built>]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error: plain ES module shared with scripts/start.mjs
import { ensureBuilt, nextBin, root } from "../scripts/lib/build.mjs";
import { freePort } from "../tests/setup/app-server";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, checkout: { type: "string" } } });
const RUNS = Number(values.runs);
// --checkout <dir>: measure another checkout's build (made beforehand into the same NEXT_DIST_DIR), e.g. the code before a change.
const APP_ROOT = values.checkout ? path.resolve(values.checkout) : (root as string);
const NEXT_BIN = values.checkout ? path.join(APP_ROOT, "node_modules", ".bin", "next") : (nextBin as string);

function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}

/** In case `next start` forks next-server: the biggest process in the group is the server. */
function serverMemory(parent: number, field: "VmRSS" | "VmHWM"): number {
  const children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return Math.max(memoryMb(parent, field), ...children.map((pid) => memoryMb(pid, field)));
}

interface Run {
  firstPageMs: number;
  idleRssMb: number;
  peakRssMb: number;
}

async function once(dataDir: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(NEXT_BIN, ["start", "-p", String(port)], {
    cwd: APP_ROOT,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, NEXTAUTH_URL: `http://localhost:${port}`, LOG_LEVEL: "warn" },
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://localhost:${port}/login`);
        if (res.status === 200) break;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const firstPageMs = performance.now() - started;
    for (let i = 0; i < 10; i++) await (await fetch(`http://localhost:${port}/login`)).text();
    await new Promise((r) => setTimeout(r, 10_000));
    return { firstPageMs, idleRssMb: serverMemory(child.pid!, "VmRSS"), peakRssMb: serverMemory(child.pid!, "VmHWM") };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!values.checkout && !(ensureBuilt as () => boolean)()) throw new Error("build failed");
  const fresh: Run[] = [];
  const again: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-bench-"));
    fresh.push(await once(dir));
    again.push(await once(dir));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${APP_ROOT}: median of ${RUNS} runs (embedded PGlite)\n`);
  console.log("| start | first /login (ms) | idle RSS (MB) | peak RSS (MB) | idle RSS of each run (MB) |");
  console.log("|---|---:|---:|---:|---|");
  for (const [label, runs] of [["new data folder (database created)", fresh], ["existing data folder", again]] as const) {
    const cell = (pick: (r: Run) => number) => median(runs.map(pick)).toFixed(0);
    console.log(`| ${label} | ${cell((r) => r.firstPageMs)} | ${cell((r) => r.idleRssMb)} | ${cell((r) => r.peakRssMb)} | ${runs.map((r) => r.idleRssMb.toFixed(0)).join(", ")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
