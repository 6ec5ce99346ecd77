/**
 * Precomputed leaderboards on PGlite and PostgreSQL: period returns from snapshots at the
 * UTC period boundaries, tie rules, undefined Sharpe, handles, the own row, rank change,
 * event visibility, and SQL ranks equal to the domain's `rankEntries` on random data.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { anonymousHandle, baselineFor, periodReturn, periodStart, RANKING_PERIODS, rankEntries, sharpeForRanking } from "@/domain/ranking";
import { cents, formatMoney, parseMoney, round4 } from "@/domain/trading";
import { standingsFor, storeSharedRanks } from "@/features/events";
import { refreshLeagues } from "@/features/leagues";
import { adjustPortfolioCash, placeOrder, resetPracticePortfolio } from "@/features/trading";
import { defaultBoardOf, dropFromEventBoard, eventBoard, eventBoardRowsSql, eventBoardView, leaderboardPage, ownEventRanks, refreshAllBoards, refreshEventBoard, refreshPracticeBoards, refreshXpBoards, withEventBoard } from "@/features/ranking";
import { encodeEventBoard, storeAndKeepEventBoard, storeEventBoard } from "@/features/ranking/server/event-boards";
import { handleSalt } from "@/features/ranking/server/queries";
import type { Db } from "@/server/db";
import { equitySnapshots, eventParticipants, events, eventStandings, portfolios, positions, users, xpEvents } from "@/server/db/schema";
import { storedEventBoard, storedPracticeBoard, updatePortfolios } from "../factories/boards";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";
import { statementCounter } from "../setup/statement-counter";
import { appUrl, Client } from "./http-client";
import { uniqueEmail } from "../factories/emails";

const { onQuery, statementsOf } = statementCounter();
const database = useTestDatabase({ onQuery });

// Wednesday 18 November 2026, 15:00 UTC: day from the 18th, week from Monday the 16th, month from the 1st.
const NOW = new Date("2026-11-18T15:00:00Z");
const at = (text: string) => new Date(text);

async function person(db: Db, options: { createdAt?: Date; name?: string; optOut?: boolean } = {}) {
  const user = await createTestUser(db, { name: options.name ?? "Ranked Person" });
  await db
    .update(users)
    .set({ createdAt: options.createdAt ?? at("2026-01-01T00:00:00Z"), leaderboardOptOut: options.optOut ?? false })
    .where(sql`${users.id} = ${user.id}`);
  return user;
}

async function practice(db: Db, userId: string, options: { cash: string; createdAt?: Date; startingCash?: string }) {
  const [row] = await db
    .insert(portfolios)
    .values({
      userId,
      kind: "practice",
      startingCash: options.startingCash ?? "100000.00",
      cash: options.cash,
      createdAt: options.createdAt ?? at("2026-01-01T00:00:00Z"),
    })
    .returning();
  return row!;
}

async function snapshot(db: Db, portfolioId: string, takenAt: string, equity: string) {
  await db.insert(equitySnapshots).values({ portfolioId, takenAt: at(takenAt), equity });
}

async function boardRows(db: Db, board: string) {
  if (board.startsWith("practice:")) return (await storedPracticeBoard(db, board)).map(({ userId, rank, value, totalReturn }) => ({ userId, rank, value, totalReturn }));
  if (board.startsWith("event:")) return (await storedEventBoard(db, board.slice("event:".length))).map(({ userId, rank, value, totalReturn }) => ({ userId, rank, value, totalReturn }));
  const rows = await db.execute<{ user_id: string; rank: number; value: number | null; total_return: number | null }>(
    sql`select user_id, rank, value, total_return from leaderboard_entries where board = ${board} order by rank`,
  );
  return rows.rows.map((r) => ({ userId: r.user_id, rank: Number(r.rank), value: r.value === null ? null : Number(r.value), totalReturn: r.total_return === null ? null : Number(r.total_return) }));
}

/** Every board's rows: the XP boards' from leaderboard_entries, the practice and event boards' as stored whole (decisions 091, 094). */
async function allBoards(db: Db) {
  const rows = await db.execute<{ board: string; user_id: string; rank: number; value: number | null; total_return: number | null; equity: string | null }>(
    sql`select board, user_id, rank, value, total_return, equity::text as equity from leaderboard_entries order by board, rank`,
  );
  const entries = rows.rows.map((r) => ({ ...r, rank: Number(r.rank), value: r.value === null ? null : Number(r.value), total_return: r.total_return === null ? null : Number(r.total_return) }));
  const practice = [];
  for (const period of RANKING_PERIODS) {
    const board = `practice:${period}`;
    for (const r of await storedPracticeBoard(db, board))
      practice.push({ board, user_id: r.userId, rank: r.rank, value: r.value, total_return: r.totalReturn, equity: formatMoney(cents(r.equityCents)) });
  }
  const stored = await db.execute<{ key: string }>(sql`select key from stored_boards where key like 'event:%'`);
  for (const { key } of stored.rows)
    for (const r of await storedEventBoard(db, key.slice("event:".length)))
      practice.push({ board: key, user_id: r.userId, rank: r.rank, value: r.value, total_return: r.totalReturn, equity: formatMoney(cents(r.equityCents)) });
  return [...entries, ...practice].sort((a, b) => (a.board === b.board ? a.rank - b.rank : a.board < b.board ? -1 : 1));
}

async function resetBoards(db: Db) {
  await db.execute(sql`delete from leaderboard_entries`);
  await db.execute(sql`delete from leaderboard_daily_ranks`);
  await db.execute(sql`delete from stored_boards`);
  await db.execute(sql`delete from event_participants`);
  await db.execute(sql`delete from events`);
  await db.execute(sql`delete from xp_events`);
  await db.execute(sql`delete from portfolios`);
}

/** A live event's board, stored and decoded here: Ann (10,100) ahead of Bob (10,000). */
async function annAheadOfBob(db: Db) {
  await resetBoards(db);
  const [ann, bob] = [await person(db, { name: "Ann" }), await person(db, { name: "Bob" })];
  const event = await createEvent(db);
  await join(db, event.id, ann.id, { cash: "10100.00", joinedAt: at("2026-11-18T08:00:00Z") });
  await join(db, event.id, bob.id, { cash: "10000.00", joinedAt: at("2026-11-18T08:01:00Z") });
  await refreshEventBoard(db, event, { now: NOW });
  return { ann, bob, event };
}

let eventCounter = 0;
async function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  eventCounter += 1;
  const [row] = await db
    .insert(events)
    .values({
      slug: `ranking-cup-${eventCounter}-${Math.random().toString(36).slice(2, 8)}`,
      title: `Ranking cup ${eventCounter}`,
      startsAt: at("2026-11-18T09:00:00Z"),
      endsAt: at("2026-11-18T21:00:00Z"),
      startingCash: "10000.00",
      visibility: "public",
      metric: "return",
      ...overrides,
    })
    .returning();
  return row!;
}

async function join(db: Db, eventId: string, userId: string, options: { cash: string; joinedAt: Date; removed?: boolean; startingCash?: string }) {
  const [portfolio] = await db
    .insert(portfolios)
    .values({ userId, kind: "event", eventId, startingCash: options.startingCash ?? "10000.00", cash: options.cash })
    .returning();
  await db.insert(eventParticipants).values({ eventId, userId, portfolioId: portfolio!.id, joinedAt: options.joinedAt, removedAt: options.removed ? options.joinedAt : null });
  return portfolio!;
}

