/** Environment every in-process integration test runs with. Imported before any src module. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-test-"));
process.env.DATA_DIR = dataDir;
process.env.NEXTAUTH_SECRET ??= "test-secret-that-is-at-least-32-characters-long";
process.env.NEXTAUTH_URL ??= "http://localhost:3999";
process.env.LOG_LEVEL ??= "silent";
process.env.RATE_LIMIT_PER_ADDRESS ??= "3";
process.env.RATE_LIMIT_PER_IP ??= "1000";
// Answers of routes called in process are checked against their schemas (docs/decisions/071).
process.env.CHECK_ANSWERS ??= "1";

export const testDataDir = dataDir;
