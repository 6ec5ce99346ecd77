/**
 * The practice boards ranked in memory (docs/decisions/084-boards-in-memory.md) against today's
 * SQL refresh, in the same run, alternating, on PostgreSQL: `people` practice portfolios seeded
 * as bench/ranking.ts seeds them (no event). Each run moves every price ±2 % and then refreshes
 * both ways (the order alternating run by run):
 * - SQL: refreshPracticeBoards (rank in the database, rebuild and swap the partition; decision 047);
 * - memory: updatePracticeBook (rows written since the last read, by xmin), the prices, the
 *   domain's valuation and ranking of the four boards, each encoded and stored as one row.
 * After each run the memory boards are compared with the rows the SQL refresh wrote, place by
 * place: user, value, total return and equity must be identical (no tolerance).
 * Then: one portfolio written and one price moved (an order in a quiet market), the book's cold
 * load, and what a page server does with a stored board (read, decode, a page and an own row).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ranking-memory.ts [--people 100000] [--runs 5]
 *
 * It creates its own database on that server and drops it at the end (unless --keep).
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { parseMoney } from "@/domain/trading";
import { seedMarket } from "@/features/market/server/seed";
import { refreshPracticeBoards } from "@/features/ranking";
import { decodeBoard, decodeFigures, decodeRoster, encodeBoard, encodeFigures, encodeRoster, loadPracticeBook, practicePrices, rankPracticeBook, updatePracticeBook, type PracticeBook, type PracticeRanking } from "@/features/ranking/server/memory";
import { openDatabase } from "@/server/db/client";
import type { Db } from "@/server/db";
import { createServerDatabase } from "../tests/setup/server-database";
import { seedRanking } from "./lib/ranking-seed";

const { values } = parseArgs({
  options: {
    people: { type: "string", default: "100000" },
    runs: { type: "string", default: "5" },
    /** Skip the SQL refresh (at 1,000,000 people it takes minutes a run). */
    "memory-only": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const PEOPLE = Number(values.people);
const RUNS = Number(values.runs);
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
process.env.NEXTAUTH_SECRET ??= "bench-secret-that-is-at-least-32-characters-long";
process.env.LOG_LEVEL ??= "warn";

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const ms = (t: number) => `${t.toFixed(0)}`;

interface Pass {
  total: number;
  update: number;
  prices: number;
  rank: number;
  encode: number;
  store: number;
  changed: number;
  bytes: number;
  value: number;
  sort: number;
}

/** The prototype's storage: one row per board (and one for the group's roster). Created by the bench, not a migration. */
async function createStore(db: Db) {
  await db.execute(sql`create unlogged table bench_board_blobs (board text primary key, version bigint not null, computed_at timestamptz not null, data bytea not null)`);
  await db.execute(sql`alter table bench_board_blobs alter column data set storage external`);
}

let version = 0;
async function memoryPass(db: Db, book: PracticeBook, now: Date, rosterDirty: boolean): Promise<{ pass: Pass; book: PracticeBook; ranking: PracticeRanking }> {
  const t0 = performance.now();
  const updated = await updatePracticeBook(db, book, now);
  const t1 = performance.now();
  const prices = await practicePrices(db);
  const t2 = performance.now();
  const ranking = rankPracticeBook(updated.book, prices);
  const t3 = performance.now();
  const blobs = [...ranking.boards.map((b) => ({ board: b.board, data: encodeBoard(b) })), { board: "practice:figures", data: encodeFigures(ranking) }];
  if (rosterDirty || updated.update.reloaded) blobs.push({ board: "practice:roster", data: encodeRoster(updated.book) });
  const t4 = performance.now();
  version++;
  await db.transaction(async (tx) => {
    for (const blob of blobs)
      await tx.execute(sql`
        insert into bench_board_blobs (board, version, computed_at, data) values (${blob.board}, ${version}, ${now.toISOString()}::timestamptz, ${blob.data})
        on conflict (board) do update set version = excluded.version, computed_at = excluded.computed_at, data = excluded.data`);
  });
  const t5 = performance.now();
  return {
    pass: { total: t5 - t0, update: t1 - t0, prices: t2 - t1, rank: t3 - t2, encode: t4 - t3, store: t5 - t4, changed: updated.update.changed, value: ranking.timings.value, sort: ranking.timings.sort, bytes: blobs.reduce((s, b) => s + b.data.length, 0) },
    book: updated.book,
    ranking,
  };
}