describe("practice boards", () => {
  it("measure each period's return from the snapshot at or before the UTC period start", async () => {
    const { db } = database;
    await resetBoards(db);
    const symbol = (await createInstrument(db, { lastPrice: "50.00" })).symbol;
    const old = await person(db);
    const p = await practice(db, old.id, { cash: "90000.00" });
    // Live equity: 90,000 cash + 200 × 50.00 = 100,000.00.
    await db.insert(positions).values({ portfolioId: p.id, symbol, quantity: 200, costBasis: "9000.00" });
    await snapshot(db, p.id, "2026-10-31T23:55:00Z", "80000.00"); // last before the month began
    await snapshot(db, p.id, "2026-11-01T00:05:00Z", "81000.00"); // after: not the month's baseline
    await snapshot(db, p.id, "2026-11-16T00:00:00Z", "95000.00"); // exactly Monday 00:00
    await snapshot(db, p.id, "2026-11-17T23:55:00Z", "98000.00"); // last before today began
    await snapshot(db, p.id, "2026-11-18T10:00:00Z", "99000.00");
    // A portfolio created on Tuesday: its week and month start from its starting cash.
    const late = await person(db, { createdAt: at("2026-11-17T12:00:00Z") });
    const q = await practice(db, late.id, { cash: "101000.00", createdAt: at("2026-11-17T12:00:00Z") });
    await snapshot(db, q.id, "2026-11-17T23:55:00Z", "100500.00");

    await refreshPracticeBoards(db, { now: NOW });

    const expectFor = async (period: (typeof RANKING_PERIODS)[number], expected: Record<string, number>) => {
      const rows = await boardRows(db, `practice:${period}`);
      // Stored exact (boards compare exact figures); shown rounded.
      expect(Object.fromEntries(rows.map((r) => [r.userId, r.value === null ? null : round4(r.value)]))).toEqual(expected);
    };
    await expectFor("day", { [old.id]: 0.0204, [late.id]: 0.005 }); // 100000/98000 − 1; 101000/100500 − 1
    await expectFor("week", { [old.id]: 0.0526, [late.id]: 0.01 }); // 100000/95000 − 1; from starting cash
    await expectFor("month", { [old.id]: 0.25, [late.id]: 0.01 }); // 100000/80000 − 1
    await expectFor("all", { [old.id]: 0, [late.id]: 0.01 });
    // The domain computes the same figure from the same snapshots.
    const start = periodStart("day", NOW);
    const base = baselineFor(
      [
        { at: at("2026-11-17T23:55:00Z"), equity: parseMoney("98000.00") },
        { at: at("2026-11-18T10:00:00Z"), equity: parseMoney("99000.00") },
      ],
      { periodStart: start, createdAt: at("2026-01-01T00:00:00Z"), startingCash: parseMoney("100000.00") },
    );
    expect(round4(periodReturn(base, parseMoney("100000.00"))!)).toBe(0.0204);
  });

  it("break ties by the older account, and stay in order on the next refresh", async () => {
    const { db } = database;
    await resetBoards(db);
    const newer = await person(db, { createdAt: at("2026-03-01T00:00:00Z") });
    const older = await person(db, { createdAt: at("2026-02-01T00:00:00Z") });
    const best = await person(db, { createdAt: at("2026-06-01T00:00:00Z") });
    await practice(db, newer.id, { cash: "100000.00" });
    await practice(db, older.id, { cash: "100000.00" });
    await practice(db, best.id, { cash: "100100.00" });
    await refreshPracticeBoards(db, { now: NOW });
    expect((await boardRows(db, "practice:all")).map((r) => r.userId)).toEqual([best.id, older.id, newer.id]);
    await refreshPracticeBoards(db, { now: NOW });
    expect((await boardRows(db, "practice:all")).map((r) => r.rank)).toEqual([1, 2, 3]);
    // A later refresh rewrites what changed and drops who left (a disabled account).
    await updatePortfolios(db, sql`update portfolios set cash = 120000 where user_id = ${newer.id}`);
    await db.update(users).set({ disabledAt: NOW }).where(sql`${users.id} = ${older.id}`);
    const later = new Date(NOW.getTime() + 60_000);
    await refreshPracticeBoards(db, { now: later });
    expect((await boardRows(db, "practice:all")).map((r) => [r.userId, r.rank, r.value])).toEqual([
      [newer.id, 1, 0.2],
      [best.id, 2, 0.001],
    ]);
    const page = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: best.id, role: "member" }, now: later });
    expect(page.computedAt).toBe(later.toISOString());
  });

  it("are served from what this process's pass stored, without reading it back, and a version stored elsewhere is read at the next page (decision 098)", async () => {
    const { db } = database;
    await resetBoards(db);
    const [ann, bob] = [await person(db, { name: "Ann" }), await person(db, { name: "Bob" })];
    await practice(db, ann.id, { cash: "100100.00" });
    await practice(db, bob.id, { cash: "100000.00" });
    await refreshPracticeBoards(db, { now: NOW });
    const page = () => leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: bob.id, role: "member" }, now: NOW });
    const boardReads = (statements: string[]) => statements.filter((q) => q.includes("stored_boards"));
    expect((await page()).items.map((r) => r.name)).toEqual(["Ann", "Bob"]); // decoded here
    // Bob overtakes; the pass in this process keeps what it stored (a new roster too: Cy joins).
    const cy = await person(db, { name: "Cy" });
    await practice(db, cy.id, { cash: "99000.00" });
    await updatePortfolios(db, sql`update portfolios set cash = 120000 where user_id = ${bob.id}`);
    await refreshPracticeBoards(db, { now: NOW });
    const moved = await statementsOf(page);
    expect(moved.result.items.map((r) => r.name)).toEqual(["Bob", "Ann", "Cy"]);
    expect(boardReads(moved.statements)).toHaveLength(1); // the names with the versions, nothing read back
    // Another instance's pass (a new version of the same boards): read at the next page.
    await db.execute(sql`update stored_boards set version = txid_current() where key like 'practice:%'`);
    const elsewhere = await statementsOf(page);
    expect(elsewhere.result.items.map((r) => r.name)).toEqual(["Bob", "Ann", "Cy"]);
    expect(boardReads(elsewhere.statements)).toHaveLength(3); // the names, the boards read, the names again
  });
});

describe("XP boards", () => {
  it("rank all-time and this week's XP (since Monday 00:00 UTC), ties to the older account", async () => {
    const { db } = database;
    await resetBoards(db);
    const a = await person(db, { createdAt: at("2026-02-01T00:00:00Z") });
    const b = await person(db, { createdAt: at("2026-01-01T00:00:00Z") });
    await db.insert(xpEvents).values([
      { userId: a.id, kind: "pass", amount: 100, createdAt: at("2026-11-15T23:59:59Z") },
      { userId: a.id, kind: "pass", amount: 20, createdAt: at("2026-11-16T00:00:00Z") },
      { userId: b.id, kind: "pass", amount: 20, createdAt: at("2026-11-17T00:00:00Z") },
    ] as Array<typeof xpEvents.$inferInsert>);
    await refreshXpBoards(db, { now: NOW });
    expect((await boardRows(db, "xp:all")).map((r) => [r.userId, r.value])).toEqual([
      [a.id, 120],
      [b.id, 20],
    ]);
    // A tie this week: the older account (b) first.
    expect((await boardRows(db, "xp:week")).map((r) => [r.userId, r.value])).toEqual([
      [b.id, 20],
      [a.id, 20],
    ]);
  });
});

