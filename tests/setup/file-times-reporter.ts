/**
 * A vitest reporter that writes each test file's whole time — environment, imports, setup
 * files, every hook and test — to the JSON file named by TICKERLAB_FILE_TIMES. The JSON
 * report's per-file times start at the first test, so they miss a file's `beforeAll` (its
 * database, its server); scripts/test.mjs lists the slowest files from these instead
 * (docs/decisions/050).
 */
import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

interface FileTime {
  project: string;
  file: string;
  seconds: number;
}

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.times.push({ project: testModule.project.name, file: testModule.moduleId, seconds: ms / 1000 });
  }

  onTestRunEnd() {
    const out = process.env.TICKERLAB_FILE_TIMES;
    if (out) fs.writeFileSync(out, `${JSON.stringify({ files: this.times }, null, 2)}\n`);
  }
}