/** Place by place, the memory boards against the rows the SQL refresh wrote: the number of differing places. */
async function compare(db: Db, book: PracticeBook, ranking: PracticeRanking): Promise<{ places: number; differing: number; examples: string[] }> {
  let places = 0;
  let differing = 0;
  const examples: string[] = [];
  for (const board of ranking.boards) {
    const rows = await db.execute<{ user_id: string; rank: number; value: number | null; total_return: number | null; equity: string }>(
      sql`select user_id, rank, value, total_return, equity::text from leaderboard_entries where board = ${board.board} order by rank`,
    );
    if (rows.rows.length !== board.order.length) {
      differing += Math.abs(rows.rows.length - board.order.length);
      examples.push(`${board.board}: ${rows.rows.length} rows in SQL, ${board.order.length} in memory`);
    }
    rows.rows.forEach((r, p) => {
      places++;
      const i = board.order[p];
      if (i === undefined) return;
      const h = book.holders[i]!;
      const same = (a: number | null, b: number) => (a === null ? Number.isNaN(b) : a === b);
      const ok =
        Number(r.rank) === p + 1 &&
        r.user_id === h.userId &&
        same(r.value === null ? null : Number(r.value), board.values[i]!) &&
        same(r.total_return === null ? null : Number(r.total_return), ranking.totalReturn[i]!) &&
        Number(parseMoney(r.equity)) === ranking.equityCents[i];
      if (!ok) {
        differing++;
        if (examples.length < 5)
          examples.push(`${board.board} place ${p + 1}: SQL ${r.user_id} ${r.value} ${r.total_return} ${r.equity}; memory ${h.userId} ${board.values[i]} ${ranking.totalReturn[i]} ${ranking.equityCents[i]}`);
      }
    });
  }
  return { places, differing, examples };
}

