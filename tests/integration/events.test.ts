/** Events on a real database: joins under a lock, rules of event portfolios, the end instant, frozen standings, visibility. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCurriculum } from "@/features/learn/server/seed";
import {
  archiveEvent,
  cloneEvent,
  createEvent,
  finalizeDueEvents,
  getEventFor,
  joinEvent,
  listEventsFor,
  listParticipants,
  regenerateJoinCode,
  removeParticipant,
  standingsCsv,
  standingsFor,
  updateEvent,
} from "@/features/events";
import { portfolioSummary, takeSnapshots } from "@/features/portfolio";
import { findPortfolioFor, placeOrder, type PlaceOrderResult } from "@/features/trading";
import { setPrice } from "@/features/market/server/test-prices";
import { refreshLiveEventBoards } from "@/features/ranking";
import { auditLog, equitySnapshots, eventStandings, events, lessonProgress, lessons, orders, portfolios } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function admin() {
  return createTestUser(database.db, { role: "admin" });
}

interface EventOptions {
  startsAt?: string;
  endsAt?: string;
  visibility?: "public" | "private";
  [key: string]: unknown;
}

/** An event live from an hour ago to an hour from now, unless told otherwise. */
async function liveEvent(options: EventOptions = {}) {
  const organiser = await admin();
  const now = Date.now();
  const input = {
    title: `Spring cup ${Math.random().toString(36).slice(2, 8)}`,
    startsAt: iso(now - HOUR),
    endsAt: iso(now + HOUR),
    startingCash: "10000.00",
    visibility: "public" as const,
    ...options,
  };
  // Created "before" its start, as an organiser would.
  const made = await createEvent(database.db, { id: organiser.id }, input as never, new Date(now - 2 * HOUR));
  return { ...made, organiser };
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);
const code = (answer: PlaceOrderResult) => answer.rejection?.code;

describe("creating and editing events", () => {
  it("answers 201 with a slug and, for a private event, a join code; refuses bad definitions per field", async () => {
    const db = database.db;
    const organiser = await admin();
    const made = await createEvent(db, { id: organiser.id }, {
      title: "Club contest",
      startsAt: iso(Date.now() + HOUR),
      endsAt: iso(Date.now() + 2 * HOUR),
      startingCash: "5000.00",
      visibility: "private",
      commissionFlat: "1.00",
      commissionBps: 5,
    });
    expect(made.slug).toMatch(/^club-contest/);
    expect(made.joinCode).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(made.event).toMatchObject({ startingCash: "5000.00", commissionFlat: "1.00", commissionBps: 5, phase: "upcoming" });
    const second = await createEvent(db, { id: organiser.id }, { title: "Club contest", startsAt: iso(Date.now() + HOUR), endsAt: iso(Date.now() + 2 * HOUR), startingCash: "5000.00", visibility: "public" });
    expect(second.slug).not.toBe(made.slug);

    const bad = await failure(createEvent(db, { id: organiser.id }, { title: "x", startsAt: "tomorrow", endsAt: iso(Date.now()), startingCash: "1", visibility: "public", instruments: ["NOPE"] }));
    expect(bad).toMatchObject({ kind: "invalid", code: "VALIDATION_FAILED" });
    expect(Object.keys(bad!.fields!)).toEqual(expect.arrayContaining(["title", "startsAt", "startingCash"]));
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, "event.created"));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses locked edits of a live event with EVENT_LOCKED and a reason per field, and takes the open ones", async () => {
    const db = database.db;
    const { slug, organiser } = await liveEvent();
    const locked = await failure(updateEvent(db, { id: organiser.id }, slug, { startingCash: "20000.00", commissionBps: 10, title: "Renamed" }));
    expect(locked).toMatchObject({ kind: "refused", code: "EVENT_LOCKED" });
    expect(Object.keys(locked!.fields!).sort()).toEqual(["commissionBps", "startingCash"]);
    const later = iso(Date.now() + 3 * HOUR);
    const ok = await updateEvent(db, { id: organiser.id }, slug, { title: "Renamed cup", endsAt: later });
    expect(ok.event).toMatchObject({ title: "Renamed cup", endsAt: later });
    const past = await failure(updateEvent(db, { id: organiser.id }, slug, { endsAt: iso(Date.now() - 1000) }));
    expect(past).toMatchObject({ kind: "refused", code: "EVENT_LOCKED" });
    expect(past!.fields).toHaveProperty("endsAt");
    // An upcoming event takes every change.
    const upcoming = await liveEvent({ startsAt: iso(Date.now() + HOUR), endsAt: iso(Date.now() + 2 * HOUR) });
    const changed = await updateEvent(db, { id: upcoming.organiser.id }, upcoming.slug, { startingCash: "20000.00", allowShort: false });
    expect(changed.event).toMatchObject({ startingCash: "20000.00", allowShort: false });
  });

  it("clones with the same rules and new dates, archives, and regenerates a private code", async () => {
    const db = database.db;
    const { slug, organiser, joinCode } = await liveEvent({ visibility: "private", commissionBps: 7, maxPositionPct: 25 });
    const clone = await cloneEvent(db, { id: organiser.id }, slug, {});
    expect(clone.slug).not.toBe(slug);
    expect(clone.event).toMatchObject({ commissionBps: 7, maxPositionPct: 25, visibility: "private", phase: "upcoming" });
    expect(clone.joinCode).not.toBe(joinCode);
    const regenerated = await regenerateJoinCode(db, { id: organiser.id }, slug);
    expect(regenerated.joinCode).not.toBe(joinCode);
    const member = await createTestUser(db);
    // The old code no longer works; the new one does.
    expect(await failure(joinEvent(db, member, slug, { code: joinCode }))).toMatchObject({ kind: "not-found" });
    expect((await joinEvent(db, member, slug, { code: regenerated.joinCode.toLowerCase() })).created).toBe(true);
    await archiveEvent(db, { id: organiser.id }, slug);
    const other = await createTestUser(db);
    const list = await listEventsFor(db, other, { page: 1, pageSize: 100 });
    expect(list.items.find((e) => e.slug === slug)).toBeUndefined();
  });
});

