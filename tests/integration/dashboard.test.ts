/**
 * The dashboard's figures from their owners (features/dashboard dashboardFor): a new member's
 * empty states with events to join, an active member's open orders, "my events" in their order
 * with live and final ranks (the ranking feature's ownEventRanks), today's movers with their
 * paths — and a statement count that does not grow with instruments, orders or events.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addRoster, createAssignment, createClass } from "@/features/classes";
import { dashboardFor } from "@/features/dashboard";
import { forgetMarketDay } from "@/features/market";
import { archiveEvent, createEvent, finalizeDueEvents, joinEvent, myEvents, removeParticipant } from "@/features/events";
import { ownEventRanks, refreshLiveEventBoards } from "@/features/ranking";
import { getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import type { Db } from "@/server/db";
import { candles } from "@/server/db/schema";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";
import { statementCounter } from "../setup/statement-counter";

const { onQuery, statementsOf } = statementCounter();
const database = useTestDatabase({ onQuery });

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
let serial = 0;

/** An event from `startsIn` to `endsIn` hours from now, created by an admin before it starts. */
async function event(db: Db, options: { startsIn: number; endsIn: number; visibility?: "public" | "private"; lateEntry?: boolean; title?: string }) {
  const organiser = await createTestUser(db, { role: "admin" });
  const now = Date.now();
  serial += 1;
  const made = await createEvent(
    db,
    { id: organiser.id },
    {
      title: options.title ?? `Dash cup ${serial} ${Math.random().toString(36).slice(2, 6)}`,
      startsAt: iso(now + options.startsIn * HOUR),
      endsAt: iso(now + options.endsIn * HOUR),
      startingCash: "10000.00",
      visibility: options.visibility ?? "public",
      lateEntry: options.lateEntry ?? true,
    },
    new Date(now + (options.startsIn - 1) * HOUR),
  );
  return { ...made, organiser };
}

/** Joins as if at `hoursFromNow` (an ended event was joined while it ran). */
const join = (db: Db, userId: string, slug: string, hoursFromNow = 0) => joinEvent(db, { id: userId, role: "member" }, slug, { now: new Date(Date.now() + hoursFromNow * HOUR) });

async function movingInstrument(db: Db, previousClose: string, lastPrice: string) {
  const instrument = await createInstrument(db, { previousClose, lastPrice });
  const start = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  await db.insert(candles).values([
    { symbol: instrument.symbol, interval: "1m", start, open: lastPrice, high: lastPrice, low: lastPrice, close: lastPrice, volume: 10 },
    { symbol: instrument.symbol, interval: "1d", start, open: previousClose, high: lastPrice, low: previousClose, close: lastPrice, volume: 10 },
  ]);
  return instrument;
}