describe("event boards", () => {
  it("rank a Sharpe ratio only with a day of hourly returns (decision 053): the rest follow by return, ties share a rank, removed participants off", async () => {
    const { db } = database;
    await resetBoards(db);
    // From Tuesday 09:00: by NOW (Wednesday 15:00) a day of hourly snapshots fits in the window.
    const event = await createEvent(db, { metric: "sharpe", startsAt: at("2026-11-17T09:00:00Z") });
    const u = await Promise.all([1, 2, 3, 4, 5, 6].map(() => person(db)));
    const joined = (minute: number) => at(`2026-11-17T08:${String(minute).padStart(2, "0")}:00Z`);
    /** Hourly snapshots from Tuesday 10:00 (plus 5-minute ones between, which the rule does not sample). */
    const hourly = async (portfolioId: string, levels: readonly string[]) => {
      const points = levels.map((equity, k) => ({ at: new Date(Date.UTC(2026, 10, 17, 10 + k)), equity }));
      for (const p of points) await snapshot(db, portfolioId, p.at.toISOString(), p.equity);
      // A wild 5-minute swing inside the first hour: snapshot-to-snapshot sampling would count it.
      await snapshot(db, portfolioId, new Date(Date.UTC(2026, 10, 17, 10, 5)).toISOString(), "1.00");
      return points;
    };
    const steadyLevels = Array.from({ length: 26 }, (_, k) => `${10_000 + 10 * k + (k % 2) * 3}.00`);
    const steady = await join(db, event.id, u[0]!.id, { cash: steadyLevels.at(-1)!, joinedAt: joined(5) });
    const steadyPoints = await hourly(steady.id, steadyLevels);
    const choppyLevels = Array.from({ length: 26 }, (_, k) => (k % 2 === 0 ? "10000.00" : "10400.00"));
    const choppy = await join(db, event.id, u[1]!.id, { cash: "10400.00", joinedAt: joined(1) });
    await hourly(choppy.id, choppyLevels);
    // Never traded: a day of flat snapshots is a Sharpe ratio of 0 (no risk, no gain), not "undefined".
    const idle = await join(db, event.id, u[5]!.id, { cash: "10000.00", joinedAt: joined(0) });
    await hourly(idle.id, Array.from({ length: 26 }, () => "10000.00"));
    // Not enough history (10 hours): no ratio yet; ordered by return, equal returns share a rank.
    const young = await join(db, event.id, u[2]!.id, { cash: "12000.00", joinedAt: joined(9) });
    await hourly(young.id, Array.from({ length: 10 }, (_, k) => `${10_000 + 200 * k}.00`));
    await join(db, event.id, u[3]!.id, { cash: "11000.00", joinedAt: joined(8) });
    await join(db, event.id, u[4]!.id, { cash: "11000.00", joinedAt: joined(7) });
    const removed = await person(db);
    await join(db, event.id, removed.id, { cash: "50000.00", joinedAt: joined(0), removed: true });

    await refreshEventBoard(db, event, { now: NOW });
    const rows = await boardRows(db, `event:${event.id}`);
    expect(rows.map((r) => r.userId)).toEqual([u[0]!.id, u[1]!.id, u[5]!.id, u[2]!.id, u[4]!.id, u[3]!.id]);
    expect(rows[0]!.value).toBe(sharpeForRanking(steadyPoints));
    // Held at the plausible range's bound: a steady climb over a day is not a Sharpe ratio of 500.
    expect(rows[0]!.value).toBe(10);
    expect(rows[2]!.value).toBe(0);
    expect(rows[3]!.value).toBeNull();
    expect(rows[3]!.totalReturn).toBe(0.2);

    const page = await leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer: { id: u[3]!.id, role: "member" }, now: NOW });
    expect(page.items.map((r) => [r.rank, r.place, r.tied])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
      [3, 3, 1],
      [4, 4, 1],
      [5, 5, 2],
      [5, 6, 2],
    ]);
    expect(page.own).toMatchObject({ rank: 5, place: 6, tied: 2, page: 1 });
  });

  it("share one rank among everyone who never traded, on the live board, the event's own rank and the frozen standings", async () => {
    const { db } = database;
    await resetBoards(db);
    const event = await createEvent(db, { metric: "sharpe" });
    const trader = await person(db);
    await join(db, event.id, trader.id, { cash: "10100.00", joinedAt: at("2026-11-18T08:59:00Z") });
    const idle = [];
    for (let i = 0; i < 29; i++) {
      const user = await person(db);
      idle.push(user);
      await join(db, event.id, user.id, { cash: "10000.00", joinedAt: new Date(Date.UTC(2026, 10, 18, 8, i)) });
    }
    await refreshEventBoard(db, event, { now: NOW });
    const last = idle.at(-1)!;
    const page = await leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer: { id: last.id, role: "member" }, now: NOW });
    expect(page.total).toBe(30);
    expect(page.items[0]).toMatchObject({ rank: 1, tied: 1 });
    expect(new Set(page.items.slice(1).map((r) => r.rank))).toEqual(new Set([2]));
    expect(page.own).toMatchObject({ rank: 2, tied: 29 });
    const { ownEventRanks } = await import("@/features/ranking");
    expect((await ownEventRanks(db, last.id, [{ id: event.id, finalized: false }])).get(event.id)).toEqual({ rank: 2, total: 30 });

    // Frozen: the standings keep their places; the rank shown is shared, stored as an event's end stores it.
    await db.insert(eventStandings).values([
      { eventId: event.id, userId: trader.id, rank: 1, equity: "10100.00", totalReturn: "0.0100", sharpe: null, trades: 1, joinedAt: at("2026-11-18T08:59:00Z") },
      ...idle.map((user, i) => ({ eventId: event.id, userId: user.id, rank: i + 2, equity: "10000.00", totalReturn: "0.0000", sharpe: null, trades: 0, joinedAt: new Date(Date.UTC(2026, 10, 18, 8, i)) })),
    ]);
    await storeSharedRanks(db, event.id);
    expect((await ownEventRanks(db, last.id, [{ id: event.id, finalized: true }])).get(event.id)).toEqual({ rank: 2, total: 30 });
  });

  it("are read by other features as rows (eventBoardRowsSql, one event's) and left at once through dropFromEventBoard (decisions 068, 094)", async () => {
    const { db } = database;
    await resetBoards(db);
    const [first, second] = [await createEvent(db), await createEvent(db)];
    const [ann, bob, cat] = [await person(db), await person(db), await person(db)];
    for (const event of [first, second]) {
      await join(db, event.id, ann.id, { cash: "10100.00", joinedAt: at("2026-11-18T08:00:00Z") });
      await join(db, event.id, bob.id, { cash: "10000.00", joinedAt: at("2026-11-18T08:01:00Z") });
      await join(db, event.id, cat.id, { cash: "10000.00", joinedAt: at("2026-11-18T08:02:00Z") });
      await refreshEventBoard(db, event, { now: NOW });
    }
    const read = async (eventId: string) =>
      (await db.execute<{ user_id: string; rank: number; shared_rank: number; tied: number; equity: string }>(sql`select user_id, rank, shared_rank, tied, equity::text as equity from (${await eventBoardRowsSql(db, eventId)}) e order by rank`)).rows.map(
        (r) => `${r.user_id}/${Number(r.rank)}/${Number(r.shared_rank)}/${Number(r.tied)}/${r.equity}`,
      );
    expect(await read(first.id)).toEqual([`${ann.id}/1/1/1/10100.00`, `${bob.id}/2/2/2/10000.00`, `${cat.id}/3/2/2/10000.00`]);
    expect(await read(second.id)).toHaveLength(3);
    // Leaving moves everyone below up, and the ranks they share are worked out again.
    await db.transaction((tx) => dropFromEventBoard(tx, first.id, ann.id));
    expect(await read(first.id)).toEqual([`${bob.id}/1/1/2/10000.00`, `${cat.id}/2/1/2/10000.00`]);
    await db.transaction((tx) => dropFromEventBoard(tx, first.id, cat.id));
    expect(await read(first.id)).toEqual([`${bob.id}/1/1/1/10000.00`]);
    expect(await read(second.id)).toHaveLength(3);
    // An event with no board yet reads as no rows, and leaving it writes nothing.
    const third = await createEvent(db);
    expect(await read(third.id)).toEqual([]);
    await db.transaction((tx) => dropFromEventBoard(tx, third.id, ann.id));
    expect((await db.execute(sql`select key from stored_boards where key = ${eventBoard(third.id)}`)).rows).toEqual([]);
  });

  it("answers a person's rank on more live events at once than a server keeps decoded, and sees each new version", async () => {
    const { db } = database;
    await resetBoards(db);
    const [ann, bob] = [await person(db), await person(db)];
    const many: Array<Awaited<ReturnType<typeof createEvent>>> = [];
    for (let i = 0; i < 20; i++) {
      const event = await createEvent(db);
      await join(db, event.id, ann.id, { cash: "10100.00", joinedAt: at("2026-11-18T08:00:00Z") });
      await join(db, event.id, bob.id, { cash: "10000.00", joinedAt: at("2026-11-18T08:01:00Z") });
      await refreshEventBoard(db, event, { now: NOW });
      many.push(event);
    }
    const ranks = async (userId: string) => [...(await ownEventRanks(db, userId, many.map((e) => ({ id: e.id, finalized: false })))).values()];
    expect(await ranks(bob.id)).toEqual(many.map(() => ({ rank: 2, total: 2 })));
    expect(await ranks(bob.id)).toEqual(many.map(() => ({ rank: 2, total: 2 }))); // from the decoded copies
    // Bob overtakes on the first event: its next pass is a new version, read again.
    await updatePortfolios(db, sql`update portfolios set cash = 20000 where event_id = ${many[0]!.id} and user_id = ${bob.id}`);
    await refreshEventBoard(db, many[0]!, { now: NOW });
    expect((await ranks(bob.id))[0]).toEqual({ rank: 1, total: 2 });
    expect((await ranks(ann.id)).slice(1)).toEqual(many.slice(1).map(() => ({ rank: 1, total: 2 })));
  });

  it("serves a live event's page and standings from the board decoded here (or kept from this process's pass), its version read with the names, and a new version or a board gone at the next request", async () => {
    const { db } = database;
    const { ann, bob, event } = await annAheadOfBob(db);
    const viewer = { id: bob.id, role: "member" as const };
    const page = () => leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer, now: NOW });
    const standings = () => standingsFor(db, viewer, event.slug);
    /** The statements that read stored_boards: the version with the names, and the check that reads a new version's bytes. */
    const boardReads = (statements: string[]) => statements.filter((q) => q.includes("stored_boards"));
    expect((await page()).items.map((r) => r.name)).toEqual(["Ann", "Bob"]); // decoded here
    const steady = await statementsOf(page);
    expect(steady.result.items.map((r) => r.name)).toEqual(["Ann", "Bob"]);
    expect(boardReads(steady.statements)).toHaveLength(1); // the names' statement alone
    const steadyStandings = await statementsOf(standings);
    expect(steadyStandings.result.items.map((r) => r.name)).toEqual(["Ann", "Bob"]);
    expect(boardReads(steadyStandings.statements)).toHaveLength(1);
    // Bob overtakes: the next request after the pass sees it. The pass ran in this process, which
    // keeps the board it stored as its copy: nothing is read back.
    await updatePortfolios(db, sql`update portfolios set cash = 20000 where event_id = ${event.id} and user_id = ${bob.id}`);
    await refreshEventBoard(db, event, { now: NOW });
    const moved = await statementsOf(page);
    expect(moved.result.items.map((r) => r.name)).toEqual(["Bob", "Ann"]);
    expect(boardReads(moved.statements)).toHaveLength(1); // the names alone
    expect((await standings()).items.map((r) => r.name)).toEqual(["Bob", "Ann"]);
    // A version another writer stored (a participant taken off; on another instance, every pass):
    // its version differs from the copy here, so the next request reads it.
    await db.transaction((tx) => dropFromEventBoard(tx, event.id, ann.id));
    const dropped = await statementsOf(page);
    expect(dropped.result.items.map((r) => r.name)).toEqual(["Bob"]);
    expect(boardReads(dropped.statements)).toHaveLength(3); // the names, the new version, the names again
    expect((await standings()).items.map((r) => r.name)).toEqual(["Bob"]);
    // A board that is gone (an unlogged table emptied by a crash) is not served from the copy here.
    await db.execute(sql`delete from stored_boards where key = ${eventBoard(event.id)}`);
    expect(await page()).toMatchObject({ total: 0, items: [], own: null });
    expect(await standings()).toMatchObject({ total: 0, items: [], own: null });
  });

  it("has a page that finds the version this process's pass has committed but not yet kept wait for that copy instead of reading the board (decision 098)", async () => {
    const { db } = database;
    const { ann, bob, event } = await annAheadOfBob(db);
    const before = (await eventBoardView(db, event.id))!.rows; // decoded here: Ann, Bob
    // A pass that has committed Bob ahead and keeps its copy only once the page has done all it
    // does without waiting (the next turn of the event loop after the page's first read).
    let keep!: () => void;
    const kept = new Promise<void>((resolve) => (keep = resolve));
    let committed!: () => void;
    const isCommitted = new Promise<void>((resolve) => (committed = resolve));
    const pass = storeAndKeepEventBoard(db, event.id, async () => {
      const stored = await db.transaction((tx) => storeEventBoard(tx, event.id, encodeEventBoard({ ...before, userIds: [...before.userIds].reverse() }), NOW, 7));
      committed();
      await kept;
      return stored;
    });
    await isCommitted;
    let reads = 0;
    const { result, statements } = await statementsOf(() =>
      withEventBoard(db, event.id, async (view, version) => {
        reads += 1;
        const found = await db.execute<{ version: string | number | null }>(sql`select ${version} as version`);
        if (reads === 1) setImmediate(keep);
        return { result: view ? [view.entry(1).userId, view.entry(2).userId] : [], version: found.rows[0]!.version };
      }),
    );
    await pass;
    expect(result).toEqual([bob.id, ann.id]);
    // Both reads of the version, and no read of the board's bytes in between.
    expect(statements.filter((q) => q.includes("stored_boards"))).toHaveLength(2);
  });

  it("is visible to the public, participants and admins; a private event is a 404 for anyone else; ended events answer from frozen standings", async () => {
    const { db } = database;
    await resetBoards(db);
    const member = await person(db);
    const insider = await person(db);
    const privateEvent = await createEvent(db, { visibility: "private", joinCode: "ABCD-EFGH" });
    await join(db, privateEvent.id, insider.id, { cash: "10000.00", joinedAt: at("2026-11-18T09:30:00Z") });
    await refreshAllBoards(db, { now: NOW });
    const ask = (viewer: { id: string; role: "member" | "admin" }, slug: string) => leaderboardPage(db, { kind: "event", slug }, { page: 1, viewer, now: NOW });
    await expect(ask({ id: member.id, role: "member" }, privateEvent.slug)).rejects.toMatchObject({ kind: "not-found" });
    await expect(ask({ id: member.id, role: "member" }, "no-such-event")).rejects.toMatchObject({ kind: "not-found" });
    const seen = await ask({ id: insider.id, role: "member" }, privateEvent.slug);
    expect(seen.event?.status).toBe("live");
    expect(seen.event?.classContest).toBe(false);
    expect(seen.own).toMatchObject({ rank: 1, isYou: true, value: "0.0000" });
    expect(seen.notOnBoard).toBeNull();
    const asAdmin = await ask({ id: member.id, role: "admin" }, privateEvent.slug);
    expect(asAdmin.total).toBe(1);
    // Not a participant: told so, not told to wait (issue #23 §4); a participant the board has not ranked yet is.
    expect(asAdmin.notOnBoard).toBe("not-in-event");
    const late = await person(db);
    await join(db, privateEvent.id, late.id, { cash: "10000.00", joinedAt: at("2026-11-18T14:59:00Z") });
    expect((await ask({ id: late.id, role: "member" }, privateEvent.slug)).notOnBoard).toBe("not-yet");

    const ended = await createEvent(db, { startsAt: at("2026-11-10T09:00:00Z"), endsAt: at("2026-11-11T09:00:00Z") });
    expect(await ask({ id: member.id, role: "member" }, ended.slug)).toMatchObject({ items: [], total: 0, own: null, event: { status: "ended" } });
    await db.insert(eventStandings).values({ eventId: ended.id, userId: member.id, rank: 1, equity: "11000.00", totalReturn: "0.1000", trades: 3, joinedAt: at("2026-11-10T09:00:00Z") });
    const frozen = await ask({ id: member.id, role: "member" }, ended.slug);
    expect(frozen.items).toEqual([{ rank: 1, place: 1, tied: 1, name: "Ranked Person", value: "0.1000", totalReturn: "0.1000", rankChange: null, isYou: true }]);
  });
});