describe("joining", () => {
  it(`respects maxParticipants under 12 concurrent joins${onPostgres ? " (really racing on PostgreSQL)" : ""}`, async () => {
    const db = database.db;
    const { slug } = await liveEvent({ maxParticipants: 5 });
    const people = await Promise.all(Array.from({ length: 12 }, () => createTestUser(db)));
    const answers = await Promise.allSettled(people.map((p) => joinEvent(db, p, slug)));
    const joined = answers.filter((a) => a.status === "fulfilled");
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    expect(joined).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toMatchObject({ kind: "refused", code: "EVENT_FULL" });
    const [event] = await db.select().from(events).where(eq(events.slug, slug));
    const eventPortfolios = await db.select().from(portfolios).where(eq(portfolios.eventId, event!.id));
    expect(eventPortfolios).toHaveLength(5);
    for (const p of eventPortfolios) {
      expect(p).toMatchObject({ kind: "event", startingCash: "10000.00", cash: "10000.00" });
      await expectIdentities(db, p.id);
    }
  });

  it("answers the same portfolio when joining again, also concurrently", async () => {
    const db = database.db;
    const { slug } = await liveEvent();
    const member = await createTestUser(db);
    const answers = await Promise.all(Array.from({ length: 4 }, () => joinEvent(db, member, slug)));
    expect(new Set(answers.map((a) => a.portfolioId)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
  });

  it("keeps a private event invisible and unjoinable without its code", async () => {
    const db = database.db;
    const { slug, joinCode } = await liveEvent({ visibility: "private" });
    const stranger = await createTestUser(db);
    expect(await failure(getEventFor(db, stranger, slug))).toMatchObject({ kind: "not-found" });
    expect(await failure(getEventFor(db, stranger, slug, { code: "WRONG-CODE" }))).toMatchObject({ kind: "not-found" });
    expect(await failure(standingsFor(db, stranger, slug))).toMatchObject({ kind: "not-found" });
    expect(await failure(joinEvent(db, stranger, slug))).toMatchObject({ kind: "not-found" });
    expect(await failure(joinEvent(db, stranger, slug, { code: "ABCD-EFGH" }))).toMatchObject({ kind: "not-found" });
    expect((await listEventsFor(db, stranger, { page: 1, pageSize: 100 })).items.some((e) => e.slug === slug)).toBe(false);
    // With the code (an invite link's ?code=): visible, joinable, then listed for them.
    expect((await getEventFor(db, stranger, slug, { code: joinCode })).slug).toBe(slug);
    const joined = await joinEvent(db, stranger, slug, { code: joinCode!.replace("-", " ") });
    expect(joined.portfolioId).toBeTruthy();
    // Their rank comes with the next board refresh (every 5 s in the running app).
    await refreshLiveEventBoards(db, { now: new Date() });
    const mine = await listEventsFor(db, stranger, { page: 1, pageSize: 100 });
    expect(mine.items.find((e) => e.slug === slug)).toMatchObject({ joined: true, portfolioId: joined.portfolioId, rank: 1 });
    expect((await getEventFor(db, stranger, slug)).joined).toBe(true);
  });

  it("refuses with LESSON_REQUIRED until the required lesson is passed", async () => {
    const db = database.db;
    const gate = buildLesson();
    await seedCurriculum(db, [buildCourse({ lessons: [gate] })]);
    const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, gate.slug));
    const { slug } = await liveEvent({ requiredLesson: gate.slug });
    const member = await createTestUser(db);
    const refused = await failure(joinEvent(db, member, slug));
    expect(refused).toMatchObject({ kind: "refused", code: "LESSON_REQUIRED", fields: { requiredLesson: lesson!.id } });
    const detail = await getEventFor(db, member, slug);
    expect(detail.lesson).toMatchObject({ id: lesson!.id, passed: false, href: expect.stringContaining(gate.slug) });
    await db.insert(lessonProgress).values({ userId: member.id, lessonId: lesson!.id, attempts: 1, passedAt: new Date() });
    expect((await joinEvent(db, member, slug)).created).toBe(true);
  });

  it("refuses late entry when the event does not take it, and joining an ended event", async () => {
    const db = database.db;
    const closed = await liveEvent({ lateEntry: false });
    const member = await createTestUser(db);
    expect(await failure(joinEvent(db, member, closed.slug))).toMatchObject({ kind: "refused", code: "LATE_ENTRY_CLOSED" });
    const ended = await liveEvent({ startsAt: iso(Date.now() - 2 * HOUR), endsAt: iso(Date.now() - HOUR) });
    expect(await failure(joinEvent(db, member, ended.slug))).toMatchObject({ kind: "refused", code: "EVENT_ENDED" });
  });
});

