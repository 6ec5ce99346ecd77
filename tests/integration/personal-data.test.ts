/**
 * "Export my data" holds everything Tickerlab keeps about the person (and nothing about
 * anyone else), and is streamed: a long history of orders is read a page at a time, only
 * as fast as the reader takes it.
 */
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createToken } from "@/features/account/server/api-tokens";
import { personalData } from "@/personal-data";
import { createEvent, joinEvent } from "@/features/events";
import { refreshLeagues } from "@/features/leagues";
import { refreshLiveEventBoards, refreshPracticeBoards } from "@/features/ranking";
import { markRead } from "@/features/learn/server/learning";
import { answerDrawnAttempt } from "../factories/quiz";
import { seedCurriculum } from "@/features/learn/server/seed";
import { addToWatchlist, takeSnapshots } from "@/features/portfolio";
import { getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import { audit } from "@/server/audit";
import { lessons } from "@/server/db/schema";
import { EXPORT_PAGE_ROWS, writePersonalData } from "@/server/personal-data";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

let orderPageReads = 0;
const database = useTestDatabase({
  onQuery: (query) => {
    if (/from "orders" where \("orders"."portfolio_id" =/i.test(query)) orderPageReads++;
  },
});

/**
 * A reader that takes what it is given until a chunk holds `holdAt`, then takes nothing more
 * (like a slow network) until `release()`.
 */
class Reader extends Writable {
  chunks: string[] = [];
  private held: Array<() => void> = [];
  private holding = false;
  constructor(private holdAt?: string) {
    super({ highWaterMark: 16 * 1024, decodeStrings: false });
  }
  override _write(chunk: string, _encoding: BufferEncoding, done: (error?: Error) => void) {
    this.chunks.push(String(chunk));
    if (this.holdAt !== undefined && String(chunk).includes(this.holdAt)) this.holding = true;
    if (this.holding) this.held.push(() => done());
    else done();
  }
  release() {
    this.holding = false;
    this.holdAt = undefined;
    for (const done of this.held.splice(0)) done();
  }
  get text() {
    return this.chunks.join("");
  }
}

type Rows = Array<Record<string, unknown>>;
type Sections = "portfolios" | "positions" | "orders" | "fills" | "cashMovements" | "watchlist" | "equitySnapshots" | "lessonProgress" | "quizAttempts" | "xp" | "learningDays" | "eventParticipation" | "eventStandings" | "leaderboards" | "fairPlayFlags" | "leagues" | "activity" | "apiTokens";
type Exported = Record<Sections, Rows> & { exportedAt: string; profile: Record<string, unknown> };

async function exportOf(userId: string): Promise<Exported> {
  const reader = new Reader();
  await writePersonalData(reader, await personalData(database.db, userId));
  return JSON.parse(reader.text);
}

describe("export my data", () => {
  it("holds the person's portfolios, orders, fills, positions, watchlist, learning, events and audit entries, and nobody else's", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const person = await createTestUser(db, { name: "Exporter" });
    const other = await createTestUser(db, { name: "Someone else" });
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const lesson = buildLesson();
    await seedCurriculum(db, [buildCourse({ lessons: [lesson] })]);
    const [lessonRow] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, lesson.slug));

    const practice = await getOrCreatePracticePortfolio(db, person.id);
    const bought = await placeOrder(db, { userId: person.id, portfolioId: practice.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 3 } });
    const resting = await placeOrder(db, { userId: person.id, portfolioId: practice.id, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 1, limitPrice: "10.00" } });
    const elsewhere = await getOrCreatePracticePortfolio(db, other.id);
    const notMine = await placeOrder(db, { userId: other.id, portfolioId: elsewhere.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } });
    await addToWatchlist(db, person.id, instrument.symbol);
    await markRead(db, person.id, lessonRow!.id, "UTC");
    await answerDrawnAttempt(db, person.id, lessonRow!.id, "wrong");
    const now = Date.now();
    const event = await createEvent(db, { id: organiser.id }, { title: "Export cup", startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString(), startingCash: "10000.00", visibility: "public" } as never, new Date(now - 120_000));
    await joinEvent(db, { id: person.id }, event.slug);
    await takeSnapshots(db, new Date());
    await audit(db, { action: "admin.role-changed", actorId: organiser.id, subjectId: person.id, ip: "192.0.2.1", detail: { role: "member" } });
    const apiToken = await createToken(db, person.id, { name: "export script", scopes: ["read"], expiresInDays: 7 }, "192.0.2.9");
    await createToken(db, other.id, { name: "not mine", scopes: ["read"], expiresInDays: 7 }, "192.0.2.9");
    await audit(db, { action: "admin.role-changed", actorId: organiser.id, subjectId: other.id, ip: "192.0.2.1", detail: { role: "member" } });

    // A third person trades too: a league starts with three (decision 066). All three are in it; only the person's row is exported.
    const third = await createTestUser(db, { name: "A third" });
    await placeOrder(db, { userId: third.id, portfolioId: (await getOrCreatePracticePortfolio(db, third.id)).id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } });
    await refreshLeagues(db, { now: new Date() });
    await refreshPracticeBoards(db, { now: new Date() });
    await refreshLiveEventBoards(db, { now: new Date() });
    const data = await exportOf(person.id);
    // Where the person stands on each practice board and the live event's (stored whole, decisions 091, 094), by board.
    expect((data.leaderboards as Array<{ board: string; rank: number; equity: string }>).map((r) => r.board)).toEqual([`event:${event.event.id}`, "practice:all", "practice:day", "practice:month", "practice:week"]);
    expect(data.leaderboards).toEqual(expect.arrayContaining([expect.objectContaining({ board: `event:${event.event.id}`, rank: 1, equity: "10000.00" })]));
    expect(data.leaderboards).toEqual(expect.arrayContaining([expect.objectContaining({ board: "practice:all", rank: expect.any(Number), equity: expect.stringMatching(/^\d+\.\d\d$/) })]));
    expect(data.leagues).toEqual([expect.objectContaining({ tier: 0, arrival: "new", rank: expect.any(Number) })]);
    expect(Object.keys(data)).toEqual(["exportedAt", "profile", "signInMethods", "apiTokens", "portfolios", "positions", "orders", "fills", "cashMovements", "watchlist", "equitySnapshots", "lessonProgress", "quizAttempts", "xp", "learningDays", "eventParticipation", "eventStandings", "leaderboards", "fairPlayFlags", "leagues", "classes", "rosterAccount", "activity"]);
    expect(data.profile).toMatchObject({ name: "Exporter" });
    expect(data.portfolios.map((p) => p.kind).sort()).toEqual(["event", "practice"]);
    expect(data.orders.map((o) => o.id)).toEqual([bought.order.id, resting.order.id]);
    expect(data.fills).toEqual([expect.objectContaining({ orderId: bought.order.id, quantity: 3 })]);
    expect(data.positions).toEqual([expect.objectContaining({ symbol: instrument.symbol, quantity: 3 })]);
    expect(data.cashMovements.length).toBeGreaterThanOrEqual(3); // two deposits and the buy
    expect(data.watchlist).toEqual([expect.objectContaining({ symbol: instrument.symbol })]);
    expect(data.equitySnapshots.length).toBe(2);
    expect(data.lessonProgress).toEqual([expect.objectContaining({ lessonId: lessonRow!.id, attempts: 1 })]);
    expect(data.quizAttempts).toEqual([expect.objectContaining({ lessonId: lessonRow!.id, passed: false })]);
    expect(data.xp).toEqual([expect.objectContaining({ kind: "read" })]);
    expect(data.learningDays).toHaveLength(1);
    expect(data.eventParticipation).toEqual([expect.objectContaining({ eventId: event.event.id, event: "Export cup" })]);
    expect(data.fairPlayFlags).toEqual([]);
    // The admin's own address is the admin's, not the person's.
    expect(data.activity).toEqual([
      expect.objectContaining({ action: "admin.role-changed", byThem: false, ip: null }),
      expect.objectContaining({ action: "account.api-token-created", byThem: true, ip: "192.0.2.9" }),
    ]);
    expect(data.apiTokens).toEqual([expect.objectContaining({ id: apiToken.id, name: "export script", prefix: apiToken.prefix, scopes: ["read"], state: "active" })]);
    expect(JSON.stringify(data)).not.toContain(apiToken.token);

    const text = JSON.stringify(data);
    expect(text).not.toContain(notMine.order.id);
    expect(text).not.toContain(other.id);
    expect(text).not.toMatch(/argon2|request_?hash|"response"/i);
  });

  it("streams 20,000 orders a page at a time, reading no further while the reader is full", async () => {
    const db = database.db;
    const person = await createTestUser(db);
    const portfolio = await getOrCreatePracticePortfolio(db, person.id);
    // Twenty pages: what the export holds in memory is a page and what the reader has not taken,
    // whatever the length (the stop while full is the proof); 100,000 took 37 s of every pass.
    const total = 20 * EXPORT_PAGE_ROWS;
    await db.execute(sql`
      insert into orders (id, portfolio_id, symbol, side, type, quantity, time_in_force, status, created_at, updated_at)
      select 'bulk-' || lpad(n::text, 6, '0'), ${portfolio.id}, 'BULK', 'buy', 'market', 1, 'day', 'rejected',
             timestamptz '2024-01-01' + (n / 7) * interval '1 microsecond', now()
      from generate_series(1, ${total}) n`);

    const reader = new Reader('"bulk-');
    orderPageReads = 0;
    const writing = writePersonalData(reader, await personalData(db, person.id));
    // Wait until the orders reach the reader, then let any read already asked for finish (the
    // database answers in order, so a query sent now returns after it): the export must stop.
    await expect.poll(() => reader.chunks.some((chunk) => chunk.includes('"bulk-')), { timeout: 120_000 }).toBe(true);
    await db.execute(sql`select 1`);
    const readWhileFull = orderPageReads;
    expect(readWhileFull).toBeLessThanOrEqual(2);
    expect(readWhileFull).toBeLessThan(total / EXPORT_PAGE_ROWS);

    reader.release();
    await writing;
    const orders = (JSON.parse(reader.text) as { orders: Array<{ id: string }> }).orders;
    expect(orders).toHaveLength(total);
    // Keyset pages by the exact time: none lost or repeated where 7 orders share a microsecond.
    expect(new Set(orders.map((o) => o.id)).size).toBe(total);
    expect(orders[0]!.id).toBe("bulk-000001");
    expect(orderPageReads).toBeGreaterThanOrEqual(total / EXPORT_PAGE_ROWS);
  }, 180_000);
});
