/**
 * The practice boards ranked in memory (docs/decisions/084, serving since 091): a book kept
 * current by re-reading only what was written ranks exactly as a book read whole, place by place —
 * user, figure, total return, equity — and as the boards the pass stored, on random portfolios
 * (flows and their units, dividends receivable, longs and shorts, snapshots before, at and after
 * each period start, roster and disabled accounts, join-time ties down to the microsecond); every
 * holder's equity is the one valuation's (the portfolio_valuations view), to the cent. That the
 * figures and order are the domain's is tests/integration/ranking.test.ts's ("ranks equal the
 * domain's rankEntries").
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { eventBoardRowsSql, refreshEventBoard, refreshPracticeBoards } from "@/features/ranking";
import { portfolioValuations } from "@/features/trading";
import { eventPrices, eventSource, loadBook, loadPracticeBook, practicePrices, rankEventBook, rankPracticeBook, updatePracticeBook, type Book } from "@/features/ranking/server/memory";
import type { Db } from "@/server/db";
import { equitySnapshots, events, portfolios, positions, priceMarks, users } from "@/server/db/schema";
import { markWritten, storedPracticeBoard, updatePortfolios } from "../factories/boards";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

// Wednesday 18 November 2026, 15:00 UTC: day from the 18th, week from Monday the 16th, month from the 1st.
const NOW = new Date("2026-11-18T15:00:00Z");
const at = (text: string) => new Date(text);

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

type Row = [user: string, rank: number, value: number | null, totalReturn: number | null, equityCents: number];

/**
 * The reference: a book read whole now, ranked; checked against the one valuation's equity; and
 * the boards the pass stores, which must be the same.
 */
async function referenceBoards(db: Db): Promise<Record<string, Row[]>> {
  const cold = await loadPracticeBook(db, NOW);
  const boards = await memoryBoards(db, cold);
  const valued = await db.execute<{ user_id: string; equity: string }>(sql`select v.user_id, v.equity::text as equity from ${portfolioValuations} v where v.kind = 'practice'`);
  const equity = new Map(valued.rows.map((r) => [r.user_id, Number(parseMoney(r.equity))]));
  for (const [user, , , , cents] of boards["practice:all"] ?? []) expect(cents, user).toBe(equity.get(user));
  await refreshPracticeBoards(db, { now: NOW });
  for (const period of ["all", "day", "week", "month"]) {
    const stored = (await storedPracticeBoard(db, `practice:${period}`)).map((r): Row => [r.userId, r.rank, r.value, r.totalReturn, r.equityCents]);
    expect(stored, `stored practice:${period}`).toEqual(boards[`practice:${period}`] ?? []);
  }
  return boards;
}

/** The same boards ranked in memory from `book`. */
async function memoryBoards(db: Db, book: Book): Promise<Record<string, Row[]>> {
  const ranking = await rankPracticeBook(book, await practicePrices(db));
  const boards: Record<string, Row[]> = {};
  const orNull = (x: number) => (Number.isNaN(x) ? null : x);
  for (const board of ranking.boards) {
    if (board.order.length === 0) continue;
    boards[board.board] = Array.from(board.order, (i, p): Row => [book.holders[i]!.userId, p + 1, orNull(board.values[i]!), orNull(ranking.totalReturn[i]!), ranking.equityCents[i]!]);
  }
  return boards;
}

