/**
 * Every table has one owner (docs/architecture.md, "Tables and their owners"): a feature, or an
 * infrastructure module under src/server. Another feature reads it through the owner's surface
 * (a function, or a SQL subquery the owner defines), so a change to a table reaches only what
 * its owner's imports show. This test reads the owners from the architecture document, scans
 * every file under src/features for the tables it touches — the Drizzle tables it imports from
 * `@/server/db/schema` and the tables its SQL text names after FROM, JOIN, UPDATE or INTO — and
 * fails on a table read outside its owner that is neither shared nor an allowed exception below.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FEATURES = path.join(ROOT, "src/features");
const SCHEMA = path.join(ROOT, "src/server/db/schema");

/**
 * The cross-feature reads there were when the owners were written down (issue 24), each with why
 * it stays for now. A file reads only the tables listed for it; a new file, or a new table in
 * a listed file, fails. An entry no longer needed fails too, so the list only shrinks.
 * Key: the file under src/features.
 */
const ALLOWED: Record<string, { tables: string[]; reason: string }> = {
  "account/server/api-tokens.ts": { tables: ["api_tokens"], reason: "the token use-cases' audit entries and limit count sit beside server/auth/api-tokens.ts, which owns the credential" },
  "account/server/lifecycle.ts": { tables: ["accounts", "audit_log"], reason: "deleting a person removes their sign-in links and keeps `account.deleted` in the log, in the account deletion's one transaction" },
  "classes/server/contests.ts": { tables: ["events"], reason: "not moved yet: checks that a slug is this class's contest before calling the events feature's use-cases" },
  "classes/server/dashboard.ts": { tables: ["portfolios"], reason: "not moved yet: finds the students' practice portfolios for the dashboard's week figures" },
  "classes/server/student-view.ts": { tables: ["events", "portfolios"], reason: "not moved yet: lists one student's portfolios and their contests for a teacher's read-only view" },
  "corrections/server/corrections.ts": { tables: ["class_members", "events", "portfolios"], reason: "not moved yet: who may correct a portfolio (its class's teacher, its event's organiser) is decided in one place here; classes imports corrections, so its part cannot be asked" },
  "events/server/access.ts": { tables: ["class_members", "portfolios"], reason: "a class contest admits its class's members (classes imports events, so events cannot ask it); a team member's participant row is found through the team's portfolio (not moved yet)" },
  "events/server/queries.ts": { tables: ["portfolios"], reason: "not moved yet: a team event's entrants are found through the team portfolio's participant row" },
  "events/server/replay-source.ts": { tables: ["dataset_rows", "datasets"], reason: "a replay reads its datasets' daily rows on every step; the set-based price read stays one statement" },
  "events/server/replay.ts": { tables: ["corporate_actions"], reason: "a replay's dividends and splits (decision 063) are read with its step" },
  "events/server/report-card.ts": { tables: ["fills", "orders", "portfolios"], reason: "not moved yet: a report card books the event portfolio's fills again (domain/trading history.ts)" },
  "events/server/standings.ts": { tables: ["equity_snapshots", "fills", "portfolios"], reason: "not moved yet: the participants table's figures and trade counts in one statement" },
  "events/server/teams.ts": { tables: ["class_members", "portfolios"], reason: "a class contest's teachers (classes imports events); a team's shared portfolio by portfolios.team_id (not moved yet)" },
  "fairplay/server/flags.ts": { tables: ["events"], reason: "not moved yet: who reviews a flag is its event's organiser" },
  "fairplay/server/monitor.ts": { tables: ["events"], reason: "not moved yet: the monitor's one query for the events to scan" },
  "leagues/server/queries.ts": { tables: ["class_members"], reason: "not moved yet: a league member's classmates are shown by first name" },
  "leagues/server/refresh.ts": {
    tables: ["class_members", "equity_snapshots", "orders", "portfolios", "position_marks", "xp_events"],
    reason: "the weekly points are one set-based statement over XP, journaled orders, spread and Sharpe (decision 045)",
  },
  "market/server/benchmark.ts": { tables: ["seeded_content"], reason: "the benchmark's one-time seed keys its entry in the shipped-content register" },
  "market/server/datasets.ts": { tables: ["events"], reason: "a dataset an event still replays may not be deleted (events import market, so it cannot ask them)" },
  "market/server/seed.ts": { tables: ["seeded_content"], reason: "the universe's one-time seed keys its entries in the shipped-content register" },
  "portfolio/server/snapshots.ts": { tables: ["events"], reason: "snapshots are taken of live events' portfolios in the same set-based statement" },
  "ranking/server/boards.ts": { tables: ["event_standings"], reason: "an ended event's board ranks its frozen standings; events import ranking, not the reverse" },
  "ranking/server/event-ranks.ts": { tables: ["event_standings"], reason: "a person's rank in an ended event is its standings row; events import ranking" },
  "ranking/server/memory.ts": { tables: ["event_participants"], reason: "a live event's book reads its participants with their xmin, to re-read only what was written (decision 093); events import ranking" },
  "ranking/server/queries.ts": { tables: ["event_participants", "event_standings", "events", "portfolios", "teams"], reason: "board pages name teams and list rankable events; events import ranking" },
  "ranking/server/refresh.ts": { tables: ["equity_snapshots", "event_participants", "events", "portfolios", "xp_events"], reason: "boards are set-based refreshes over every input (decision 047); events import ranking" },
  "trading/corporate-actions.ts": { tables: ["corporate_actions"], reason: "the engine applies the market's dividends and splits inside the tick's fenced transaction; the market imports the engine" },
  "trading/corrections.ts": { tables: ["corporate_actions"], reason: "a fill reversal across a split is rebuilt with the split's ratio" },
  "trading/moves.ts": { tables: ["instruments"], reason: "the practice market's prices are read in the engine's settlement statement" },
  "trading/place.ts": { tables: ["instruments"], reason: "the order path's one read takes the practice prices and depth (decision 020)" },
  "trading/pricing.ts": { tables: ["instruments"], reason: "the practice market's price source" },
  "trading/reset.ts": { tables: ["equity_snapshots"], reason: "starting a practice portfolio over deletes its snapshots under the row lock" },
};

