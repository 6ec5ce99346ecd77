/**
 * What a test file (or a test server) pays for its database, before and after the migrated
 * template of tests/setup/db-template.ts (docs/decisions/050), alternating old and new in one
 * process so a loaded machine weighs on both alike:
 *   npx tsx bench/test-databases.ts [--rounds 4]                       (PGlite)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/test-databases.ts
 * On PGlite it also times a test server's data folder: initdb into a folder (what a first
 * start does) against copying the template's folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "@/server/db/client";
import { prepareTemplates, seedDataDir, templateDatabase, templateDump } from "../tests/setup/db-template";
import { createDatabaseOn } from "../tests/setup/server-database";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "4" } } });
const rounds = Number(values.rounds);
const serverUrl = process.env.DATABASE_URL;

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const templates = await prepareTemplates();
  const times: Record<string, number[]> = {};
  const add = (name: string, ms: number) => (times[name] ??= []).push(ms);
  try {
    for (let round = 0; round < rounds; round++) {
      if (serverUrl) {
        add("old: create empty + migrate", await timed(async () => {
          const db = await createDatabaseOn(serverUrl, "bench_old");
          const handle = await openDatabase({ url: db.url, maxConnections: 30 });
          await handle.close();
          await db.drop();
        }));
        add("new: create from template", await timed(async () => {
          const db = await createDatabaseOn(serverUrl, "bench_new", templateDatabase());
          const handle = await openDatabase({ url: db.url, maxConnections: 30 });
          await handle.close();
          await db.drop();
        }));
      } else {
        add("old: in-memory, migrate", await timed(async () => (await openDatabase({ dataDir: "memory://" })).close()));
        add("new: in-memory, load the template", await timed(async () => (await openDatabase({ dataDir: "memory://", loadDataDir: templateDump() })).close()));
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-folder-"));
        try {
          add("server folder old: initdb into a folder", await timed(async () => {
            const client = new PGlite(path.join(dir, "old"));
            await client.waitReady;
            await client.close();
          }));
          add("server folder new: copy the template folder", await timed(async () => void seedDataDir(path.join(dir, "new"))));
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await templates.remove();
  }
  console.log(`${serverUrl ? "PostgreSQL" : "PGlite"}, ${rounds} rounds, median ms (each run):`);
  for (const [name, list] of Object.entries(times)) console.log(`  ${name.padEnd(46)} ${median(list).toFixed(0).padStart(6)}  (${list.map((x) => x.toFixed(0)).join(", ")})`);
}

void main();
