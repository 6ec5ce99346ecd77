#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration (PGlite, or PostgreSQL with DATABASE_URL)
// and the browser suite (Debian's Chromium). Ends with one line: "tests: N passed, N failed".
//   node scripts/test.mjs --suites=integration --label=postgres   (what .ci/run uses)
import { spawnSync } from "node:child_process";
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

/** A check that is not a test runner (typecheck, lint): it only counts when it fails. */
function step(title, command, commandArgs) {
  if (run(title, command, commandArgs)) return;
  failed += 1;
  problems.push(title);
}

function vitest(project) {
  const report = path.join(artifacts, `${project}-${label}.json`);
  fs.rmSync(report, { force: true });
  const ok = run(`${project} tests (${label})`, bin("vitest"), [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  if (!fs.existsSync(report)) {
    failed += 1;
    problems.push(`${project} (no report: the run did not finish)`);
    return;
  }
  const summary = JSON.parse(fs.readFileSync(report, "utf8"));
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
for (const suite of suites) {
  if (suite === "typecheck") step("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
  else if (suite === "lint") step("lint", bin("eslint"), ["--max-warnings=0", "."]);
  else if (suite === "e2e" && !fs.existsSync(chromium)) {
    const line = `BROWSER SUITE SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium`;
    console.log(`\n${"*".repeat(line.length + 8)}\n*** ${line} ***\n${"*".repeat(line.length + 8)}`);
    if (ci) {
      failed += 1;
      problems.push("e2e (Chromium missing under CI)");
    }
  } else vitest(suite);
}

if (problems.length) console.log(`\nProblems: ${problems.join("; ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