/** Read by every feature that shows a person, never written outside their owner. */
const SHARED: Record<string, string> = {
  users: "a person's name, handle, role and kind are joined wherever people are listed; server/auth owns every write",
};

export interface Table {
  identifier: string;
  name: string;
}

/** The schema's tables and views: Drizzle identifier → SQL name. */
function schemaTables(): Table[] {
  return fs.readdirSync(SCHEMA).flatMap((file) => [...fs.readFileSync(path.join(SCHEMA, file), "utf8").matchAll(/export const (\w+) = pg(?:Table|View)\(\s*"([a-z_]+)"/g)].map((m) => ({ identifier: m[1]!, name: m[2]! })));
}

/** The owners as docs/architecture.md lists them: table → owner ("trading", "server/auth"). */
function documentedOwners(): Map<string, string> {
  const text = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const section = text.slice(text.indexOf("## Tables and their owners"));
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| `([a-z/-]+)` \|/gm)];
  return new Map(rows.map((m) => [m[1]!, m[2]!]));
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** The tables a file touches: imported from the schema, or named in its SQL. */
export function tablesIn(text: string, tables: readonly Table[]): Set<string> {
  const code = stripComments(text);
  const byIdentifier = new Map(tables.map((t) => [t.identifier, t.name]));
  const names = new Set(tables.map((t) => t.name));
  const found = new Set<string>();
  for (const m of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']@\/server\/db\/schema["']/g)) {
    for (const part of m[1]!.split(",")) {
      const identifier = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!;
      if (byIdentifier.has(identifier)) found.add(byIdentifier.get(identifier)!);
    }
  }
  for (const m of code.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) if (names.has(m[1]!)) found.add(m[1]!);
  return found;
}