describe("serving a board", () => {
  it("shows an opted-out person under their handle, pins the own row when it is off the page, and says the rank change since the day began", async () => {
    const { db } = database;
    await resetBoards(db);
    const people: Array<Awaited<ReturnType<typeof person>>> = [];
    for (let i = 0; i < 60; i++) {
      const p = await person(db, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), name: `Person ${i}`, optOut: i === 54 });
      // Returns fall with i: person 54 is 55th, on page 2.
      await practice(db, p.id, { cash: (100000 + 100 * (60 - i)).toFixed(2) });
      people.push(p);
    }
    const me = people[54]!;
    const cashAll = async (cash: (i: number) => number) => {
      for (const [i, p] of people.entries()) await updatePortfolios(db, sql`update portfolios set cash = ${cash(i).toFixed(2)}::numeric where user_id = ${p.id}`);
    };
    // Yesterday ended the other way round (returns rose with i): me 6th, person 0 60th, person 1 59th.
    await cashAll((i) => 100000 + 100 * (i + 1));
    await refreshPracticeBoards(db, { now: at("2026-11-17T23:59:00Z") });
    await cashAll((i) => 100000 + 100 * (60 - i));
    await refreshPracticeBoards(db, { now: NOW });
    const page = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: me.id, role: "member" }, now: NOW });
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 60, pages: 2 });
    expect(page.items).toHaveLength(50);
    expect(page.items.some((r) => r.isYou)).toBe(false);
    expect(page.items[0]).toMatchObject({ rank: 1, name: "Person 0", rankChange: 59, isYou: false, value: "0.0600" });
    expect(page.items[1]!.rankChange).toBe(57);
    const handle = anonymousHandle(me.id, handleSalt());
    expect(page.own).toEqual({ rank: 55, place: 55, tied: 1, name: handle, value: "0.0060", totalReturn: "0.0060", rankChange: -49, isYou: true, page: 2 });
    // Later passes of the day keep comparing with how yesterday ended.
    await updatePortfolios(db, sql`update portfolios set cash = 200000.00 where user_id = ${me.id}`);
    await refreshPracticeBoards(db, { now: new Date(NOW.getTime() + 60_000) });
    const climbed = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: me.id, role: "member" }, now: new Date(NOW.getTime() + 61_000) });
    expect(climbed.items[0]).toMatchObject({ name: handle, rankChange: 5, isYou: true });
    expect(climbed.items[1]).toMatchObject({ name: "Person 0", rankChange: 58 });
    // The next day compares with how the 18th ended, and the 18th's copy of the 17th is gone.
    await refreshPracticeBoards(db, { now: new Date("2026-11-19T00:00:30Z") });
    const copies = await db.execute<{ key: string }>(sql`select key from stored_boards where key like 'practice:all@%' order by key`);
    expect(copies.rows.map((r) => r.key)).toEqual(["practice:all@2026-11-19"]);
    const tomorrow = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: me.id, role: "member" }, now: new Date("2026-11-19T00:01:00Z") });
    expect(tomorrow.items[0]).toMatchObject({ name: handle, rankChange: 0 });
  });
});