async function population(db: Db) {
  const random = rng(20261206);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const a = (await createInstrument(db, { lastPrice: "40.00" })).symbol;
  const b = (await createInstrument(db, { lastPrice: "123.45" })).symbol;
  const created = ["2026-01-01T00:00:00Z", "2026-11-02T00:00:00Z", "2026-11-16T00:00:00Z", "2026-11-17T08:00:00Z", "2026-11-18T00:00:00Z", "2026-11-18T12:00:00Z"].map(at);
  const amounts = ["0.00", "90000.00", "99999.99", "100000.00", "100000.01", "100005.00", "104999.50", "110000.00", "123456.78"];
  const snapshotTimes = ["2026-10-31T23:55:00Z", "2026-11-01T00:00:00Z", "2026-11-10T00:00:00Z", "2026-11-16T00:00:00Z", "2026-11-17T23:55:00Z", "2026-11-18T00:00:00Z", "2026-11-18T14:00:00Z"];
  const unitChoices = [null, null, "100000.00000000", "101234.56789012", "98765.43210000"];
  const practiceIds: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < 80; i++) {
    const user = await createTestUser(db, { name: `Ranked ${i}` });
    const joined = pick(created);
    await db.update(users).set({ createdAt: joined }).where(sql`${users.id} = ${user.id}`);
    const startingCash = random() < 0.1 ? "50000.00" : "100000.00";
    const [p] = await db
      .insert(portfolios)
      .values({ userId: user.id, kind: "practice", startingCash, cash: pick(amounts), createdAt: joined, units: pick(unitChoices), receivable: random() < 0.2 ? pick(["12.34", "-5.00"]) : "0" })
      .returning();
    if (random() < 0.5) await db.insert(positions).values({ portfolioId: p!.id, symbol: a, quantity: pick([3, 10, -4]), costBasis: "40.00" });
    if (random() < 0.3) await db.insert(positions).values({ portfolioId: p!.id, symbol: b, quantity: pick([1, 7]), costBasis: "100.00" });
    for (const t of snapshotTimes.filter(() => random() < 0.5))
      await db.insert(equitySnapshots).values({ portfolioId: p!.id, takenAt: at(t), equity: pick(amounts), units: pick(unitChoices) });
    practiceIds.push(p!.id);
    userIds.push(user.id);
  }
  // Two accounts created within the same millisecond, with the same figures on every board: the
  // database orders them by the microsecond, which here is the opposite of their ids' order.
  const [low, high] = [0, 1].sort((x, y) => (userIds[x]! < userIds[y]! ? -1 : 1));
  await db.execute(sql`update users set created_at = '2026-01-01T00:00:00.000200Z' where id = ${userIds[low!]!}`);
  await db.execute(sql`update users set created_at = '2026-01-01T00:00:00.000100Z' where id = ${userIds[high!]!}`);
  await db.execute(sql`update portfolios set cash = '100000.00', starting_cash = '100000.00', units = null, receivable = 0, created_at = '2026-01-01T00:00:00Z' where id in (${practiceIds[0]!}, ${practiceIds[1]!})`);
  await db.execute(sql`delete from positions where portfolio_id in (${practiceIds[0]!}, ${practiceIds[1]!})`);
  await db.execute(sql`delete from equity_snapshots where portfolio_id in (${practiceIds[0]!}, ${practiceIds[1]!})`);
  // Never on the global boards: a disabled account and a class's roster account.
  await db.execute(sql`update users set disabled_at = now() where id = ${userIds[2]!}`);
  await db.execute(sql`update users set kind = 'roster' where id = ${userIds[3]!}`);
  return { practiceIds, userIds, symbols: [a, b] };
}

