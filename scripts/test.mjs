#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration (PGlite, or PostgreSQL with DATABASE_URL)
// and the browser suite (Debian's Chromium). Ends with one line: "tests: N passed, N failed".
//   node scripts/test.mjs --suites=integration --label=postgres   (what .ci/run uses)
// Typecheck and lint run side by side (each is one process on one core); then the suites, one
// after the other. It ends by listing the 10 slowest test files of the run (docs/testing.md).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./lib/build.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const suites = (args.suites ?? "typecheck,lint,unit,integration,e2e").split(",");
const label = args.label ?? "default";
const ci = process.env.CI === "true" || process.env.CI === "1";
const artifacts = path.join(root, "tests", ".artifacts");
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

let passed = 0;
let failed = 0;
const problems = [];

function run(title, command, commandArgs, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`  ${title}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
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
    list.map(
      ({ title, command, commandArgs }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, commandArgs, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) => {
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`  ${title}: ${code === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
            if (code === 0) passedTitles.push(title);
            else {
              failed += 1;
              problems.push(title);
            }
            resolve();
          });
        }),
    ),
  );
  return passedTitles;
}

/** Every test file of this run's reports with its wall time, for the "slowest files" list. */
const fileTimes = [];

function vitest(project) {
  const report = path.join(artifacts, `${project}-${label}.json`);
  const times = path.join(artifacts, `${project}-${label}.file-times.json`);
  fs.rmSync(report, { force: true });
  fs.rmSync(times, { force: true });
  const ok = run(
    `${project} tests (${label})`,
    bin("vitest"),
    ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, "--reporter=./tests/setup/file-times-reporter.ts"],
    { TICKERLAB_FILE_TIMES: times },
  );
  if (!fs.existsSync(report)) {
    failed += 1;
    problems.push(`${project} (no report: the run did not finish)`);
    return;
  }
  const summary = JSON.parse(fs.readFileSync(report, "utf8"));
  // Whole files (hooks, setup, imports) from tests/setup/file-times-reporter.ts; the JSON
  // report's own times (first test to last) if that is missing.
  const whole = fs.existsSync(times) ? JSON.parse(fs.readFileSync(times, "utf8")).files : undefined;
  if (whole) for (const f of whole) fileTimes.push({ project, file: path.relative(root, f.file), seconds: f.seconds });
  else {
    for (const file of summary.testResults ?? []) {
      if (file.endTime > file.startTime) fileTimes.push({ project, file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
    }
  }
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  if (!ok && summary.numFailedTests === 0) {
    failed += 1;
    problems.push(`${project} (the runner failed outside a test)`);
  } else if (summary.numFailedTests > 0) problems.push(`${project}: ${summary.numFailedTests} failed`);
  if (summary.numTotalTests === 0) {
    failed += 1;
    problems.push(`${project}: ran no test`);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const staticChecks = [
  { title: "typecheck", command: bin("tsc"), commandArgs: ["--noEmit", "-p", "."] },
  { title: "lint", command: bin("eslint"), commandArgs: ["--max-warnings=0", "."] },
].filter((check) => suites.includes(check.title));
const checked = await checks(staticChecks);
// The types are checked: a production build the suites start (scripts/lib/build.mjs) skips
// Next's second pass over the same tsconfig (next.config.mjs). Only when tsc passed.
if (checked.includes("typecheck")) process.env.TICKERLAB_TYPES_CHECKED = "1";
for (const suite of suites) {
  if (suite === "typecheck" || suite === "lint") continue;
  if (suite === "e2e" && !fs.existsSync(chromium)) {
    const line = `BROWSER SUITE SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium`;
    console.log(`\n${"*".repeat(line.length + 8)}\n*** ${line} ***\n${"*".repeat(line.length + 8)}`);
    if (ci) {
      failed += 1;
      problems.push("e2e (Chromium missing under CI)");
    }
  } else vitest(suite);
}

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
