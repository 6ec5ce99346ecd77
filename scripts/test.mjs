#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration (PGlite, or PostgreSQL with DATABASE_URL)
// and the browser suite (Debian's Chromium). Ends with one line: "tests: N passed, N failed".
//   node scripts/test.mjs --suites=integration --label=postgres
//   TEST_ALSO_POSTGRES=postgres://… npm test   (what .ci/run uses: the integration suite a
//                                               second time on PostgreSQL, beside e2e)
//   TEST_ALSO_POOLER=postgres://… npm test     (and the files that meet a pooler through PgBouncer)
// Typecheck and lint run side by side (each is one process on one core); the production build
// starts beside the unit tests; then the suites, one after the other, except that the second
// integration pass (PostgreSQL) and then the pooler pass run beside the browser suite
// (docs/decisions/055, 077). It ends by listing the 10 slowest test files of the run
// (docs/testing.md).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIsStale, root } from "./lib/build.mjs";
import { CHROMIUM_INSTALL, chromiumPath } from "./lib/chromium.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const suites = (args.suites ?? "typecheck,lint,unit,integration,e2e").split(",");
const label = args.label ?? "default";
/** A PostgreSQL server URL: the integration suite runs a second time there, beside e2e. */
const alsoPostgres = process.env.TEST_ALSO_POSTGRES || "";
/**
 * A PostgreSQL server URL: the integration files that meet a pooler run once more with their
 * pool through PgBouncer in transaction mode in front of it (scripts/lib/pgbouncer.mjs), after
 * the PostgreSQL pass, beside e2e (docs/decisions/075). Only these files, to keep CI short.
 */
const alsoPooler = process.env.TEST_ALSO_POOLER || "";
const POOLER_FILES = ["database-pooler", "trading", "http-trading", "market-simulator", "failover", "database-outage", "http-stream"].map((name) => `tests/integration/${name}.test.ts`);
const ci = process.env.CI === "true" || process.env.CI === "1";
const artifacts = path.join(root, "tests", ".artifacts");
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

let passed = 0;
let failed = 0;
const problems = [];

/** A step with its output on the terminal; resolves with whether it passed (async: a suite may run beside it). */
function run(title, command, commandArgs, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn(command, commandArgs, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      console.log(`  ${title}: ${code === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/**
 * Runs a command beside others with its output held and printed whole when it ends (title,
 * output, "ok/FAILED in N s"), so side-by-side runs never interleave. Resolves with its exit code.
 */
function runHeld(title, command, commandArgs, env = process.env) {
  const started = Date.now();
  const child = spawn(command, commandArgs, { cwd: root, env });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`  ${title}: ${code === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code);
    });
  });
}

/**
 * Checks that are not test runners (typecheck, lint), side by side: each is a single process,
 * so on two cores they take the time of the longer one (docs/decisions/050). Their output is
 * held and printed whole when each ends, so the two never interleave. A check only counts when
 * it fails. Resolves with the titles that passed.
 */
async function checks(list) {
  const passedTitles = [];
  await Promise.all(
    list.map(async ({ title, command, commandArgs }) => {
      if ((await runHeld(title, command, commandArgs)) === 0) passedTitles.push(title);
      else {
        failed += 1;
        problems.push(title);
      }
    }),
  );
  return passedTitles;
}

/** Every test file of this run's reports with its wall time, for the "slowest files" list. */
const fileTimes = [];

function vitestArgs(project, runLabel) {
  const report = path.join(artifacts, `${project}-${runLabel}.json`);
  const times = path.join(artifacts, `${project}-${runLabel}.file-times.json`);
  fs.rmSync(report, { force: true });
  fs.rmSync(times, { force: true });
  return {
    report,
    times,
    args: ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, "--reporter=./tests/setup/file-times-reporter.ts"],
  };
}

async function vitest(project) {
  const { report, times, args: vitestRunArgs } = vitestArgs(project, label);
  const ok = await run(`${project} tests (${label})`, bin("vitest"), vitestRunArgs, { TICKERLAB_FILE_TIMES: times });
  tally(project, ok, report, times);
}

/**
 * A suite run in the background beside another (the PostgreSQL integration pass beside e2e):
 * its output is held and printed whole when it ends, so the two never interleave. Resolves when
 * it has ended and been counted.
 */