describe("a roster student on the boards (issue #23 §4)", () => {
  it("is told that an account made for a class is never on the practice and XP boards, not to wait for them; /ranking opens on their class's board", async () => {
    const { db } = database;
    await resetBoards(db);
    const [roster] = await db.insert(users).values({ email: null, username: `r${crypto.randomUUID().slice(0, 12)}`, name: "Roster Student", kind: "roster" }).returning();
    await practice(db, roster!.id, { cash: "100500.00" });
    await db.insert(xpEvents).values({ userId: roster!.id, kind: "read", amount: 20, createdAt: at("2026-11-17T09:00:00Z"), lessonId: null });
    const member = await person(db);
    await refreshPracticeBoards(db, { now: NOW });
    await refreshXpBoards(db, { now: NOW });
    const viewer = { id: roster!.id, role: "member" as const, roster: true };
    for (const request of [{ kind: "practice", period: "all" }, { kind: "practice", period: "day" }, { kind: "xp", period: "all" }] as const) {
      const page = await leaderboardPage(db, request, { page: 1, viewer, now: NOW });
      expect(page.own, request.kind).toBeNull();
      expect(page.notOnBoard, request.kind).toBe("class-account");
    }
    // Someone who simply is not ranked yet is told so; someone on the board is not told anything.
    const newcomer = await leaderboardPage(db, { kind: "xp", period: "all" }, { page: 1, viewer: { id: member.id, role: "member" }, now: NOW });
    expect(newcomer.notOnBoard).toBe("not-yet");
    const ranked = await person(db);
    await practice(db, ranked.id, { cash: "100100.00" });
    await refreshPracticeBoards(db, { now: NOW });
    const on = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: ranked.id, role: "member" }, now: NOW });
    expect(on.own).not.toBeNull();
    expect(on.notOnBoard).toBeNull();
    // The page opens a roster account on its first event board (its class's contests), everyone else on the practice board.
    const events = [{ slug: "class-cup", title: "Class cup", status: "live" as const }];
    expect(defaultBoardOf({ roster: true }, events)).toBe("event:class-cup");
    expect(defaultBoardOf({ roster: true }, [])).toBe("practice");
    expect(defaultBoardOf({ roster: false }, events)).toBe("practice");
  });
});