describe("the dashboard", () => {
  // The tests write today's candles for instruments of their own: nothing kept from another read answers.
  beforeEach(() => forgetMarketDay());

  it("shows a brand-new member their starting cash, no orders, no events but open ones to join, and the movers", async () => {
    const db = database.db;
    const up = await movingInstrument(db, "100.00", "190.00");
    const down = await movingInstrument(db, "100.00", "10.00");
    const live = await event(db, { startsIn: -1, endsIn: 5 });
    const upcoming = await event(db, { startsIn: 2, endsIn: 6 });
    const closedToLate = await event(db, { startsIn: -1, endsIn: 5, lateEntry: false });
    const secret = await event(db, { startsIn: 1, endsIn: 5, visibility: "private" });
    const member = await createTestUser(db);

    const dashboard = (await dashboardFor(db, member.id, { timeZone: "UTC" }))!;
    expect(dashboard.user.email).toBe(member.email);
    expect(dashboard.portfolio).toMatchObject({ equity: "100000.00", cash: "100000.00", holdings: 0 });
    // No snapshot yet: the curve is the opening and now, which the page does not draw.
    expect(dashboard.portfolio.curve.equity).toEqual(["100000.00", "100000.00"]);
    expect(dashboard.openOrders).toEqual({ items: [], total: 0 });
    expect(dashboard.events.mine).toEqual([]);
    const offered = dashboard.events.open.map((e) => e.slug);
    expect(offered).toEqual(expect.arrayContaining([live.slug, upcoming.slug]));
    expect(offered).not.toContain(closedToLate.slug);
    expect(offered).not.toContain(secret.slug);
    expect(dashboard.movers.gainers[0]).toMatchObject({ symbol: up.symbol, dayChangePct: "0.9000", closes: expect.arrayContaining(["190.00"]) });
    expect(dashboard.movers.losers[0]).toMatchObject({ symbol: down.symbol, dayChangePct: "-0.9000", closes: expect.arrayContaining(["10.00"]) });
    expect(Date.parse(dashboard.serverNow)).toBeGreaterThan(Date.now() - 60_000);
    expect(await dashboardFor(db, "no-such-person", { timeZone: "UTC" })).toBeNull();
  });

  it("shows an active member's open orders newest first and how many there are", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const member = await createTestUser(db);
    const portfolio = await getOrCreatePracticePortfolio(db, member.id);
    for (let i = 1; i <= 7; i++) {
      await placeOrder(db, { userId: member.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: i, limitPrice: "40.00", timeInForce: "gtc" } });
    }
    await placeOrder(db, { userId: member.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } });
    const { openOrders, portfolio: figures } = (await dashboardFor(db, member.id, { timeZone: "UTC" }))!;
    expect(openOrders.total).toBe(7);
    expect(openOrders.items.map((o) => o.quantity)).toEqual([7, 6, 5, 4, 3]);
    expect(openOrders.items.every((o) => o.status === "open" && o.symbol === instrument.symbol)).toBe(true);
    expect(figures.holdings).toBe(1);
  });

  it("lists my events live first, then upcoming, then recently ended, with live and final ranks", async () => {
    const db = database.db;
    await createInstrument(db);
    const member = await createTestUser(db);
    const rival = await createTestUser(db);
    const endsLater = await event(db, { startsIn: -2, endsIn: 10, title: "Ends later" });
    const endsSooner = await event(db, { startsIn: -2, endsIn: 3, title: "Ends sooner" });
    const upcoming = await event(db, { startsIn: 4, endsIn: 8, title: "Upcoming" });
    const ended = await event(db, { startsIn: -6, endsIn: -1, title: "Ended" });
    const longAgo = await event(db, { startsIn: -10 * 24, endsIn: -8 * 24, title: "Long ago" });
    const archived = await event(db, { startsIn: -2, endsIn: 10, title: "Archived" });
    const removed = await event(db, { startsIn: -2, endsIn: 10, title: "Removed" });
    for (const e of [endsLater, endsSooner, upcoming, archived, removed]) await join(db, member.id, e.slug);
    await join(db, member.id, ended.slug, -3);
    await join(db, rival.id, ended.slug, -3);
    await join(db, rival.id, endsSooner.slug);
    await join(db, member.id, longAgo.slug, -9 * 24);
    await archiveEvent(db, { id: archived.organiser.id }, archived.slug);
    await removeParticipant(db, { id: removed.organiser.id }, removed.slug, member.id);
    await finalizeDueEvents({ db, now: new Date() });
    await refreshLiveEventBoards(db, { now: new Date() });

    const mine = await myEvents(db, { id: member.id, role: "member" });
    expect(mine.map((e) => e.title)).toEqual(["Ends sooner", "Ends later", "Upcoming", "Ended"]);
    const by = Object.fromEntries(mine.map((e) => [e.title, e]));
    expect(by["Ends sooner"]).toMatchObject({ phase: "live", ranked: 2, participants: 2 });
    expect(by["Ends sooner"]!.rank).toBeGreaterThanOrEqual(1);
    expect(by["Ends later"]).toMatchObject({ phase: "live", rank: 1, ranked: 1 });
    expect(by["Upcoming"]).toMatchObject({ phase: "upcoming", rank: null, ranked: 0 });
    expect(by["Ended"]).toMatchObject({ phase: "ended", ranked: 2 });
    expect([1, 2]).toContain(by["Ended"]!.rank);
    // A countdown to the end while live, to the start while upcoming, none once ended.
    expect(by["Ends sooner"]!.countdown.target).toBe(by["Ends sooner"]!.endsAt);
    expect(by["Upcoming"]!.countdown.target).toBe(by["Upcoming"]!.startsAt);
    expect(by["Ended"]!.countdown.target).toBeNull();

    // The ranking feature's answer for a board the person is not on.
    const outsider = await createTestUser(db);
    const ranks = await ownEventRanks(db, outsider.id, [{ id: by["Ended"]!.id, finalized: true }, { id: by["Ends sooner"]!.id, finalized: false }]);
    expect(ranks.get(by["Ended"]!.id)).toEqual({ rank: null, total: 2 });
    expect(ranks.get(by["Ends sooner"]!.id)).toEqual({ rank: null, total: 2 });

    // Someone in events is offered none to join.
    expect((await dashboardFor(db, member.id, { timeZone: "UTC" }))!.events.open).toEqual([]);
  });

  it("shows a student their classes' open assignments, soonest due first, with due dates and their own progress (issue #23 §4)", async () => {
    const db = database.db;
    const teacher = await createTestUser(db, { role: "organiser" });
    const klass = await createClass(db, { id: teacher.id, role: "organiser" }, { name: "Markets 10A" });
    const { students } = await addRoster(db, { id: teacher.id, role: "organiser" }, klass.id, ["Ada Lovelace"], { ip: "192.0.2.30" });
    const student = students[0]!;
    const now = Date.now();
    const set = (title: string, startsIn: number, dueIn: number, tasks: Array<Record<string, unknown>>) =>
      createAssignment(db, { id: teacher.id, role: "organiser" }, klass.id, { title, startsAt: new Date(now + startsIn * HOUR), dueAt: new Date(now + dueIn * HOUR), tasks } as never, { now: new Date(now - 3 * HOUR) });
    await set("Later", -2, 48, [{ kind: "trades", count: 1 }]);
    const sooner = await set("Sooner", -2, 24, [{ kind: "trades", count: 1 }, { kind: "instruments", count: 2 }]);
    await set("Past due", -3, -1, [{ kind: "trades", count: 1 }]);
    await set("Not started", 1, 30, [{ kind: "trades", count: 1 }]);
    const { symbol } = await createInstrument(db);
    const portfolio = await getOrCreatePracticePortfolio(db, student.id);
    const bought = await placeOrder(db, { userId: student.id, portfolioId: portfolio.id, input: { symbol, side: "buy", type: "market", quantity: 1 } });
    expect(bought.rejection).toBeNull();

    const dashboard = (await dashboardFor(db, student.id, { timeZone: "UTC" }))!;
    expect(dashboard.assignments.total).toBe(2);
    expect(dashboard.assignments.items.map((a) => a.title)).toEqual(["Sooner", "Later"]);
    expect(dashboard.assignments.items[0]).toMatchObject({ id: sooner.id, className: "Markets 10A", classId: klass.id, dueAt: sooner.dueAt, tasksDone: 1, tasksTotal: 2, score: 50 });
    expect(dashboard.assignments.items[1]).toMatchObject({ tasksDone: 1, tasksTotal: 1, score: 100 });
    // Someone in no class has none (and the teacher is not a student of their own class).
    expect((await dashboardFor(db, teacher.id, { timeZone: "UTC" }))!.assignments).toEqual({ items: [], total: 0 });
  });

  it("costs the same number of statements with 40 more instruments, 10 more orders and 4 more events", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00", previousClose: "19.00" });
    const member = await createTestUser(db);
    const portfolio = await getOrCreatePracticePortfolio(db, member.id);
    const order = (i: number) => placeOrder(db, { userId: member.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: i, limitPrice: "10.00", timeInForce: "gtc" } });
    await order(1);
    await join(db, member.id, (await event(db, { startsIn: -1, endsIn: 4 })).slug);
    await dashboardFor(db, member.id, { timeZone: "UTC" });
    const before = await statementsOf(() => dashboardFor(db, member.id, { timeZone: "UTC" }));

    for (let i = 0; i < 40; i++) await movingInstrument(db, "100.00", (50 + i * 3).toFixed(2));
    for (let i = 2; i <= 11; i++) await order(i);
    for (const hours of [3, 5, 7, 9]) await join(db, member.id, (await event(db, { startsIn: -1, endsIn: hours })).slug);
    await refreshLiveEventBoards(db, { now: new Date() });
    const after = await statementsOf(() => dashboardFor(db, member.id, { timeZone: "UTC" }));

    expect(after.result!.events.mine).toHaveLength(5);
    expect(after.result!.movers.gainers).toHaveLength(3);
    expect(after.statements).toHaveLength(before.statements.length);
  });
});