function vitestBeside(project, runLabel, env, files = []) {
  const { report, times, args: vitestRunArgs } = vitestArgs(project, runLabel);
  vitestRunArgs.push(...files);
  const title = `${project} tests (${runLabel}, run beside e2e)`;
  const childEnv = { ...process.env, ...env, TICKERLAB_FILE_TIMES: times, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" };
  return runHeld(title, bin("vitest"), vitestRunArgs, childEnv).then((code) => tally(project, code === 0, report, times, runLabel));
}

/** Counts a finished suite from its JSON report and keeps its files' times for the list. */
function tally(project, ok, report, times, runLabel = label) {
  const name = runLabel === label ? project : `${project} (${runLabel})`;
  if (!fs.existsSync(report)) {
    failed += 1;
    problems.push(`${name} (no report: the run did not finish)`);
    return;
  }
  const summary = JSON.parse(fs.readFileSync(report, "utf8"));
  // Whole files (hooks, setup, imports) from tests/setup/file-times-reporter.ts; the JSON
  // report's own times (first test to last) if that is missing.
  const whole = fs.existsSync(times) ? JSON.parse(fs.readFileSync(times, "utf8")).files : undefined;
  if (whole) for (const f of whole) fileTimes.push({ project: name, file: path.relative(root, f.file), seconds: f.seconds });
  else {
    for (const file of summary.testResults ?? []) {
      if (file.endTime > file.startTime) fileTimes.push({ project: name, file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
    }
  }
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  if (!ok && summary.numFailedTests === 0) {
    failed += 1;
    problems.push(`${name} (the runner failed outside a test)`);
  } else if (summary.numFailedTests > 0) problems.push(`${name}: ${summary.numFailedTests} failed`);
  if (summary.numTotalTests === 0) {
    failed += 1;
    problems.push(`${name}: ran no test`);
  }
}

/** The pooler pass: PgBouncer started in front of TEST_ALSO_POOLER's server, POOLER_FILES run through it, PgBouncer stopped. */
async function poolerPass() {
  const { startPgbouncer } = await import("./lib/pgbouncer.mjs");
  let bouncer;
  try {
    bouncer = await startPgbouncer({ serverUrl: alsoPooler });
  } catch (error) {
    failed += 1;
    problems.push(`integration (pooler): PgBouncer did not start: ${error.message}`);
    return;
  }
  try {
    await vitestBeside("integration", "pooler", { DATABASE_URL: bouncer.url(), DATABASE_DIRECT_URL: alsoPooler }, POOLER_FILES);
  } finally {
    await bouncer.stop();
  }
}

const chromium = chromiumPath();
const staticChecks = [
  { title: "typecheck", command: bin("tsc"), commandArgs: ["--noEmit", "-p", "."] },
  { title: "lint", command: bin("eslint"), commandArgs: ["--max-warnings=0", "."] },
].filter((check) => suites.includes(check.title));
const checked = await checks(staticChecks);
// The types are checked: a production build the suites start (scripts/lib/build.mjs) skips
// Next's second pass over the same tsconfig (next.config.mjs). Only when tsc passed.
if (checked.includes("typecheck")) process.env.TICKERLAB_TYPES_CHECKED = "1";

/**
 * The production build the integration and e2e servers serve, started beside the unit tests
 * (each takes about one core) instead of inside the first server suite's setup. Its output is
 * held and printed when it ends. The suites' own `ensureBuilt()` then finds it fresh (or waits
 * on its lock); a failed build is a failure here and again in the suites that need it.
 */
function startBuild() {
  const script = 'import { ensureBuilt } from "./scripts/lib/build.mjs"; process.exit(ensureBuilt() ? 0 : 1);';
  return runHeld("production build (beside the unit tests)", process.execPath, ["--input-type=module", "-e", script]).then((code) => {
    if (code !== 0) {
      failed += 1;
      problems.push("production build");
    }
  });
}

let building = suites.some((suite) => suite === "integration" || suite === "e2e") && buildIsStale() ? startBuild() : undefined;
/**
 * The passes that run beside the browser suite, one after the other (PostgreSQL, then the pooler
 * pass, when asked): the browser suite mostly waits on pages and polls, and one integration pass
 * at a time fills those gaps. This run's own integration pass runs before e2e, alone: beside e2e
 * as well it made CI slower, not faster (docs/decisions/077). Started when e2e starts.
 */
let beside;
function startBeside() {
  beside = (async () => {
    if (alsoPostgres) await vitestBeside("integration", "postgres", { DATABASE_URL: alsoPostgres });
    if (alsoPooler) await poolerPass();
  })();
}
for (const suite of suites) {
  if (suite === "typecheck" || suite === "lint") continue;
  if (suite !== "unit" && building) {
    await building;
    building = undefined;
  }
  if (suite === "e2e" && !fs.existsSync(chromium)) {
    const line = `BROWSER SUITE SKIPPED: no Chromium at ${chromium}. Install it with: ${CHROMIUM_INSTALL}`;
    console.log(`\n${"*".repeat(line.length + 8)}\n*** ${line} ***\n${"*".repeat(line.length + 8)}`);
    if (ci) {
      failed += 1;
      problems.push("e2e (Chromium missing under CI)");
    }
  } else {
    if (suite === "e2e") startBeside();
    await vitest(suite);
  }
}
await building;
if (!beside && (alsoPostgres || alsoPooler)) startBeside();
await beside;

if (fileTimes.length > 0) {
  // Where the time goes (per file, from the JSON reports above): the first place to look when
  // the CI budget (docs/testing.md) slips. Files run two at a time in the integration suite.
  console.log(`\nSlowest test files (${label}):`);
  for (const { project, file, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${project.padEnd(11)} ${file}`);
  }
}

if (problems.length) console.log(`\nProblems: ${problems.join("; ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