/** A small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("rank change since yesterday", () => {
  const viewerOf = (id: string) => ({ id, role: "member" as const });
  const changes = (page: Awaited<ReturnType<typeof leaderboardPage>>) => page.items.map((r) => [r.name, r.rankChange]);

  it("is never claimed for someone with no rank yesterday: a board first filled today (a new install, new accounts) shows everyone as new", async () => {
    const { db } = database;
    await resetBoards(db);
    // A fresh install on the 18th: the board is empty at every refresh until the first account.
    await refreshPracticeBoards(db, { now: at("2026-11-18T08:00:00Z") });
    const first = await person(db, { createdAt: at("2026-11-18T09:00:00Z"), name: "First today" });
    await practice(db, first.id, { cash: "100000.00", createdAt: at("2026-11-18T09:00:00Z") });
    await refreshPracticeBoards(db, { now: at("2026-11-18T09:01:00Z") });
    const second = await person(db, { createdAt: at("2026-11-18T10:00:00Z"), name: "Second today" });
    await practice(db, second.id, { cash: "101000.00", createdAt: at("2026-11-18T10:00:00Z") });
    await refreshPracticeBoards(db, { now: at("2026-11-18T10:01:00Z") });
    const today = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: viewerOf(first.id), now: at("2026-11-18T10:02:00Z") });
    // First today dropped from 1st to 2nd during the day, but had no rank yesterday: new, not "▼ 1".
    expect(changes(today)).toEqual([
      ["Second today", null],
      ["First today", null],
    ]);
    expect(today.own).toMatchObject({ rank: 2, rankChange: null });
    expect((await db.execute(sql`select count(*)::int as n from leaderboard_daily_ranks`)).rows[0]).toEqual({ n: 0 });

    // The next day compares with how the 18th ended: a climb is a change now.
    await updatePortfolios(db, sql`update portfolios set cash = 102000.00 where user_id = ${first.id}`);
    await refreshPracticeBoards(db, { now: at("2026-11-19T00:00:30Z") });
    const tomorrow = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: viewerOf(first.id), now: at("2026-11-19T00:01:00Z") });
    expect(changes(tomorrow)).toEqual([
      ["First today", 1],
      ["Second today", -1],
    ]);
    expect(tomorrow.own).toMatchObject({ rank: 1, rankChange: 1 });
    // Someone who joins on the 19th is new on the 19th, also after later refreshes.
    const third = await person(db, { createdAt: at("2026-11-19T08:00:00Z"), name: "Third" });
    await practice(db, third.id, { cash: "150000.00", createdAt: at("2026-11-19T08:00:00Z") });
    await refreshPracticeBoards(db, { now: at("2026-11-19T08:01:00Z") });
    const later = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: viewerOf(third.id), now: at("2026-11-19T08:02:00Z") });
    expect(changes(later)).toEqual([
      ["Third", null],
      ["First today", 0],
      ["Second today", -2],
    ]);
    expect(later.own).toMatchObject({ rank: 1, rankChange: null });
  });

  it("is not claimed on an event's board on the day the event began", async () => {
    const { db } = database;
    await resetBoards(db);
    const event = await createEvent(db, { startsAt: at("2026-11-18T09:00:00Z"), endsAt: at("2026-11-20T21:00:00Z") });
    const early = await person(db, { name: "Early" });
    const late = await person(db, { name: "Late" });
    const earlyPortfolio = await join(db, event.id, early.id, { cash: "10500.00", joinedAt: at("2026-11-17T12:00:00Z") });
    await join(db, event.id, late.id, { cash: "10000.00", joinedAt: at("2026-11-17T13:00:00Z") });
    await refreshEventBoard(db, event, { now: at("2026-11-18T09:00:05Z") });
    await updatePortfolios(db, sql`update portfolios set cash = 9000.00 where id = ${earlyPortfolio.id}`);
    await refreshEventBoard(db, event, { now: at("2026-11-18T12:00:00Z") });
    const page = await leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer: viewerOf(early.id), now: at("2026-11-18T12:00:01Z") });
    expect(changes(page)).toEqual([
      ["Late", null],
      ["Early", null],
    ]);
    // The next day compares with the board as the 18th ended (stored whole, decision 094): Early climbs back.
    await updatePortfolios(db, sql`update portfolios set cash = 11000.00 where id = ${earlyPortfolio.id}`);
    await refreshEventBoard(db, event, { now: at("2026-11-19T00:00:05Z") });
    const next = await leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer: viewerOf(early.id), now: at("2026-11-19T00:00:06Z") });
    expect(changes(next)).toEqual([
      ["Early", 1],
      ["Late", -1],
    ]);
    expect(next.own).toMatchObject({ rank: 1, rankChange: 1, isYou: true });
    // The day's record is the board as the 18th ended, written by the day's first pass only.
    await refreshEventBoard(db, event, { now: at("2026-11-19T00:10:00Z") });
    const recorded = await db.execute<{ user_id: string; rank: number }>(sql`select user_id, rank from leaderboard_daily_ranks where board = ${eventBoard(event.id)} order by rank`);
    expect(recorded.rows.map((r) => [r.user_id, Number(r.rank)])).toEqual([
      [late.id, 1],
      [early.id, 2],
    ]);
  });
});

describe("SQL ranks equal the domain's rankEntries", () => {
  it("on random practice portfolios with many ties, for every period", async () => {
    const { db } = database;
    await resetBoards(db);
    const random = rng(20261118);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const created = ["2026-01-01T00:00:00Z", "2026-11-02T00:00:00Z", "2026-11-16T00:00:00Z", "2026-11-17T08:00:00Z", "2026-11-18T00:00:00Z", "2026-11-18T12:00:00Z"].map(at);
    const amounts = ["0.00", "90000.00", "99999.99", "100000.00", "100000.01", "100005.00", "104999.50", "110000.00", "123456.78"];
    const snapshotTimes = ["2026-10-31T23:55:00Z", "2026-11-01T00:00:00Z", "2026-11-10T00:00:00Z", "2026-11-16T00:00:00Z", "2026-11-17T23:55:00Z", "2026-11-18T00:00:00Z", "2026-11-18T14:00:00Z"];
    interface Case {
      userId: string;
      joinedAt: Date;
      createdAt: Date;
      startingCash: string;
      cash: string;
      snapshots: Array<{ at: Date; equity: string }>;
    }
    const cases: Case[] = [];
    for (let i = 0; i < 120; i++) {
      const joinedAt = pick(created);
      const user = await person(db, { createdAt: joinedAt });
      const createdAt = joinedAt;
      const startingCash = random() < 0.1 ? "50000.00" : "100000.00";
      const cash = pick(amounts);
      const portfolio = await practice(db, user.id, { cash, createdAt, startingCash });
      const snapshots = snapshotTimes.filter(() => random() < 0.5).map((t) => ({ at: at(t), equity: pick(amounts) }));
      for (const s of snapshots) await snapshot(db, portfolio.id, s.at.toISOString(), s.equity);
      cases.push({ userId: user.id, joinedAt, createdAt, startingCash, cash, snapshots });
    }
    await refreshPracticeBoards(db, { now: NOW });
    for (const period of RANKING_PERIODS) {
      const entries = cases.map((c) => ({
        id: c.userId,
        joinedAt: c.joinedAt,
        value: periodReturn(
          baselineFor(
            c.snapshots.map((s) => ({ at: s.at, equity: parseMoney(s.equity) })),
            { periodStart: periodStart(period, NOW), createdAt: c.createdAt, startingCash: parseMoney(c.startingCash) },
          ),
          parseMoney(c.cash),
        ),
      }));
      const expected = rankEntries(entries, "return").map((e) => [e.id, e.rank, e.value]);
      const actual = (await boardRows(db, `practice:${period}`)).map((r) => [r.userId, r.rank, r.value]);
      expect(actual, period).toEqual(expected);
    }
  });

  it("on a random Sharpe-ranked event: short and long hourly histories, gaps, flat ones, join-time ties (decision 053)", async () => {
    const { db } = database;
    await resetBoards(db);
    const random = rng(42);
    const event = await createEvent(db, { metric: "sharpe", startsAt: at("2026-11-16T09:00:00Z") });
    const levels = ["9000.00", "9500.00", "10000.00", "10000.00", "10100.00", "10250.50", "11000.00"];
    const joinTimes = ["2026-11-16T09:00:00Z", "2026-11-16T09:01:00Z", "2026-11-16T09:02:00Z"].map(at);
    const entries = [];
    for (let i = 0; i < 40; i++) {
      const user = await person(db);
      const joinedAt = joinTimes[Math.floor(random() * joinTimes.length)]!;
      const cash = levels[Math.floor(random() * levels.length)]!;
      const portfolio = await join(db, event.id, user.id, { cash, joinedAt });
      // 0 to 40 hourly points (the rule needs 24 returns), some flat, some with a missed hour, plus off-grid ones.
      const count = Math.floor(random() * 41);
      const flat = random() < 0.2;
      const points: Array<{ at: Date; equity: string }> = [];
      for (let k = 0; k < count; k++) {
        if (random() < 0.05) continue;
        const equity = flat ? "10000.00" : random() < 0.3 ? "10000.00" : levels[Math.floor(random() * levels.length)]!;
        points.push({ at: new Date(Date.UTC(2026, 10, 17, k)), equity });
        if (random() < 0.2) points.push({ at: new Date(Date.UTC(2026, 10, 17, k, 5)), equity: levels[Math.floor(random() * levels.length)]! });
      }
      await Promise.all(points.map((p) => snapshot(db, portfolio.id, p.at.toISOString(), p.equity)));
      entries.push({ id: user.id, joinedAt, value: sharpeForRanking(points), return: periodReturn(parseMoney("10000.00"), parseMoney(cash)) });
    }
    await refreshEventBoard(db, event, { now: NOW });
    const ranked = rankEntries(entries, "sharpe");
    const actual = (await boardRows(db, `event:${event.id}`)).map((r) => [r.userId, r.rank, r.value]);
    expect(actual).toEqual(ranked.map((e) => [e.id, e.rank, e.value]));
    expect(entries.some((e) => e.value === null) && entries.some((e) => e.value !== null)).toBe(true);
    const page = await leaderboardPage(db, { kind: "event", slug: event.slug }, { page: 1, viewer: { id: entries[0]!.id, role: "member" }, now: NOW });
    expect(page.items.map((r) => r.rank)).toEqual(ranked.map((e) => e.sharedRank));
  });
});

describe("rebuilding boards (decision 047)", () => {
  /** Every board's rows, in order: what a reader sees. */

  async function population(db: Db) {
    await resetBoards(db);
    const symbol = (await createInstrument(db, { lastPrice: "40.00" })).symbol;
    const other = (await createInstrument(db, { lastPrice: "10.00" })).symbol;
    const event = await createEvent(db);
    const people = [];
    for (let i = 0; i < 6; i++) {
      const user = await person(db, { createdAt: at(`2026-01-0${1 + (i % 3)}T00:00:00Z`) });
      const p = await practice(db, user.id, { cash: `${99_000 + (i % 3) * 500}.00` });
      await snapshot(db, p.id, "2026-11-18T00:00:00Z", "99500.00");
      await db.insert(positions).values({ portfolioId: p.id, symbol: i % 2 ? symbol : other, quantity: 10 + i, costBasis: "100.00" });
      await db.insert(xpEvents).values({ userId: user.id, kind: "pass", amount: 10 * (1 + (i % 2)), createdAt: at("2026-11-17T10:00:00Z") });
      await join(db, event.id, user.id, { cash: `${9_000 + i * 100}.00`, joinedAt: at(`2026-11-18T09:0${i}:00Z`) });
      people.push(user);
    }
    return { people, symbol, other, event };
  }

  it("a price move changes exactly the holders' rows, a trade changes that portfolio's, and nothing else moves", async () => {
    const { db } = database;
    const { people, symbol } = await population(db);
    await refreshAllBoards(db, { now: NOW });
    const before = await boardRows(db, "practice:all");
    expect(before).toHaveLength(6);
    // The price of what the odd people hold moves: their figures change, the others' do not.
    await db.execute(sql`update instruments set last_price = 44.00 where symbol = ${symbol}`);
    await refreshAllBoards(db, { now: NOW });
    const after = await boardRows(db, "practice:all");
    const holders = new Set(people.filter((_, i) => i % 2 === 1).map((p) => p.id));
    for (const row of after) {
      const old = before.find((b) => b.userId === row.userId)!;
      if (holders.has(row.userId)) expect(row.value, row.userId).toBeGreaterThan(old.value!);
      else expect(row.value, row.userId).toBe(old.value);
    }
    // A trade (cash and position change) moves that portfolio alone.
    const trader = people[0]!;
    await updatePortfolios(db, sql`update portfolios set cash = cash + 1000 where user_id = ${trader.id} and kind = 'practice'`);
    await refreshAllBoards(db, { now: NOW });
    const traded = await boardRows(db, "practice:all");
    for (const row of traded) {
      const old = after.find((b) => b.userId === row.userId)!;
      if (row.userId === trader.id) expect(row.value).toBeCloseTo(old.value! + 0.01, 10);
      else expect(row.value, row.userId).toBe(old.value);
    }
  });

  it("after a crash empties the unlogged boards, the next refresh gives the same boards", async () => {
    const { db } = database;
    await population(db);
    await refreshAllBoards(db, { now: NOW });
    const before = await allBoards(db);
    expect(new Set(before.map((r) => r.board)).size).toBe(7); // practice ×4, XP ×2, the event
    // What PostgreSQL does to unlogged tables after a crash: every partition is emptied.
    const parts = await db.execute<{ name: string; persistence: string }>(sql`
      select c.relname as name, c.relpersistence as persistence from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'leaderboard_entries'::regclass`);
    expect(parts.rows.length).toBeGreaterThanOrEqual(2); // the default one, XP
    expect(parts.rows.every((p) => p.persistence === "u")).toBe(true);
    for (const part of parts.rows) await db.execute(sql.raw(`truncate "${part.name}"`));
    // The refresh state is unlogged too (decision 049): a crash empties it with the boards, so
    // every group is due again.
    const state = await db.execute<{ persistence: string }>(sql`select relpersistence as persistence from pg_class where relname in ('board_refresh_state', 'board_refresh_marks')`);
    expect(state.rows.map((r) => r.persistence)).toEqual(["u", "u"]);
    await db.execute(sql`truncate board_refresh_state, board_refresh_marks`);
    // So are the practice and event boards stored whole (decisions 091, 094).
    const stored = await db.execute<{ persistence: string }>(sql`select relpersistence as persistence from pg_class where relname = 'stored_boards'`);
    expect(stored.rows.map((r) => r.persistence)).toEqual(["u"]);
    const someone = before.find((r) => r.board === "practice:all")!.user_id;
    const ask = () => leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: someone, role: "member" }, now: NOW });
    expect((await ask()).total).toBeGreaterThan(0); // decoded here, and kept
    await db.execute(sql`truncate stored_boards`);
    expect(await allBoards(db)).toEqual([]);
    // A page server does not keep serving its decoded copy of boards that are gone.
    expect(await ask()).toMatchObject({ total: 0, items: [], own: null });
    await refreshAllBoards(db, { now: NOW });
    expect(await allBoards(db)).toEqual(before);
    expect((await ask()).own).toMatchObject({ isYou: true });
  });

  it("keeps one partition per group of boards, removes a deleted account's rows, and forgets an ended event's board", async () => {
    const { db } = database;
    const { people, event } = await population(db);
    const count = async () =>
      Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_inherits where inhparent = 'leaderboard_entries'::regclass`)).rows[0]!.n);
    await refreshAllBoards(db, { now: NOW });
    const partitions = await count();
    await refreshAllBoards(db, { now: NOW });
    expect(await count()).toBe(partitions); // swapped, not added
    // Each partition has the parent's two indexes and no third: the attach adopted the rebuilt
    // table's primary key instead of building one while readers wait on the parent's lock.
    const indexes = await db.execute<{ name: string; n: number }>(sql`
      select c.relname as name, count(x.indexrelid)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
      left join pg_index x on x.indrelid = c.oid where i.inhparent = 'leaderboard_entries'::regclass group by c.relname`);
    for (const part of indexes.rows) expect(Number(part.n), part.name).toBe(2);
    // Deleting an account removes its rows (what the foreign key's cascade did).
    await db.execute(sql`delete from users where id = ${people[5]!.id}`);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from leaderboard_entries where user_id = ${people[5]!.id}`);
    expect(Number(left.rows[0]!.n)).toBe(0);
    // The event ends: the next refresh forgets its board.
    expect(await boardRows(db, `event:${event.id}`)).not.toEqual([]);
    await refreshAllBoards(db, { now: new Date(event.endsAt.getTime() + 60_000) });
    expect(await count()).toBe(partitions);
    expect(await boardRows(db, `event:${event.id}`)).toEqual([]);
  });

  it.runIf(onPostgres)("refreshes running at once neither deadlock nor mix their boards", async () => {
    const { db } = database;
    await population(db);
    await Promise.all([refreshAllBoards(db, { now: NOW }), refreshAllBoards(db, { now: NOW }), refreshPracticeBoards(db, { now: NOW }), refreshXpBoards(db, { now: NOW })]);
    const boards = new Map<string, Awaited<ReturnType<typeof allBoards>>>();
    for (const row of await allBoards(db)) boards.set(row.board, [...(boards.get(row.board) ?? []), row]);
    expect(boards.size).toBe(7);
    for (const [board, rows] of boards) expect(rows.map((r) => r.rank), board).toEqual(rows.map((_, i) => i + 1));
  });
});