export interface SourceFile {
  /** Relative to src/features: "classes/server/assignments.ts". */
  path: string;
  text: string;
}

/** Every read of a table outside its owner that is neither shared nor allowed, as "file: table (owner)". */
export function crossReads(files: readonly SourceFile[], tables: readonly Table[], owners: ReadonlyMap<string, string>, allowed: typeof ALLOWED = ALLOWED): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const feature = file.path.split("/")[0]!;
    for (const table of [...tablesIn(file.text, tables)].sort()) {
      const owner = owners.get(table);
      if (owner === feature || table in SHARED || allowed[file.path]?.tables.includes(table)) continue;
      problems.push(`${file.path}: ${table} (owned by ${owner ?? "nobody"})`);
    }
  }
  return problems;
}

function featureFiles(): SourceFile[] {
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  return walk(FEATURES).map((file) => ({ path: path.relative(FEATURES, file).split(path.sep).join("/"), text: fs.readFileSync(file, "utf8") }));
}

describe("tables and their owners", () => {
  const tables = schemaTables();
  const owners = documentedOwners();

  it("lists every table of the schema with one owner in docs/architecture.md, and no table that is gone", () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.map((t) => t.name).filter((name) => !owners.has(name))).toEqual([]);
    expect([...owners.keys()].filter((name) => !tables.some((t) => t.name === name))).toEqual([]);
    const features = new Set(fs.readdirSync(FEATURES));
    const isModule = (owner: string) => owner.startsWith("server/") && (fs.existsSync(path.join(ROOT, "src", owner)) || fs.existsSync(path.join(ROOT, "src", `${owner}.ts`)));
    const unknown = [...owners].filter(([, owner]) => !features.has(owner) && !isModule(owner));
    expect(unknown).toEqual([]);
  });

  it("finds a planted read of another feature's table, through Drizzle or in SQL, and nothing in comments or the owner's own files", () => {
    const planted: SourceFile[] = [
      { path: "classes/server/probe.ts", text: 'import { and } from "drizzle-orm";\nimport { classMembers, orders } from "@/server/db/schema";\nexport const q = (db) => db.select().from(orders);\n' },
      { path: "events/server/probe.ts", text: "export const q = sql`select 1 from team_members tm join leaderboard_entries e on e.user_id = tm.user_id`;\n" },
      { path: "fairplay/server/probe.ts", text: "// reads from fills, in a comment only\n/* join orders */\nexport const x = 1;\n" },
      { path: "trading/probe.ts", text: 'import { fills, type orders as o } from "@/server/db/schema";\nexport const q = sql`update portfolios set cash = 0`;\n' },
      { path: "leagues/server/probe.ts", text: 'import { users } from "@/server/db/schema";\n' },
    ];
    expect(crossReads(planted, tables, owners, {})).toEqual([
      "classes/server/probe.ts: orders (owned by trading)",
      "events/server/probe.ts: leaderboard_entries (owned by ranking)",
    ]);
    // The allowed exception is per file and per table.
    expect(crossReads(planted, tables, owners, { "classes/server/probe.ts": { tables: ["orders"], reason: "a probe" } })).toEqual(["events/server/probe.ts: leaderboard_entries (owned by ranking)"]);
  });

  it("has no cross-feature read of a table beyond the allowed exceptions", () => {
    expect(crossReads(featureFiles(), tables, owners)).toEqual([]);
  });

  it("keeps no allowed exception that is no longer needed, and gives each a reason", () => {
    const files = new Map(featureFiles().map((f) => [f.path, f]));
    const stale = Object.entries(ALLOWED).flatMap(([file, entry]) => {
      const source = files.get(file);
      if (!source) return [`${file}: the file is gone`];
      const used = tablesIn(source.text, tables);
      return entry.tables.filter((t) => !used.has(t)).map((t) => `${file}: no longer reads ${t}`);
    });
    expect(stale).toEqual([]);
    expect(Object.entries(ALLOWED).filter(([, e]) => e.reason.length < 20)).toEqual([]);
  });
});