async function main() {
  const database = await createServerDatabase();
  if (!database) throw new Error("Set DATABASE_URL to a PostgreSQL server.");
  try {
    const handle = await openDatabase({ url: database.url, maxConnections: 4 });
    const db = handle.db;
    await seedMarket(db, BUNDLED_UNIVERSE);
    await db.execute(sql`insert into users (id, email, name) values ('bench-me', 'bench-ranking@example.test', 'Bench Ranker')`);
    const now0 = new Date();
    const seedMs = await seedRanking(db, { people: PEOPLE, benchUserId: "bench-me", now: now0, event: false });
    console.log(`seeded ${PEOPLE.toLocaleString("en-US")} people with practice portfolios in ${(seedMs / 1000).toFixed(1)} s`);
    await createStore(db);
    const memoryOnly = values["memory-only"];
    if (!memoryOnly) await refreshPracticeBoards(db, { now: now0 }); // the day's first: records the daily ranks

    const heapBefore = process.memoryUsage().heapUsed;
    const loadStarted = performance.now();
    let book = await loadPracticeBook(db, new Date());
    const loadMs = performance.now() - loadStarted;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    console.log(`cold load of the book (${book.holders.length.toLocaleString("en-US")} portfolios): ${ms(loadMs)} ms, heap +${heapMb.toFixed(0)} MB`);
    let first = await memoryPass(db, book, new Date(), true);
    book = first.book;

    const moveEveryPrice = () => db.execute(sql`update instruments set last_price = round(last_price * (0.98 + random() * 0.04)::numeric, 2)`);
    const sqlTimes: number[] = [];
    const passes: Pass[] = [];
    let checked = 0;
    let differing = 0;
    for (let run = 0; run < RUNS; run++) {
      await moveEveryPrice();
      const now = new Date();
      const sqlFirst = run % 2 === 0;
      const runSql = async () => {
        if (memoryOnly) return;
        const t = performance.now();
        await refreshPracticeBoards(db, { now });
        sqlTimes.push(performance.now() - t);
      };
      if (sqlFirst) await runSql();
      first = await memoryPass(db, book, now, false);
      book = first.book;
      passes.push(first.pass);
      if (!sqlFirst) await runSql();
      if (!memoryOnly) {
        const result = await compare(db, book, first.ranking);
        checked += result.places;
        differing += result.differing;
        for (const e of result.examples) console.log(`  differs: ${e}`);
      }
    }
    // An order in a quiet market: one portfolio written, one price moved by a cent.
    const quiet: Pass[] = [];
    for (let run = 0; run < RUNS; run++) {
      await db.execute(sql`update portfolios set cash = cash - 1 where id = 'bp-' || ${1 + run}`);
      await db.execute(sql`update instruments set last_price = last_price + 0.01 where symbol = (select min(symbol) from instruments)`);
      const r = await memoryPass(db, book, new Date(), false);
      book = r.book;
      quiet.push(r.pass);
    }

    // A page server: read the stored board, decode it, cut a page and find an own row.
    const decodeTimes: number[] = [];
    const pageTimes: number[] = [];
    const rosterStarted = performance.now();
    const rosterRow = await db.execute<{ data: Buffer }>(sql`select data from bench_board_blobs where board = 'practice:roster'`);
    const roster = decodeRoster(rosterRow.rows[0]!.data);
    const byUser = new Map(roster.map((id, i) => [id, i]));
    const rosterMs = performance.now() - rosterStarted;
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      const row = await db.execute<{ board: string; data: Buffer }>(sql`select board, data from bench_board_blobs where board in ('practice:all', 'practice:figures')`);
      const decoded = decodeBoard(row.rows.find((r) => r.board === "practice:all")!.data);
      const figures = decodeFigures(row.rows.find((r) => r.board === "practice:figures")!.data);
      decodeTimes.push(performance.now() - t);
      const p0 = performance.now();
      for (let k = 0; k < 1000; k++) {
        const page = 1 + ((k * 7919) % Math.ceil(decoded.n / 50));
        const rows = [];
        for (let p = (page - 1) * 50; p < Math.min(decoded.n, page * 50); p++) rows.push({ user: roster[decoded.holder[p]!], value: decoded.value[p], totalReturn: figures.totalReturn[decoded.holder[p]!], place: p + 1 });
        const own = decoded.placeOf[byUser.get("bench-me")!]! + 1;
        if (rows.length === 0 || own < 1) throw new Error("empty page");
      }
      pageTimes.push((performance.now() - p0) / 1000);
    }

    const key = (k: keyof Pass) => median(passes.map((p) => p[k]));
    console.log(`\nPostgreSQL · ${book.holders.length.toLocaleString("en-US")} practice portfolios · 4 boards · ${RUNS} runs, every price moved ±2 % before each, SQL and memory alternating\n`);
    console.log("| refresh of practice day/week/month/all | median ms | min ms | max ms |");
    console.log("|---|---:|---:|---:|");
    if (!memoryOnly) console.log(`| SQL (today: rank in the database, rebuild the partition) | ${ms(median(sqlTimes))} | ${ms(Math.min(...sqlTimes))} | ${ms(Math.max(...sqlTimes))} |`);
    const totals = passes.map((p) => p.total);
    console.log(`| memory, whole pass | ${ms(median(totals))} | ${ms(Math.min(...totals))} | ${ms(Math.max(...totals))} |`);
    for (const [k, label] of [
      ["update", "— rows written since the last pass (xmin scan, re-read)"],
      ["prices", "— prices"],
      ["rank", "— value every portfolio, figures, four sorts"],
      ["value", "—— of which valuing and figures (domain equityOf, returns)"],
      ["sort", "—— of which the four sorts (domain rankColumns)"],
      ["encode", "— encode four boards and the shared figures"],
      ["store", "— store five rows (one transaction)"],
    ] as const)
      console.log(`| ${label} | ${ms(key(k))} | | |`);
    const quietTotals = quiet.map((p) => p.total);
    console.log(`| memory, one portfolio written and one price moved | ${ms(median(quietTotals))} | ${ms(Math.min(...quietTotals))} | ${ms(Math.max(...quietTotals))} |`);
    console.log(`\nportfolios re-read per pass (median): ${key("changed")}; bytes stored per pass: ${(key("bytes") / 1e6).toFixed(1)} MB`);
    console.log(`cold load: ${ms(loadMs)} ms, heap +${heapMb.toFixed(0)} MB`);
    console.log(`page server: roster read and decoded ${ms(rosterMs)} ms (once per roster version); a board and the shared figures read and decoded: median ${median(decodeTimes).toFixed(1)} ms (once per board version); a page of 50 and the own row from it: ${(median(pageTimes) * 1000).toFixed(1)} µs`);
    if (!memoryOnly) console.log(`\ncompared with the SQL refresh's rows: ${checked.toLocaleString("en-US")} places, ${differing} differing`);
    await handle.close();
  } finally {
    if (values.keep) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
