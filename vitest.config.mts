import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };
/** Browser-suite workers, each with its own app server; TEST_E2E_WORKERS=1 runs the files one by one on one server. */
const e2eWorkers = Math.max(1, Number(process.env.TEST_E2E_WORKERS ?? 3) || 3);

export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // A hang guard, not a speed check (speed lives in bench/): the property tests do a
          // fixed amount of work (hundreds of runs each) that took up to 15 s with six other
          // sessions building on this 2-core machine, three times vitest's 5 s default.
          testTimeout: 30_000,
          // One module graph per worker, not per file: the files are pure functions and lint
          // rules, and importing them afresh for each of ~110 files was most of the suite's CPU.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/integration-global.ts"],
          // Added to the root setupFiles (fail-on-console-error), not instead of them. The first
          // gives each file the process state a fresh process would have.
          setupFiles: ["tests/setup/fresh-process-state.ts", "tests/setup/wire.ts"],
          // One module graph per worker, not per file (docs/decisions/081): importing the app
          // afresh for each of ~75 files was a large part of every pass's CPU. Each file still
          // opens its own database; fresh-process-state.ts resets the app's singletons.
          isolate: false,
          // A cap, not a wait: tests wait on conditions. Real databases, migrations and child
          // processes on a loaded 2-core machine (CI beside other work) take several times
          // their quiet duration; 30 s failed seeding and migration tests there.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // PGlite costs ~250 MB a file; two cores: keep the pool small.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/e2e-global.ts"],
          // A hang guard, not a speed check: three workers beside the PostgreSQL pass on two
          // cores stretched a two-viewport chart test past 60 s in CI (speed is measured in bench/).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files side by side, each worker against its own app server (tests/setup/e2e-global.ts,
          // docs/decisions/055): a browser test mostly waits (pages, round trips, polls), so
          // several at once on two cores take far less than one after the other.
          maxWorkers: e2eWorkers,
          // expect.poll's 1 s default is a speed check, not a hang guard: a search's debounce and
          // round trip took longer with other files and sessions on the two cores (four such
          // failures at load 24). The same 30 s as a locator's waitFor.
          expect: { poll: { timeout: 30_000 } },
          // Its own group: vitest runs projects with different worker counts one group at a time.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
