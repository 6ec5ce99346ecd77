/**
 * Publish after commit (docs/decisions/078): events stored in the writer's transaction, read by
 * every hub in id order, each once; a missing id holds back what follows it until its writer
 * commits, or is given up once that writer is gone (an id passed over is watched a while and
 * delivered late, once, if its writer commits after all); a reconnecting stream's replay, and what
 * pruning does to it; a writer's own events taken in without a read, and a NOTIFY only while
 * another hub LISTENs (decision 090).
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { placeOrder, portfolioChanges } from "@/features/trading";
import { getHub, Hub, type LiveEvent, portfolioTopic, pruneLiveEvents, setHub, wirePortfolioChanges } from "@/server/realtime/hub";
import { Outbox } from "@/server/realtime/outbox";
import { createInstrument, createPortfolio } from "../factories/trading";
import { onPostgres, useTestDatabase } from "../setup/db";

const statements: string[] = [];
const database = useTestDatabase({ onQuery: (query) => statements.push(query) });
const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
});

async function startedHub(url?: string, options: { gapWaitMs?: number; lateWatchMs?: number } = {}): Promise<Hub> {
  const db = database.db;
  const hub = new Hub({ url, db: async () => db, ...options });
  hubs.push(hub);
  await hub.start();
  return hub;
}

/** The test's counter in an event's data. */
const nOf = (event: LiveEvent) => (event.data as unknown as { n: number }).n;

const change = (portfolioId: string, n: number) => ({ topic: portfolioTopic(portfolioId), type: "portfolio" as const, data: { portfolioId, orders: [], fills: [], n } as never });