describe("practice boards ranked in memory (decision 084)", () => {
  it("equal a book read whole and the stored boards place by place, and stay equal as the book reads only what was written", async () => {
    const { db } = database;
    const { practiceIds, userIds, symbols } = await population(db);
    let book = await loadPracticeBook(db, NOW);
    const first = await referenceBoards(db);
    expect(Object.keys(first).sort()).toEqual(["practice:all", "practice:day", "practice:month", "practice:week"]);
    expect(first["practice:all"]).toHaveLength(78);
    expect(await memoryBoards(db, book)).toEqual(first);

    const changes: Array<{ change: string; run: () => Promise<unknown> }> = [
      { change: "every price", run: () => db.execute(sql`update instruments set last_price = last_price * 1.03`) },
      // Cash, positions and receivables written directly, then marked as the trading writer marks them (decision 096).
      { change: "one portfolio's cash", run: () => updatePortfolios(db, sql`update portfolios set cash = cash + 777 where id = ${practiceIds[10]!}`) },
      {
        change: "a position's quantity",
        run: async () => {
          await db.execute(sql`update positions set quantity = quantity + 5 where portfolio_id = ${practiceIds[11]!} or portfolio_id = ${practiceIds[12]!}`);
          await markWritten(db, [practiceIds[11]!, practiceIds[12]!]);
        },
      },
      {
        change: "a new position",
        run: async () => {
          await db.insert(positions).values({ portfolioId: practiceIds[13]!, symbol: symbols[1]!, quantity: 20, costBasis: "1.00" }).onConflictDoNothing();
          await markWritten(db, [practiceIds[13]!]);
        },
      },
      { change: "a deposit (units)", run: () => updatePortfolios(db, sql`update portfolios set cash = cash + 5000, units = coalesce(units, starting_cash) + 5000 where id = ${practiceIds[14]!}`) },
      { change: "a dividend receivable", run: () => updatePortfolios(db, sql`update portfolios set receivable = receivable + 9.99 where id = ${practiceIds[15]!}`) },
      { change: "a join-time tie turned round", run: () => db.execute(sql`update users set created_at = '2026-01-01T00:00:00.000300Z' where id in (${userIds[0]!}, ${userIds[1]!}) and created_at = '2026-01-01T00:00:00.000100Z'`) },
      {
        change: "a new account",
        run: async () => {
          const user = await createTestUser(db, { name: "Newcomer" });
          await db.insert(portfolios).values({ userId: user.id, kind: "practice", startingCash: "100000.00", cash: "100000.00", createdAt: at("2026-11-18T14:00:00Z") });
        },
      },
      {
        change: "the midnight snapshot, written after the day's first pass",
        run: () =>
          db.execute(sql`insert into equity_snapshots (portfolio_id, taken_at, equity) select id, '2026-11-18T00:00:00Z', 101010.10 from portfolios where id in (${practiceIds[40]!}, ${practiceIds[41]!})
                         on conflict (portfolio_id, taken_at) do update set equity = excluded.equity`),
      },
      {
        change: "a first snapshot, after the period starts",
        run: async () => {
          // An account from before the week and the month with no snapshot yet: measured from its starting cash until one is taken.
          const user = await createTestUser(db, { name: "Unsnapped" });
          const [p] = await db
            .insert(portfolios)
            .values({ userId: user.id, kind: "practice", startingCash: "100000.00", cash: "100000.00", createdAt: at("2026-11-02T00:00:00Z") })
            .returning();
          book = (await updatePracticeBook(db, book, NOW)).book;
          expect(await memoryBoards(db, book)).toEqual(await referenceBoards(db));
          await db.insert(equitySnapshots).values({ portfolioId: p!.id, takenAt: at("2026-11-18T14:00:00Z"), equity: "87654.32" });
        },
      },
      { change: "an account disabled", run: () => db.execute(sql`update users set disabled_at = now() where id = ${userIds[20]!}`) },
      {
        // As resetPracticePortfolio does it: a position deleted has no xmin, its portfolio's row is written too.
        change: "a reset portfolio",
        run: () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`delete from positions where portfolio_id = ${practiceIds[30]!}`);
            await tx.execute(sql`delete from equity_snapshots where portfolio_id = ${practiceIds[30]!}`);
            await tx.execute(sql`update portfolios set cash = 100000, starting_cash = 100000, receivable = 0, created_at = ${NOW.toISOString()}::timestamptz - interval '1 hour' where id = ${practiceIds[30]!}`);
          }),
      },
      // A deleted row has no xmin: board_removals counts it (decision 095).
      { change: "an account deleted", run: () => db.execute(sql`delete from users where id = ${userIds[21]!}`) },
      { change: "a practice portfolio deleted", run: () => db.execute(sql`delete from portfolios where id = ${practiceIds[22]!}`) },
    ];
    for (const c of changes) {
      await c.run();
      const updated = await updatePracticeBook(db, book, NOW);
      book = updated.book;
      expect(await memoryBoards(db, book), c.change).toEqual(await referenceBoards(db));
    }
  });
});