describe("trading in an event", () => {
  it("uses the event's rules: instruments, shorting, position limit, commission", async () => {
    const db = database.db;
    const allowed = await createInstrument(db, { lastPrice: "100.00" });
    const other = await createInstrument(db, { lastPrice: "100.00" });
    const { slug } = await liveEvent({ instruments: [allowed.symbol], allowShort: false, maxPositionPct: 50, commissionFlat: "1.00", commissionBps: 10 });
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, slug);
    const ids = { userId: member.id, portfolioId };
    expect(code(await placeOrder(db, { ...ids, input: { symbol: other.symbol, side: "buy", type: "market", quantity: 1 } }))).toBe("INSTRUMENT_NOT_ALLOWED");
    expect(code(await placeOrder(db, { ...ids, input: { symbol: allowed.symbol, side: "short", type: "market", quantity: 1 } }))).toBe("SHORTING_DISABLED");
    expect(code(await placeOrder(db, { ...ids, input: { symbol: allowed.symbol, side: "buy", type: "market", quantity: 60 } }))).toBe("POSITION_LIMIT");
    const filled = await placeOrder(db, { ...ids, input: { symbol: allowed.symbol, side: "buy", type: "market", quantity: 10 } });
    expect(filled.rejection).toBeNull();
    // 10 × 100.05 = 1,000.50; commission 1.00 + 10 bps of 1,000.50 (1.0005 → 1.01) = 2.01.
    expect(filled.fill!.commission).toBe("2.01");
    expect((await portfolioRow(db, portfolioId)).cash).toBe("8997.49");
    await expectIdentities(db, portfolioId);
  });

  it("accepts an order 1 ms before the end and refuses one at the end with EVENT_NOT_LIVE", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const { slug } = await liveEvent();
    const [event] = await db.select().from(events).where(eq(events.slug, slug));
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, slug);
    const order = { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 };
    const end = event!.endsAt.getTime();
    const before = await placeOrder(db, { userId: member.id, portfolioId, input: order, now: new Date(end - 1) });
    expect(before.rejection).toBeNull();
    const at = await placeOrder(db, { userId: member.id, portfolioId, input: order, now: new Date(end) });
    expect(at.rejection).not.toBeNull();
    expect(code(at)).toBe("EVENT_NOT_LIVE");
    const early = await placeOrder(db, { userId: member.id, portfolioId, input: order, now: new Date(event!.startsAt.getTime() - 1) });
    expect(code(early)).toBe("EVENT_NOT_LIVE");
    // Rejections stay in the history with their reason.
    const rejected = await db.select().from(orders).where(eq(orders.portfolioId, portfolioId));
    expect(rejected.filter((o) => o.rejectCode === "EVENT_NOT_LIVE")).toHaveLength(2);
  });

  it("lets nobody read or trade another person's event portfolio", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const { slug } = await liveEvent();
    const owner = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, owner, slug);
    const intruder = await createTestUser(db);
    expect(await failure(findPortfolioFor(db, portfolioId, intruder))).toMatchObject({ kind: "not-found" });
    expect(await failure(placeOrder(db, { userId: intruder.id, portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } }))).toMatchObject({ kind: "not-found" });
    expect((await findPortfolioFor(db, portfolioId, owner)).id).toBe(portfolioId);
  });

  it("removes a participant: audited, open orders cancelled and reservations released, no more trading or joining", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const { slug, organiser } = await liveEvent();
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, slug);
    const resting = await placeOrder(db, { userId: member.id, portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 10, limitPrice: "90.00" } });
    expect(resting.rejection).toBeNull();
    expect((await portfolioRow(db, portfolioId)).reservedCash).not.toBe("0.00");
    await removeParticipant(db, { id: organiser.id }, slug, member.id);
    expect((await portfolioRow(db, portfolioId)).reservedCash).toBe("0.00");
    const [order] = await db.select().from(orders).where(eq(orders.portfolioId, portfolioId));
    expect(order!.status).toBe("cancelled");
    await expectIdentities(db, portfolioId);
    expect(await failure(placeOrder(db, { userId: member.id, portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } }))).toMatchObject({
      kind: "refused",
      code: "PARTICIPANT_REMOVED",
    });
    expect(await failure(joinEvent(db, member, slug))).toMatchObject({ kind: "refused", code: "PARTICIPANT_REMOVED" });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "event.participant-removed"));
    expect(entry).toMatchObject({ actorId: organiser.id, subjectId: member.id });
    expect((await standingsFor(db, organiser, slug)).items).toHaveLength(0);
  });
});

