import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };

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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/integration-global.ts"],
          // Added to the root setupFiles (fail-on-console-error), not instead of them.
          setupFiles: ["tests/setup/wire.ts"],
          // A cap, not a wait: tests wait on conditions. Real databases, migrations and child
          // processes on a loaded 2-core machine (CI beside other work) take several times
          // their quiet duration; 30 s failed seeding and migration tests there.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // PGlite costs ~250 MB a file; two cores: keep the pool small.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