describe("a return event's board ranked in memory (decision 093)", () => {
  it("writes the rows a book read whole ranks, at the event's prices (its marks first), and stays so as the book reads only what was written", async () => {
    const { db } = database;
    const random = rng(20261207);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const a = (await createInstrument(db, { lastPrice: "40.00" })).symbol;
    const b = (await createInstrument(db, { lastPrice: "12.34" })).symbol;
    const [event] = await db
      .insert(events)
      .values({ slug: `memory-cup-${Math.random().toString(36).slice(2, 8)}`, title: "Memory cup", startsAt: at("2026-11-18T09:00:00Z"), endsAt: at("2026-11-18T21:00:00Z"), startingCash: "10000.00", visibility: "public", metric: "return" })
      .returning();
    const board = `event:${event!.id}`;
    // Its own price for one symbol (a replay's mark): the view values the event's positions at it.
    await db.insert(priceMarks).values({ eventId: event!.id, symbol: a, price: "41.50", at: NOW });
    const joinTimes = ["2026-11-17T12:00:00Z", "2026-11-17T12:00:00.000100Z", "2026-11-18T08:00:00Z"];
    const portfolioIds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const user = await createTestUser(db, { name: `Entrant ${i}` });
      const [p] = await db
        .insert(portfolios)
        .values({ userId: user.id, kind: "event", eventId: event!.id, startingCash: "10000.00", cash: pick(["10000.00", "9000.00", "10500.00", "0.00"]), units: pick([null, null, "10250.00000000"]), receivable: random() < 0.2 ? "3.21" : "0" })
        .returning();
      if (random() < 0.6) await db.insert(positions).values({ portfolioId: p!.id, symbol: pick([a, b]), quantity: pick([5, 20, -3]), costBasis: "10.00" });
      await db.execute(sql`insert into event_participants (event_id, user_id, portfolio_id, joined_at) values (${event!.id}, ${user.id}, ${p!.id}, ${pick(joinTimes)}::timestamptz)`);
      portfolioIds.push(p!.id);
    }
    // Removed and disqualified participants are off the board.
    await db.execute(sql`update event_participants set removed_at = now() where portfolio_id = ${portfolioIds[0]!}`);
    await db.execute(sql`update event_participants set disqualified_at = now() where portfolio_id = ${portfolioIds[1]!}`);

    type EventRow = [user: string, place: number, value: number | null, equityCents: number, shared: number, tied: number];
    const written = async (): Promise<EventRow[]> => {
      await db.execute(sql`delete from board_refresh_state where group_key = ${board}`); // due, whatever was marked
      await refreshEventBoard(db, { ...event!, replay: null }, { now: NOW });
      const rows = await db.execute<{ user_id: string; rank: number; value: number | null; equity: string; shared_rank: number; tied: number }>(
        sql`select user_id, rank, value, equity::text as equity, shared_rank, tied from (${await eventBoardRowsSql(db, event!.id)}) e order by rank`,
      );
      return rows.rows.map((r) => [r.user_id, Number(r.rank), r.value === null ? null : Number(r.value), Number(parseMoney(r.equity)), Number(r.shared_rank), Number(r.tied)]);
    };
    const reference = async (): Promise<EventRow[]> => {
      const cold = await loadBook(db, eventSource(event!.id), NOW);
      const ranking = await rankEventBook(cold, await eventPrices(db, event!.id));
      const valued = await db.execute<{ portfolio_id: string; equity: string }>(sql`select v.portfolio_id, v.equity::text as equity from ${portfolioValuations} v where v.event_id = ${event!.id}`);
      const equity = new Map(valued.rows.map((r) => [r.portfolio_id, Number(parseMoney(r.equity))]));
      return Array.from(ranking.order, (i, p): EventRow => {
        const h = cold.holders[i]!;
        expect(ranking.equityCents[i], h.portfolioId).toBe(equity.get(h.portfolioId));
        return [h.userId, p + 1, Number.isNaN(ranking.totalReturn[i]!) ? null : ranking.totalReturn[i]!, ranking.equityCents[i]!, ranking.shared[p]!, ranking.tied[p]!];
      });
    };
    const first = await written();
    expect(first).toHaveLength(38);
    expect(first.some((r) => r[5] > 1)).toBe(true); // ties share a rank
    expect(first).toEqual(await reference());

    const changes: Array<{ change: string; run: () => Promise<unknown> }> = [
      { change: "every price", run: () => db.execute(sql`update instruments set last_price = last_price * 1.03`) },
      { change: "the event's mark", run: () => db.execute(sql`update price_marks set price = 39.00 where event_id = ${event!.id}`) },
      { change: "one portfolio's cash", run: () => db.execute(sql`update portfolios set cash = cash + 777 where id = ${portfolioIds[10]!}`) },
      { change: "a position", run: () => db.execute(sql`update positions set quantity = quantity + 5 where portfolio_id in (${portfolioIds[11]!}, ${portfolioIds[12]!})`) },
      { change: "a new position", run: () => db.insert(positions).values({ portfolioId: portfolioIds[13]!, symbol: b, quantity: 50, costBasis: "1.00" }).onConflictDoNothing() },
      { change: "a join time", run: () => db.execute(sql`update event_participants set joined_at = '2026-11-17T11:00:00Z' where portfolio_id = ${portfolioIds[14]!}`) },
      {
        change: "a new participant",
        run: async () => {
          const user = await createTestUser(db, { name: "Late entrant" });
          const [p] = await db.insert(portfolios).values({ userId: user.id, kind: "event", eventId: event!.id, startingCash: "10000.00", cash: "12000.00" }).returning();
          await db.execute(sql`insert into event_participants (event_id, user_id, portfolio_id, joined_at) values (${event!.id}, ${user.id}, ${p!.id}, ${NOW.toISOString()}::timestamptz)`);
        },
      },
      { change: "a participant removed", run: () => db.execute(sql`update event_participants set removed_at = now() where portfolio_id = ${portfolioIds[20]!}`) },
      { change: "a participant's row deleted", run: () => db.execute(sql`delete from event_participants where portfolio_id = ${portfolioIds[21]!}`) },
      { change: "a participant's account deleted", run: () => db.execute(sql`delete from users where id = (select user_id from portfolios where id = ${portfolioIds[22]!})`) },
    ];
    for (const c of changes) {
      await c.run();
      expect(await written(), c.change).toEqual(await reference());
    }
  });
});