describe("the end of an event", () => {
  it("cancels open orders, snapshots at the end, freezes the standings — which stay frozen as prices move", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const { slug, organiser } = await liveEvent();
    const [event] = await db.select().from(events).where(eq(events.slug, slug));
    const [a, b, c] = await Promise.all([createTestUser(db, { name: "Ada" }), createTestUser(db, { name: "=cmd|' /C calc'!A0" }), createTestUser(db, { name: "Cy" })]);
    const joinedAt = event!.startsAt.getTime() + 1000;
    const pa = await joinEvent(db, a!, slug, { now: new Date(joinedAt) });
    const pb = await joinEvent(db, b!, slug, { now: new Date(joinedAt + 1000) });
    await joinEvent(db, c!, slug, { now: new Date(joinedAt + 2000) });
    await placeOrder(db, { userId: a!.id, portfolioId: pa.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 50 } });
    await placeOrder(db, { userId: b!.id, portfolioId: pb.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 10, limitPrice: "80.00" } });
    await setPrice(db, instrument.symbol, "110.00");
    // The live board is what the ranking refresh last wrote (every 5 s in the running app).
    expect((await standingsFor(db, a!, slug)).items).toEqual([]);
    await refreshLiveEventBoards(db, { now: new Date() });
    const live = await standingsFor(db, a!, slug);
    expect(live.frozen).toBe(false);
    expect(live.items.map((i) => i.name)).toEqual(["Ada", "=cmd|' /C calc'!A0", "Cy"]);
    expect(live.items[0]).toMatchObject({ rank: 1, you: true });
    expect(live).toMatchObject({ total: 3, page: 1, pageSize: 50, pages: 1, own: { name: "Ada", rank: 1, page: 1 } });
    // A page of the board and the viewer's own row wherever it is (an event of 100,000 is never sent whole).
    const firstOfTwo = await standingsFor(db, c!, slug, { page: 1, pageSize: 2 });
    expect(firstOfTwo.items.map((i) => [i.name, i.you])).toEqual([
      ["Ada", false],
      ["=cmd|' /C calc'!A0", false],
    ]);
    expect(firstOfTwo).toMatchObject({ total: 3, page: 1, pageSize: 2, pages: 2, own: { name: "Cy", you: true, page: 2 } });
    const secondOfTwo = await standingsFor(db, c!, slug, { page: 2, pageSize: 2 });
    expect(secondOfTwo.items.map((i) => [i.name, i.you])).toEqual([["Cy", true]]);
    expect(secondOfTwo.own).toMatchObject({ name: "Cy", page: 2 });
    expect((await standingsFor(db, organiser, slug, { page: 9, pageSize: 2 })).items).toEqual([]);
    expect((await standingsFor(db, organiser, slug, { page: 1, pageSize: 2 })).own).toBeNull();

    // Nothing happens before the end.
    expect(await finalizeDueEvents({ db, now: new Date(event!.endsAt.getTime() - 1) })).not.toContain(event!.id);
    const end = new Date(event!.endsAt.getTime() + 300);
    expect(await finalizeDueEvents({ db, now: end })).toContain(event!.id);
    expect(await finalizeDueEvents({ db, now: new Date(end.getTime() + 1000) })).not.toContain(event!.id);

    const open = await db.select().from(orders).where(eq(orders.portfolioId, pb.portfolioId));
    expect(open.map((o) => o.status)).toEqual(["cancelled"]);
    expect((await portfolioRow(db, pb.portfolioId)).reservedCash).toBe("0.00");
    await expectIdentities(db, pb.portfolioId);
    const [last] = await db.select().from(equitySnapshots).where(eq(equitySnapshots.portfolioId, pa.portfolioId));
    expect(last!.takenAt.toISOString()).toBe(event!.endsAt.toISOString());

    const frozen = await standingsFor(db, a!, slug);
    expect(frozen.frozen).toBe(true);
    // 50 × 100.05 = 5,002.50 spent; 50 × 110 = 5,500.00 held: 10,497.50 → +4.98 %.
    expect(frozen.items[0]).toMatchObject({ rank: 1, name: "Ada", equity: "10497.50", totalReturn: "0.0498", trades: 1 });
    // b and c tie at 0 %: they share 2nd (decision 053); the earlier joiner is listed first.
    expect(frozen.items.slice(1).map((i) => [i.rank, i.tied, i.name])).toEqual([
      [2, 2, "=cmd|' /C calc'!A0"],
      [2, 2, "Cy"],
    ]);
    expect(frozen).toMatchObject({ total: 3, pages: 1, own: { name: "Ada", page: 1 } });
    // The frozen board pages the same way: its shared ranks stay on every page.
    const frozenSecond = await standingsFor(db, a!, slug, { page: 2, pageSize: 1 });
    expect(frozenSecond.items.map((i) => [i.rank, i.tied, i.name, i.you])).toEqual([[2, 2, "=cmd|' /C calc'!A0", false]]);
    expect(frozenSecond).toMatchObject({ total: 3, page: 2, pageSize: 1, pages: 3, own: { name: "Ada", rank: 1, page: 1 } });
    expect((await standingsFor(db, c!, slug, { page: 1, pageSize: 1 })).own).toMatchObject({ name: "Cy", rank: 2, tied: 2, page: 3 });
    const rows = await db.select().from(eventStandings).where(eq(eventStandings.eventId, event!.id));
    expect(rows).toHaveLength(3);

    await setPrice(db, instrument.symbol, "50.00");
    expect(await standingsFor(db, a!, slug)).toEqual({ ...frozen });
    expect(await db.select().from(eventStandings).where(eq(eventStandings.eventId, event!.id))).toEqual(rows);
    // After the end no order is taken.
    const late = await placeOrder(db, { userId: a!.id, portfolioId: pa.portfolioId, input: { symbol: instrument.symbol, side: "sell", type: "market", quantity: 1 }, now: end });
    expect(code(late)).toBe("EVENT_NOT_LIVE");
    // Participants table and CSV read the frozen record; the CSV defuses formulas.
    const participants = await listParticipants(db, slug);
    expect(participants.frozen).toBe(true);
    expect(participants.items.map((p) => p.rank)).toEqual([1, 2, 2]);
    expect(participants).toMatchObject({ total: 3, page: 1, pageSize: 50, pages: 1 });
    // A page at a time, in board order; found by a part of a name or address (its %, _ literal).
    const second = await listParticipants(db, slug, new Date(), { page: 2, pageSize: 2 });
    expect(second.items.map((p) => [p.rank, p.name])).toEqual([[2, "Cy"]]);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, pages: 2 });
    // ("y" is in no other name, and addresses are "person-<hex>@example.test".)
    expect((await listParticipants(db, slug, new Date(), { q: "Y" })).items.map((p) => p.name)).toEqual(["Cy"]);
    expect((await listParticipants(db, slug, new Date(), { q: a!.email!.toUpperCase() })).items.map((p) => p.name)).toEqual(["Ada"]);
    expect(await listParticipants(db, slug, new Date(), { q: "%" })).toMatchObject({ items: [], total: 0 });
    const csv = await standingsCsv(db, slug);
    expect(csv.body.split("\r\n")[0]).toBe("rank,name,email,equity,total_return,sharpe,trades,joined_at,final");
    expect(csv.body).toContain(`2,'=cmd|' /C calc'!A0,`);
    expect(await failure(removeParticipant(db, { id: organiser.id }, slug, c!.id))).toMatchObject({ kind: "refused", code: "EVENT_ENDED" });
    const summary = await portfolioSummary(db, await portfolioRow(db, pa.portfolioId));
    expect(summary.kind).toBe("event");
  });

  it("snapshots live event portfolios with the practice ones, and not those of events not live", async () => {
    const db = database.db;
    const live = await liveEvent();
    const upcoming = await liveEvent({ startsAt: iso(Date.now() + HOUR), endsAt: iso(Date.now() + 2 * HOUR) });
    const member = await createTestUser(db);
    const inLive = await joinEvent(db, member, live.slug, { now: new Date(Date.now() - 10 * 60_000) });
    const inUpcoming = await joinEvent(db, member, upcoming.slug, { now: new Date(Date.now() - 10 * 60_000) });
    const at = new Date(Math.floor(Date.now() / 300_000) * 300_000);
    await takeSnapshots(db, at);
    const taken = await db.select().from(equitySnapshots).where(eq(equitySnapshots.takenAt, at));
    const ids = new Set(taken.map((t) => t.portfolioId));
    expect(ids.has(inLive.portfolioId)).toBe(true);
    expect(ids.has(inUpcoming.portfolioId)).toBe(false);
  });
});