describe("live events", () => {
  it("are delivered after commit, in id order, each once; nothing of a rolled-back transaction", async () => {
    const hub = await startedHub();
    const seen: LiveEvent[] = [];
    hub.subscribe(portfolioTopic("p1"), (e) => seen.push(e));
    for (let n = 1; n <= 3; n++) {
      const outbox = new Outbox(hub);
      await database.db.transaction((tx) => outbox.store(tx, change("p1", n)));
      outbox.afterCommit();
    }
    const undone = new Outbox(hub);
    await expect(
      database.db.transaction(async (tx) => {
        await undone.store(tx, change("p1", 99));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const outbox = new Outbox(hub);
    await database.db.transaction((tx) => outbox.store(tx, change("p1", 4)));
    outbox.afterCommit();
    await vi.waitFor(() => expect(seen.map((e) => nOf(e))).toEqual([1, 2, 3, 4]), { timeout: 5000 });
    const ids = seen.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The rolled-back event took an id and left a gap, which the hub gave up once its writer had ended.
    expect(ids[3]! - ids[2]!).toBe(2);
  });

  it("delivers an event to a stream that subscribed to its topic while the hub was reading the batch's data", async () => {
    // The stream's replay stops at `delivered` as it subscribes: an event past it is the stream's
    // to receive live, even when its topic had no listener here when the batch was read (a stream
    // that moved from an instance that died, cluster-fault).
    const db = database.db;
    let subscribeNow: (() => void) | undefined;
    // The hub's read of the events' data (its SQL text, from the statement's chunks).
    const dataRead = (query: unknown) => /\btype, data from live_events\b/.test(JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? null));
    const watched = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (query: never) => {
          if (subscribeNow && dataRead(query)) {
            subscribeNow();
            subscribeNow = undefined;
          }
          return target.execute(query);
        };
      },
    });
    const hub = new Hub({ db: async () => watched });
    hubs.push(hub);
    await hub.start();
    const first: LiveEvent[] = [];
    hub.subscribe(portfolioTopic("listened"), (e) => first.push(e));
    const late: LiveEvent[] = [];
    let upTo = -1;
    subscribeNow = () => {
      upTo = hub.delivered;
      hub.subscribe(portfolioTopic("new"), (e) => late.push(e));
    };
    const outbox = new Outbox(hub);
    await db.transaction(async (tx) => {
      await outbox.store(tx, change("listened", 1));
      await outbox.store(tx, change("new", 2));
    });
    outbox.afterCommit();
    await vi.waitFor(() => expect(first.map(nOf)).toEqual([1]), { timeout: 5000 });
    expect(upTo).toBeGreaterThanOrEqual(0);
    // Past what its replay would cover, so it must come live.
    await vi.waitFor(() => expect(late.map(nOf)).toEqual([2]), { timeout: 5000 });
    expect(late[0]!.id).toBeGreaterThan(upTo);
  });

  it("replays a topic's events after an id, up to what was delivered, and says when some are gone", async () => {
    const hub = await startedHub();
    const start = hub.delivered;
    for (const [topic, n] of [["a", 1], ["b", 2], ["a", 3]] as const) {
      const outbox = new Outbox(hub);
      await database.db.transaction((tx) => outbox.store(tx, change(topic, n)));
      outbox.afterCommit();
    }
    await vi.waitFor(() => expect(hub.delivered).toBe(start + 3), { timeout: 5000 });
    const replay = await hub.replay([portfolioTopic("a")], start, hub.delivered);
    expect(replay.complete).toBe(true);
    expect(replay.events.map((e) => nOf(e))).toEqual([1, 3]);
    // Only after the id given, and not past `upTo` (what follows reaches the stream live).
    expect((await hub.replay([portfolioTopic("a")], start + 1, start + 2)).events).toEqual([]);
    // Pruned: a stream that far behind cannot be told what it missed.
    await pruneLiveEvents(database.db, new Date(Date.now() + 10 * 60_000));
    expect(await hub.replay([portfolioTopic("a")], start, hub.delivered)).toEqual({ events: [], complete: true });
    const later = new Outbox(hub);
    await database.db.transaction((tx) => later.store(tx, change("a", 5)));
    later.afterCommit();
    await vi.waitFor(() => expect(hub.delivered).toBeGreaterThan(start + 3), { timeout: 5000 });
    expect((await hub.replay([portfolioTopic("a")], start, hub.delivered)).complete).toBe(false);
  });

  it("deliver a change the trading writer stored by reference as the rows it names, read when delivered and replayed (decision 087)", async () => {
    const hub = await startedHub();
    const instrument = await createInstrument(database.db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(database.db);
    const seen: LiveEvent[] = [];
    hub.subscribe(portfolioTopic(portfolio.id), (e) => seen.push(e));
    const start = hub.delivered;
    const placed = await placeOrder(database.db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 2 } });
    // The order path wakes the process's hub; this one reads when asked.
    await vi.waitFor(async () => {
      await hub.read();
      expect(seen).toHaveLength(1);
    }, { timeout: 5000 });
    // Stored as ids: a few dozen bytes, whatever the orders' and fills' size.
    const [stored] = (await database.db.execute<{ type: string; data: unknown }>(sql`select type, data from live_events where id = ${seen[0]!.id}`)).rows;
    expect(stored).toEqual({ type: "portfolio-ref", data: { portfolioId: portfolio.id, orders: [placed.order.id], fills: [placed.fill!.id] } });
    // Sent as the order's answer and its fill, as the API shows them.
    expect(seen[0]).toEqual({ id: expect.any(Number), topic: portfolioTopic(portfolio.id), type: "portfolio", data: { portfolioId: portfolio.id, orders: [placed.order], fills: [placed.fill] } });
    const replay = await hub.replay([portfolioTopic(portfolio.id)], start, hub.delivered);
    expect(replay.events).toEqual(seen);
    // Rows gone since (a reset): the change names none of them rather than failing.
    expect(await portfolioChanges(database.db, [{ portfolioId: "gone", orders: ["no-such-order"], fills: ["no-such-fill"] }])).toEqual([{ portfolioId: "gone", orders: [], fills: [] }]);
    // Nothing wired to read them: a change without data, which tells the page to read the portfolio again.
    wirePortfolioChanges(undefined);
    try {
      expect((await hub.replay([portfolioTopic(portfolio.id)], start, hub.delivered)).events).toEqual([{ ...seen[0], data: null }]);
    } finally {
      wirePortfolioChanges(portfolioChanges);
    }
  });

  it.runIf(onPostgres)("hold what follows an id whose writer has not committed yet, and deliver both in order once it has", async () => {
    const hub = await startedHub();
    const seen: number[] = [];
    hub.subscribe(portfolioTopic("g"), (e) => seen.push(nOf(e)));
    let commitFirst!: () => void;
    const gate = new Promise<void>((resolve) => (commitFirst = resolve));
    const slow = new Outbox(hub);
    let stored!: () => void;
    const isStored = new Promise<void>((resolve) => (stored = resolve));
    const slowWriter = database.db.transaction(async (tx) => {
      await slow.store(tx, change("g", 1));
      stored();
      await gate;
    });
    await isStored;
    const fast = new Outbox(hub);
    await database.db.transaction((tx) => fast.store(tx, change("g", 2)));
    fast.afterCommit();
    // The later id is committed and read, but waits for the earlier one (its writer is still running).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    commitFirst();
    await slowWriter;
    slow.afterCommit();
    await vi.waitFor(() => expect(seen).toEqual([1, 2]), { timeout: 5000 });
  });

  it.runIf(onPostgres)("deliver an id passed over after waiting once its writer commits after all: late, once; and stop watching for it after a while", async () => {
    const hub = await startedHub(undefined, { gapWaitMs: 300, lateWatchMs: 1500 });
    const seen: Array<{ n: number; late: boolean }> = [];
    hub.subscribe(portfolioTopic("late"), (e, late) => seen.push({ n: nOf(e), late }));
    /** A writer that stores its event and holds its transaction open until told to commit (or roll back). */
    const heldWriter = async (n: number) => {
      const outbox = new Outbox(hub);
      let finish!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (finish = resolve));
      let stored!: () => void;
      const isStored = new Promise<void>((resolve) => (stored = resolve));
      const done = database.db
        .transaction(async (tx) => {
          await outbox.store(tx, change("late", n));
          stored();
          if (!(await decided)) throw new Error("rolled back");
        })
        .then(
          () => outbox.afterCommit(),
          () => undefined,
        );
      await isStored;
      return { finish: (commit: boolean) => (finish(commit), done) };
    };
    const slow = await heldWriter(1);
    const gone = await heldWriter(2);
    const fast = new Outbox(hub);
    await database.db.transaction((tx) => fast.store(tx, change("late", 3)));
    fast.afterCommit();
    // The two open writers' ids hold the third back for gapWaitMs, then are passed over (and watched).
    await vi.waitFor(() => expect(seen).toEqual([{ n: 3, late: false }]), { timeout: 5000 });
    expect(hub.watchedLate).toBe(2);
    // The slow writer commits after all: its event is delivered, late, once.
    await slow.finish(true);
    await vi.waitFor(() => expect(seen).toEqual([{ n: 3, late: false }, { n: 1, late: true }]), { timeout: 5000 });
    // The other id still watched does not make the hub read after every commit (decision 090):
    // a writer's event nobody here listens to is taken in as it commits.
    await hub.read();
    expect(hub.watchedLate).toBe(1);
    const quiet = new Outbox(hub);
    await database.db.transaction((tx) => quiet.store(tx, change("nobody", 9)));
    quiet.afterCommit();
    const delivered = hub.delivered;
    expect(delivered).toBe(Number((await database.db.execute<{ id: string }>(sql`select max(id)::text as id from live_events`)).rows[0]!.id));
    // The other rolls back: nothing to deliver, and after lateWatchMs no longer watched.
    await gone.finish(false);
    const after = new Outbox(hub);
    await database.db.transaction((tx) => after.store(tx, change("late", 4)));
    after.afterCommit();
    await vi.waitFor(() => expect(seen.map((e) => e.n)).toEqual([3, 1, 4]), { timeout: 5000 });
    await vi.waitFor(async () => {
      await hub.read();
      expect(hub.watchedLate).toBe(0);
    }, { timeout: 5000 });
    expect(seen.map((e) => e.n)).toEqual([3, 1, 4]);
  });

  it.runIf(onPostgres)("reach another instance's hub through one NOTIFY after commit, not inside the writer's transaction", async () => {
    const a = await startedHub(database.directUrl);
    const b = await startedHub(database.directUrl);
    // a knows of b (b's hello may still be on its way).
    await a.countOthers();
    const seen: number[] = [];
    b.subscribe(portfolioTopic("x"), (e) => seen.push(nOf(e)));
    statements.length = 0;
    const outbox = new Outbox(a);
    await database.db.transaction((tx) => outbox.store(tx, change("x", 1)));
    const inTransaction = statements.length;
    outbox.afterCommit();
    await vi.waitFor(() => expect(seen).toEqual([1]), { timeout: 5000 });
    // The writer's statements carry no NOTIFY (its commit would take PostgreSQL's cluster-wide
    // notify lock); one NOTIFY of its own follows the commit, with nothing in it (the events are in the table).
    expect(statements.slice(0, inTransaction).filter((q) => q.includes("pg_notify"))).toEqual([]);
    expect(statements.slice(inTransaction).filter((q) => q.includes("pg_notify"))).toEqual([expect.stringMatching(/^select pg_notify\(\$1, \$2\)$/)]);
  });

  it("take in the trading writer's own events without reading them while nobody here listens to them, and read them for a listener (decision 090)", async () => {
    // A hub of its own, set as the process's (the order path's): the file's has ids passed over
    // by earlier tests still watched, and a hub with those reads after every commit.
    const own = getHub();
    const hub = await startedHub();
    setHub(hub);
    onTestFinished(() => setHub(own));
    const instrument = await createInstrument(database.db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(database.db);
    const lastId = async () => Number((await database.db.execute<{ id: string }>(sql`select max(id)::text as id from live_events`)).rows[0]!.id);
    expect(hub.delivered).toBe(await lastId());
    const order = { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy" as const, type: "market" as const, quantity: 1 } };
    // This hub's reads of what is new, counted on it: the file's own hub still reads on its
    // timer, on the same database (its reads showed up in a statement count under load).
    const readOnce = vi.spyOn(hub as unknown as { readOnce: () => Promise<boolean> }, "readOnce");
    const reads = () => readOnce.mock.calls.length;
    await placeOrder(database.db, order);
    // Its statement said which id it stored, the next one: delivered, without a read.
    expect(hub.delivered).toBe(await lastId());
    // One read, the one asked for here (another would run as well, or after it: readAgain).
    await hub.read();
    expect(reads()).toBe(1);
    // Listened to here: read, and sent as the order's change.
    const seen: LiveEvent[] = [];
    const unsubscribe = hub.subscribe(portfolioTopic(portfolio.id), (e) => seen.push(e));
    try {
      const placed = await placeOrder(database.db, order);
      await vi.waitFor(() => expect(seen.map((e) => e.data)).toEqual([{ portfolioId: portfolio.id, orders: [placed.order], fills: [placed.fill] }]), { timeout: 5000 });
    } finally {
      unsubscribe();
    }
  });

  it.runIf(onPostgres)("wake other instances only while another hub LISTENs: a hub alone sends no NOTIFY, and a new hub's hello makes it wake that one at once", async () => {
    const a = await startedHub(database.directUrl);
    await a.countOthers();
    expect(a.wakesOthers).toBe(false);
    statements.length = 0;
    const alone = new Outbox(a);
    await database.db.transaction((tx) => alone.store(tx, change("w", 1)));
    alone.afterCommit();
    await a.read();
    expect(statements.filter((q) => q.includes("pg_notify"))).toEqual([]);
    // A second instance's hub says hello as it begins to LISTEN: the first wakes it from then on.
    // Its URL names the session otherwise: a hub is still counted as one.
    const named = new URL(database.directUrl!);
    named.searchParams.set("application_name", "an-operators-name");
    const b = await startedHub(named.toString());
    await vi.waitFor(() => expect(a.wakesOthers).toBe(true), { timeout: 5000 });
    await a.countOthers();
    expect(a.wakesOthers).toBe(true);
    const seen: number[] = [];
    b.subscribe(portfolioTopic("w"), (e) => seen.push(nOf(e)));
    const outbox = new Outbox(a);
    await database.db.transaction((tx) => outbox.store(tx, change("w", 2)));
    outbox.afterCommit();
    await vi.waitFor(() => expect(seen).toEqual([2]), { timeout: 5000 });
    expect(statements.filter((q) => q.includes("pg_notify"))).toHaveLength(1);
    // Gone again: counted, and no more NOTIFYs.
    await b.stop();
    await vi.waitFor(async () => {
      await a.countOthers();
      expect(a.wakesOthers).toBe(false);
    }, { timeout: 5000 });
  });
});