describe("refreshing what changed (decision 049)", () => {
  const refreshedAt = async (db: Db, board: string) =>
    (
      await db.execute<{ at: string | null }>(
        board.startsWith("practice:") || board.startsWith("event:")
          ? sql`select computed_at::text as at from stored_boards where key = ${board}`
          : sql`select max(computed_at)::text as at from leaderboard_entries where board = ${board}`,
      )
    ).rows[0]?.at ?? null;
  const staleGroups = async (db: Db) =>
    (await db.execute<{ group_key: string }>(sql`select distinct group_key from board_refresh_marks order by group_key`)).rows.map((r) => r.group_key);

  async function population(db: Db) {
    await resetBoards(db);
    await db.execute(sql`delete from board_refresh_state`);
    await db.execute(sql`delete from board_refresh_marks`);
    await db.execute(sql`delete from league_members`);
    const symbol = (await createInstrument(db, { lastPrice: "40.00" })).symbol;
    // Both run for a week: live on NOW and the day after.
    const event = await createEvent(db, { endsAt: at("2026-11-25T00:00:00Z") });
    const replay = await createEvent(db, { title: "Replay cup", endsAt: at("2026-11-25T00:00:00Z") });
    const people = [];
    for (let i = 0; i < 4; i++) {
      const user = await person(db, { createdAt: at(`2026-01-0${1 + i}T00:00:00Z`) });
      const p = await practice(db, user.id, { cash: `${99_000 + i * 250}.00` });
      await snapshot(db, p.id, "2026-11-18T00:00:00Z", "99500.00");
      await db.insert(positions).values({ portfolioId: p.id, symbol, quantity: 10 + i, costBasis: "40.00" });
      await db.insert(xpEvents).values({ userId: user.id, kind: "pass", amount: 10 * (1 + i), createdAt: at("2026-11-17T10:00:00Z") });
      const e = await join(db, event.id, user.id, { cash: `${9_000 + i * 100}.00`, joinedAt: at(`2026-11-18T09:0${i}:00Z`) });
      await db.insert(positions).values({ portfolioId: e.id, symbol, quantity: 5 + i, costBasis: "40.00" });
      const r = await join(db, replay.id, user.id, { cash: `${9_500 - i * 100}.00`, joinedAt: at(`2026-11-18T09:0${i}:00Z`) });
      await db.insert(positions).values({ portfolioId: r.id, symbol, quantity: 1 + i, costBasis: "40.00" });
      people.push({ user, practice: p, event: e, replay: r });
    }
    return { people, symbol, event, replay };
  }

  it("skips a group whose inputs did not change, and says its boards are current as of the check", async () => {
    const { db } = database;
    await population(db);
    expect(await refreshAllBoards(db, { now: NOW })).toBeGreaterThan(0);
    const before = await allBoards(db);
    const written = await refreshedAt(db, "practice:all");
    const later = new Date(NOW.getTime() + 30_000);
    expect(await refreshAllBoards(db, { now: later })).toBe(0);
    expect(await allBoards(db)).toEqual(before);
    expect(await refreshedAt(db, "practice:all")).toBe(written);
    const state = await db.execute<{ group_key: string; current_at: Date | string }>(sql`select group_key, current_at from board_refresh_state order by group_key`);
    expect(state.rows).toHaveLength(4); // practice, xp, two events
    for (const row of state.rows) expect(new Date(row.current_at).toISOString(), row.group_key).toBe(later.toISOString());
    // The page's "Updated … ago" counts from the check.
    const page = await leaderboardPage(db, { kind: "practice", period: "all" }, { page: 1, viewer: { id: "nobody", role: "member" }, now: later });
    expect(page.computedAt).toBe(later.toISOString());
  });

  it("every input marks exactly the groups that rank from it, and the refresh then equals a full one", async () => {
    const { db } = database;
    const { people, symbol, event, replay } = await population(db);
    const [a, b] = people;
    const E = "event:" + event.id;
    const R = "event:" + replay.id;
    const by = { userId: (await createTestUser(db, { role: "admin" })).id, role: "admin" as const };
    const trade = async (userId: string, portfolioId: string, note?: string) => {
      const { rejection } = await placeOrder(db, { userId, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 1, ...(note && { note }) }, now: NOW });
      expect(rejection).toBeNull();
    };
    const cases: Array<{ change: string; run: () => Promise<unknown>; stale: string[] }> = [
      { change: "a practice-market price", run: () => db.execute(sql`update instruments set last_price = last_price + 1 where symbol = ${symbol}`), stale: [E, R, "leagues", "practice"] },
      // Cash and positions change only through the trading writer, which marks what it writes (decision 096).
      { change: "practice cash adjusted", run: () => adjustPortfolioCash(db, { portfolioId: a!.practice.id, amount: cents(500), reason: "A prize", by, now: NOW }), stale: ["leagues", "practice"] },
      { change: "a practice trade", run: () => trade(b!.user.id, b!.practice.id), stale: ["leagues", "practice"] },
      { change: "a closed practice position", run: () => db.execute(sql`delete from positions where portfolio_id = ${a!.practice.id}`), stale: ["leagues", "practice"] },
      { change: "an event trade", run: () => trade(a!.user.id, a!.event.id), stale: [E] },
      { change: "event cash adjusted", run: () => adjustPortfolioCash(db, { portfolioId: b!.replay.id, amount: cents(-700), reason: "A penalty", by, now: NOW }), stale: [R] },
      { change: "a replay's price mark", run: () => db.execute(sql`insert into price_marks (event_id, symbol, price, at) values (${replay.id}, ${symbol}, 55.00, now())`), stale: [R] },
      { change: "a participant leaving", run: () => db.execute(sql`update event_participants set removed_at = now() where event_id = ${event.id} and user_id = ${b!.user.id}`), stale: [E] },
      { change: "an equity snapshot", run: () => db.execute(sql`insert into equity_snapshots (portfolio_id, taken_at, equity) values (${b!.practice.id}, '2026-11-18T00:00:00Z', 99000.00) on conflict (portfolio_id, taken_at) do update set equity = excluded.equity`), stale: [E, R, "leagues", "practice"] },
      { change: "XP earned", run: () => db.insert(xpEvents).values({ userId: b!.user.id, kind: "pass", amount: 500, createdAt: at("2026-11-18T11:00:00Z") }), stale: ["leagues", "xp"] },
      { change: "a journaled practice order", run: () => trade(a!.user.id, a!.practice.id, "Why I bought"), stale: ["leagues", "practice"] },
      // A reset deletes the portfolio's equity snapshots, and a snapshot's change marks every valued group.
      { change: "a practice portfolio reset", run: () => resetPracticePortfolio(db, { userId: b!.user.id, portfolioId: b!.practice.id, now: NOW }), stale: [E, R, "leagues", "practice"] },
      { change: "leaving the leagues", run: () => db.execute(sql`update users set league_opt_out = true where id = ${b!.user.id}`), stale: ["leagues", "practice", "xp"] },
      { change: "an account disabled", run: () => db.execute(sql`update users set disabled_at = now() where id = ${a!.user.id}`), stale: ["leagues", "practice", "xp"] },
      { change: "a renamed account (not ranked from)", run: () => db.execute(sql`update users set name = 'Renamed' where id = ${b!.user.id}`), stale: [] },
    ];
    const leagueStandings = async () =>
      (await db.execute(sql`select user_id, week_start::text, tier, group_no, rank, points, learning, journal, diversification, risk from league_members order by week_start, user_id`)).rows;
    const refreshEverything = async () => {
      await refreshAllBoards(db, { now: NOW });
      await refreshLeagues(db, { now: NOW });
    };
    await refreshEverything();
    for (const c of cases) {
      expect(await staleGroups(db), `before: ${c.change}`).toEqual([]);
      await c.run();
      expect(await staleGroups(db), c.change).toEqual([...c.stale].sort());
      await refreshEverything();
      const incremental = { boards: await allBoards(db), leagues: await leagueStandings() };
      // The same boards and standings from nothing: every group due.
      await db.execute(sql`delete from board_refresh_state`);
      await refreshEverything();
      expect(incremental, c.change).toEqual({ boards: await allBoards(db), leagues: await leagueStandings() });
    }
  });

  it("a refresh that failed leaves its group due; a new UTC day refreshes every group", async () => {
    const { db } = database;
    const { people, event } = await population(db);
    await refreshAllBoards(db, { now: NOW });
    await updatePortfolios(db, sql`update portfolios set cash = cash + 1000 where id = ${people[0]!.practice.id}`);
    const fence = async () => {
      throw new Error("not the leader any more");
    };
    await expect(refreshPracticeBoards(db, { now: NOW, fence })).rejects.toThrow("not the leader");
    // The failed refresh consumed the mark when it claimed, but did not complete its claim.
    expect(await staleGroups(db)).not.toContain("practice");
    const retry = new Date(NOW.getTime() + 5_000);
    expect(await refreshPracticeBoards(db, { now: retry })).toBe(4 * 4);
    expect(new Date((await refreshedAt(db, "practice:all"))!).toISOString()).toBe(retry.toISOString());
    // Nothing changes overnight, but the periods start again: every group is ranked for the new day.
    const nextDay = at("2026-11-19T00:00:05Z");
    expect(await refreshAllBoards(db, { now: nextDay })).toBeGreaterThan(0);
    for (const board of ["practice:day", "xp:all", `event:${event.id}`])
      expect(new Date((await refreshedAt(db, board))!).toISOString(), board).toBe(nextDay.toISOString());
  });

  it.runIf(onPostgres)("a writer never waits for a refresh in flight, and what it wrote meanwhile is ranked by the next one", async () => {
    const { db } = database;
    const { people } = await population(db);
    await refreshAllBoards(db, { now: NOW });
    await updatePortfolios(db, sql`update portfolios set cash = cash + 1000 where id = ${people[0]!.practice.id}`);
    // Another session holds the stored boards: the practice refresh claims, ranks, then waits inside its transaction.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("lock table stored_boards in exclusive mode");
    const refresh = refreshPracticeBoards(db, { now: NOW });
    let settled = false;
    void refresh.finally(() => (settled = true));
    try {
      await waitForWaiting(database.url!);
      // Trades while the refresh waits: each marks its change without waiting on the refresh.
      await updatePortfolios(db, sql`update portfolios set cash = cash + 3 where id = ${people[1]!.practice.id}`);
      await updatePortfolios(db, sql`update portfolios set cash = cash + 4 where id = ${people[2]!.practice.id}`);
      expect(settled).toBe(false);
      expect(await staleGroups(db)).toEqual(["leagues", "practice"]);
    } finally {
      await blocker.query("commit");
      await blocker.end();
    }
    await refresh;
    await refreshPracticeBoards(db, { now: NOW });
    const rows = await boardRows(db, "practice:all");
    const valueOf = (userId: string) => rows.find((r) => r.userId === userId)!.value;
    expect(valueOf(people[1]!.user.id)).toBeCloseTo((99_250 + 3 + (11 * 40) - 100_000) / 100_000, 12);
    expect(valueOf(people[2]!.user.id)).toBeCloseTo((99_500 + 4 + (12 * 40) - 100_000) / 100_000, 12);
  });
});

describe("refreshing what changed, with writers in flight (decision 049)", () => {
  it.runIf(onPostgres)("a change still uncommitted while a refresh claims and ranks is ranked by the next refresh", async () => {
    const { db } = database;
    await resetBoards(db);
    await db.execute(sql`delete from board_refresh_state`);
    await db.execute(sql`delete from board_refresh_marks`);
    const symbol = (await createInstrument(db, { lastPrice: "20.00" })).symbol;
    const people = [];
    for (let i = 0; i < 3; i++) {
      const user = await person(db, { createdAt: at(`2026-01-0${1 + i}T00:00:00Z`) });
      const p = await practice(db, user.id, { cash: `${99_000 + i * 100}.00` });
      await db.insert(positions).values({ portfolioId: p.id, symbol, quantity: 10, costBasis: "20.00" });
      people.push({ user, portfolio: p });
    }
    await refreshPracticeBoards(db, { now: NOW });
    // The group is already marked by a committed trade …
    await updatePortfolios(db, sql`update portfolios set cash = cash + 1 where id = ${people[1]!.portfolio.id}`);
    // … when another trade, still in flight, lifts the last-placed person to the top.
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    try {
      await writer.query("begin");
      await writer.query("update portfolios set cash = cash + 5000 where id = $1", [people[0]!.portfolio.id]);
      // … marked in its own transaction, as the trading writer marks what it writes (decision 096).
      await writer.query("select boards_mark_stale(array['leagues', 'practice'])");
      // A refresh claims and ranks meanwhile: it cannot see the trade in flight.
      expect(await refreshPracticeBoards(db, { now: NOW })).toBe(12);
      await writer.query("commit");
    } finally {
      await writer.end();
    }
    // The committed trade's change was not consumed: the next refresh ranks it.
    const rows = await boardRows(db, "practice:all");
    expect(rows.map((r) => r.userId)).toEqual([people[2]!.user.id, people[1]!.user.id, people[0]!.user.id]);
    expect(await refreshPracticeBoards(db, { now: NOW })).toBe(12);
    const after = await boardRows(db, "practice:all");
    expect(after[0]!.userId).toBe(people[0]!.user.id);
    expect(after[0]!.value).toBeCloseTo((99_000 + 5_000 + 200 - 100_000) / 100_000, 12);
  });
});

/** Waits until some session of the database waits on a lock (a refresh blocked inside its transaction). */
async function waitForWaiting(url: string) {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    for (let i = 0; i < 500; i++) {
      const waiting = await probe.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (Number(waiting.rows[0].n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("no refresh waited on a lock");
  } finally {
    await probe.end();
  }
}

describe("GET /api/rankings", () => {
  async function signedIn() {
    const client = new Client();
    const person = { email: uniqueEmail("rank"), password: "a good password", name: "Rank Member" };
    expect((await client.register(person)).status).toBe(201);
    await client.signIn(person.email, person.password);
    return client;
  }

  it("answers a page with the own row, and 400 with a clear message for every bad parameter", async () => {
    expect(appUrl()).toBeTruthy();
    const client = await signedIn();
    const ok = await client.request("/api/rankings?board=practice&period=week&page=1");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ board: "practice:week", page: 1, pageSize: 50 });
    for (const [query, field, message] of [
      ["board=stocks", "board", "board is one of practice, xp or event:{slug}"],
      ["period=year", "period", "period is one of day, week, month or all."],
      ["page=0", "page", "page is a whole number from 1."],
      ["page=two", "page", "page is a whole number from 1."],
      ["board=xp&period=day", "period", "The XP board has all time and this week: period is all or week."],
    ] as const) {
      const res = await client.request(`/api/rankings?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.fields[field], query).toContain(message);
    }
    expect((await client.request("/api/rankings?board=event:no-such-event")).status).toBe(404);
    expect((await new Client().request("/api/rankings")).status).toBe(401);
  });
});
