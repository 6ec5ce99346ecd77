/**
 * The fair-play monitor on a real database (docs/decisions/046): each pattern is built from
 * real orders through the trading engine (and real joins, resets and replay steps), the
 * monitor runs as its scheduler task would, and the flag and its evidence are asserted. A
 * clean, mixed population of honest traders raises none. Reviews: dismiss (not raised again
 * for the same evidence, raised again for new), warn (the person sees the reason),
 * disqualify (off the live board and out of the final standings, audited).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClass } from "@/features/classes";
import { advanceReplay, createEvent, eventStandingsOf, finalizeDueEvents, joinEvent, listParticipants } from "@/features/events";
import { eventFlagsFor, fairPlayNoticesFor, openFlagCountFor, practiceFlagsFor, reviewFlag, runFairPlayMonitor } from "@/features/fairplay";
import { importDataset } from "@/features/market/server/datasets";
import { setPrice } from "@/features/market/server/test-prices";
import { refreshLiveEventBoards, refreshPracticeAndXp } from "@/features/ranking";
import { getOrCreatePracticePortfolio, placeOrder, resetPracticePortfolio } from "@/features/trading";
import { DomainError } from "@/domain/errors";
import { isImplausibleReturn, leaveOneOutZ } from "@/domain/fairplay";
import { auditLog, classMembers, eventParticipants, events, fairplayFlags } from "@/server/db/schema";
import { storedEventBoard } from "../factories/boards";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

const MINUTE = 60_000;
const HOUR = 3_600_000;
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);

type Person = Awaited<ReturnType<typeof createTestUser>>;

/** An event on the practice market, live from an hour ago for three hours, its organiser an organiser (not an admin). */
async function liveEvent() {
  const db = database.db;
  const organiser = await createTestUser(db, { role: "organiser" });
  const start = Math.floor((Date.now() - HOUR) / 1000) * 1000;
  const made = await createEvent(
    db,
    { id: organiser.id },
    { title: `Fair cup ${Math.random().toString(36).slice(2, 8)}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3 * HOUR).toISOString(), startingCash: "10000.00", visibility: "public" } as never,
    new Date(start - HOUR),
  );
  const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
  return { event: event!, slug: made.slug, start, organiser };
}

interface Joined {
  person: Person;
  portfolioId: string;
}

async function join(slug: string, at: number, ip: string): Promise<Joined> {
  const person = await createTestUser(database.db, { name: `Trader ${Math.random().toString(36).slice(2, 7)}` });
  const joined = await joinEvent(database.db, person, slug, { now: new Date(at), ip });
  return { person, portfolioId: joined.portfolioId };
}

async function trade(who: Joined, symbol: string, side: "buy" | "sell" | "short" | "cover", quantity: number, at: number) {
  const answer = await placeOrder(database.db, { userId: who.person.id, portfolioId: who.portfolioId, input: { symbol, side, type: "market", quantity }, now: new Date(at) });
  expect(answer.rejection, `${side} ${quantity} ${symbol}`).toBeNull();
  return answer;
}

async function flagsOf(eventId: string | null) {
  const rows = await database.db.select().from(fairplayFlags);
  return rows.filter((r) => r.eventId === eventId);
}

/**
 * Twelve honest traders on three instruments: different sizes and times, some buy and hold,
 * some take profits, one shorts, two (siblings) joined from one address; prices drift a few
 * per cent. What an ordinary class or club event looks like.
 */
async function honestPopulation(slug: string, start: number) {
  const symbols = [await createInstrument(database.db), await createInstrument(database.db), await createInstrument(database.db)].map((i) => i.symbol);
  const people: Joined[] = [];
  for (let i = 0; i < 12; i++) people.push(await join(slug, start + i * MINUTE, i === 11 ? "198.51.100.10" : `198.51.100.${i}`));
  const sizes = [12, 30, 7, 45, 20, 3, 60, 15, 25, 9, 40, 18];
  for (let i = 0; i < people.length; i++) {
    const symbol = symbols[i % 3]!;
    await trade(people[i]!, symbol, i === 4 ? "short" : "buy", sizes[i]!, start + 2 * MINUTE + i * 4 * MINUTE);
    if (i % 2 === 0) await trade(people[i]!, symbols[(i + 1) % 3]!, "buy", sizes[(i + 5) % 12]!, start + 3 * MINUTE + i * 5 * MINUTE);
  }
  await setPrice(database.db, symbols[0]!, "103.50", new Date(start + 60 * MINUTE));
  await setPrice(database.db, symbols[1]!, "97.20", new Date(start + 61 * MINUTE));
  await setPrice(database.db, symbols[2]!, "101.10", new Date(start + 62 * MINUTE));
  for (let i = 0; i < people.length; i += 3) {
    const half = Math.max(1, Math.floor(sizes[i]! / 2));
    await trade(people[i]!, symbols[i % 3]!, i === 4 ? "cover" : "sell", half, start + 70 * MINUTE + i * 6 * MINUTE);
  }
  return { people, symbols };
}

describe("a clean population", () => {
  it("raises no flag: twelve honest traders, two siblings on one address, prices drifting", async () => {
    const db = database.db;
    const { event, slug, start } = await liveEvent();
    await honestPopulation(slug, start);
    const now = new Date(start + 2 * HOUR);
    await refreshLiveEventBoards(db, { now });
    await runFairPlayMonitor(db, { now });
    expect(await flagsOf(event.id)).toEqual([]);
  });
});

describe("an implausible return", () => {
  it("is flagged with its z-score against the others, the benchmark's move and the trades behind it", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    await honestPopulation(slug, start);
    const rocket = await createInstrument(db);
    const lucky = await join(slug, start + 5 * MINUTE, "203.0.113.50");
    const buy = await trade(lucky, rocket.symbol, "buy", 95, start + 20 * MINUTE);
    await setPrice(db, rocket.symbol, "175.00", new Date(start + 90 * MINUTE));
    const now = new Date(start + 2 * HOUR);
    await refreshLiveEventBoards(db, { now });
    await runFairPlayMonitor(db, { now });
    const flags = await flagsOf(event.id);
    expect(flags.map((f) => [f.userId, f.kind])).toEqual([[lucky.person.id, "implausible-return"]]);
    const evidence = flags[0]!.evidence as Record<string, unknown>;
    expect(evidence.totalReturn as number).toBeGreaterThan(0.6);
    expect(evidence.zScore as number).toBeGreaterThanOrEqual(4);
    expect(evidence.peers).toBe(12);
    expect(Math.abs(evidence.peerMean as number)).toBeLessThan(0.02);
    expect(evidence.fills).toEqual([expect.objectContaining({ fillId: buy.fill!.id, orderId: buy.order.id, symbol: rocket.symbol, side: "buy", quantity: 95, price: buy.fill!.price })]);
    // The SQL's z-score is the domain's leaveOneOutZ over the board's returns.
    const board = await storedEventBoard(db, event.id);
    const mine = board.find((r) => r.userId === lucky.person.id)!.totalReturn!;
    const domain = leaveOneOutZ(mine, board.filter((r) => r.userId !== lucky.person.id).map((r) => r.totalReturn!))!;
    expect(evidence.zScore as number).toBeCloseTo(domain.z, 2);
    expect(evidence.peerSpread as number).toBeCloseTo(domain.peerSpread, 4);
    expect(isImplausibleReturn(mine, board.filter((r) => r.userId !== lucky.person.id).map((r) => r.totalReturn!), null)).toBe(true);
    // The organiser reads it with names; running the monitor again does not add a row.
    await runFairPlayMonitor(db, { now: new Date(now.getTime() + MINUTE) });
    const view = await eventFlagsFor(db, organiser, slug);
    expect(view.items).toHaveLength(1);
    expect(view).toMatchObject({ open: 1, items: [{ kind: "implausible-return", title: "Implausible return", status: "open", person: { userId: lucky.person.id, name: lucky.person.name } }] });
  });
});

describe("mirror trading", () => {
  it("flags both accounts, each with the other as counterpart, the fill pairs and one's gain as the other's loss", async () => {
    const db = database.db;
    const { event, slug, start } = await liveEvent();
    await honestPopulation(slug, start);
    const symbol = (await createInstrument(db)).symbol;
    const winner = await join(slug, start + 2 * MINUTE, "203.0.113.1");
    const sacrifice = await join(slug, start + 3 * MINUTE, "203.0.113.2");
    await trade(winner, symbol, "buy", 80, start + 30 * MINUTE);
    await trade(sacrifice, symbol, "short", 80, start + 31 * MINUTE);
    await setPrice(db, symbol, "108.00", new Date(start + 50 * MINUTE));
    await trade(winner, symbol, "sell", 80, start + 52 * MINUTE);
    await trade(sacrifice, symbol, "cover", 78, start + 55 * MINUTE);
    const now = new Date(start + 2 * HOUR);
    await refreshLiveEventBoards(db, { now });
    await runFairPlayMonitor(db, { now });
    const flags = (await flagsOf(event.id)).filter((f) => f.kind === "mirror-trading");
    expect(flags.map((f) => [f.userId, f.counterpartId]).sort()).toEqual([[winner.person.id, sacrifice.person.id], [sacrifice.person.id, winner.person.id]].sort());
    const mine = flags.find((f) => f.userId === winner.person.id)!.evidence as Record<string, unknown>;
    expect(mine).toMatchObject({ pairs: 2, fillsMatched: 2, fillsTotal: 2, counterpartFillsMatched: 2, windowMinutes: 5 });
    // The winner took about 8 × 80 = 640 from the market; the other account (covering 78 of its 80) gave about as much back.
    expect(Number(mine.cashFromMatched)).toBeGreaterThan(600);
    expect(Number(mine.counterpartCashFromMatched)).toBeLessThan(-400);
    expect((mine.list as unknown[]).length).toBe(2);
    expect(await flagsOf(event.id)).toHaveLength(2);
  });
});

describe("mirror trading, as the review shows it (issue #23 §3)", () => {
  it("counts pairs one to one (nine quick fills each way are nine pairs), shows one flag for the pair, and a review acts on whom it names", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    await honestPopulation(slug, start);
    const symbol = (await createInstrument(db)).symbol;
    const a = await join(slug, start + 2 * MINUTE, "203.0.113.31");
    const b = await join(slug, start + 2 * MINUTE, "203.0.113.32");
    // Nine fills each, 20 s apart, within three minutes: a buys and sells, b shorts and covers.
    for (let i = 0; i < 9; i++) {
      const at = start + 30 * MINUTE + i * 20_000;
      await trade(a, symbol, i % 2 === 0 ? "buy" : "sell", 10, at);
      await trade(b, symbol, i % 2 === 0 ? "short" : "cover", 10, at + 5_000);
    }
    await runFairPlayMonitor(db, { now: new Date(start + 40 * MINUTE) });
    const rows = (await flagsOf(event.id)).filter((f) => f.kind === "mirror-trading");
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const evidence = row.evidence as { pairs: number; fillsMatched: number; fillsTotal: number; counterpartFillsMatched: number; list: Array<{ fill: { fillId: string }; counterpartFill: { fillId: string } }> };
      expect(evidence).toMatchObject({ pairs: 9, fillsMatched: 9, fillsTotal: 9, counterpartFillsMatched: 9 });
      expect(evidence.list).toHaveLength(9);
      // Each fill in one pair at most.
      expect(new Set(evidence.list.map((p) => p.fill.fillId)).size).toBe(9);
      expect(new Set(evidence.list.map((p) => p.counterpartFill.fillId)).size).toBe(9);
    }
    expect(rows[0]!.evidenceKey).toBe(rows[1]!.evidenceKey);

    // The review page: one flag for the pair, counted once, each side's own status.
    const view = await eventFlagsFor(db, organiser, slug);
    const pair = view.items.filter((i) => i.kind === "mirror-trading");
    expect(pair).toHaveLength(1);
    expect(view.open).toBe(view.items.filter((i) => i.status === "open").length);
    expect(pair[0]!.sides!.map((side) => [side.userId, side.status]).sort()).toEqual([[a.person.id, "open"], [b.person.id, "open"]].sort());
    expect(await openFlagCountFor(db, organiser, slug)).toBe(view.open);

    // Warn one of them: only that one is warned and told.
    const flagOfB = rows.find((r) => r.userId === b.person.id)!;
    const one = await reviewFlag(db, organiser, flagOfB.id, { decision: "warn", reason: "Trade on your own.", who: "counterpart" });
    expect(one.reviewed.map((r) => r.userId)).toEqual([a.person.id]);
    expect(await fairPlayNoticesFor(db, a.person.id, { eventId: event.id })).toEqual([expect.objectContaining({ status: "warned", reason: "Trade on your own." })]);
    expect(await fairPlayNoticesFor(db, b.person.id, { eventId: event.id })).toEqual([]);
    const after = (await eventFlagsFor(db, organiser, slug)).items.find((i) => i.kind === "mirror-trading")!;
    expect(after.status).toBe("open");
    expect(after.sides!.find((side) => side.userId === a.person.id)!.status).toBe("warned");

    // Both: each is disqualified, each audited.
    const both = await reviewFlag(db, organiser, flagOfB.id, { decision: "disqualify", reason: "Two accounts feeding one another.", who: "both" });
    expect(both.reviewed.map((r) => r.userId).sort()).toEqual([a.person.id, b.person.id].sort());
    const participants = await db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    for (const who of [a, b]) expect(participants.find((p) => p.userId === who.person.id)!.disqualifiedAt).not.toBeNull();
    expect((await eventFlagsFor(db, organiser, slug)).items.find((i) => i.kind === "mirror-trading")!.status).toBe("disqualified");
    // A flag about one person has no other account to act on.
    const farm = [await join(slug, start + 10 * MINUTE, "192.0.2.99"), await join(slug, start + 11 * MINUTE, "192.0.2.99"), await join(slug, start + 12 * MINUTE, "192.0.2.99")];
    await runFairPlayMonitor(db, { now: new Date(start + 41 * MINUTE) });
    const single = (await flagsOf(event.id)).find((f) => f.userId === farm[0]!.person.id)!;
    expect(await failure(reviewFlag(db, organiser, single.id, { decision: "dismiss", who: "both" }))).toMatchObject({ code: "NO_COUNTERPART" });
  });
});

describe("several accounts from one address", () => {
  it("flags each of three accounts that joined from one address, naming the accounts and never the address", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    await honestPopulation(slug, start);
    const farm = [await join(slug, start + 10 * MINUTE, "192.0.2.77"), await join(slug, start + 11 * MINUTE, "192.0.2.77"), await join(slug, start + 12 * MINUTE, "192.0.2.77")];
    const now = new Date(start + 2 * HOUR);
    await runFairPlayMonitor(db, { now });
    const flags = await flagsOf(event.id);
    expect(flags.map((f) => f.userId).sort()).toEqual(farm.map((f) => f.person.id).sort());
    expect(flags.every((f) => f.kind === "shared-address")).toBe(true);
    expect(flags[0]!.evidence).toMatchObject({ count: 3, accounts: farm.map((f) => ({ userId: f.person.id })) });
    expect(JSON.stringify(flags)).not.toContain("192.0.2.77");
    // Stored as a keyed hash: the same for the three, not the address.
    const stored = await db.select({ hash: eventParticipants.joinAddressHash }).from(eventParticipants).where(eq(eventParticipants.userId, farm[0]!.person.id));
    expect(stored[0]!.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = await eventFlagsFor(db, organiser, slug);
    expect(Object.keys(view.items[0]!.people).sort()).toEqual(farm.map((f) => f.person.id).sort());
  });
});

// Gaps every night: each day opens well above the last close (day 1 → 2 → 3 → 4 → 5).
const GAP_CSV = [
  "Date,Open,High,Low,Close,Volume",
  "2009-03-09,100.00,101.00,99.00,100.00,1000",
  "2009-03-10,104.00,105.00,103.00,104.00,1000",
  "2009-03-11,108.00,109.00,107.00,108.00,1000",
  "2009-03-12,112.00,113.00,111.00,112.00,1000",
  "2009-03-13,116.00,117.00,115.00,116.00,1000",
].join("\n");

describe("trading on the replay's step boundary", () => {
  it("flags buying in the last seconds before each day whose known open gapped up, with each fill, its day and the next open", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const symbol = `G${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    await createInstrument(db, { symbol });
    const dataset = await importDataset(db, organiser.id, { name: `Gaps ${symbol}`, symbol, sector: "Technology", csv: GAP_CSV });
    const DAY = MINUTE; // 60 trading days per real hour
    const start = Math.ceil((Date.now() + HOUR) / 1000) * 1000;
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: `Replay ${symbol}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 5 * DAY).toISOString(), startingCash: "10000.00", visibility: "public", replay: { datasets: [dataset.id], from: "2009-03-09", speed: 60 } } as never,
      new Date(),
    );
    const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
    const cheat = await join(made.slug, start, "203.0.113.9");
    const steady = await join(made.slug, start, "203.0.113.10");
    // The steady trader buys mid-morning and holds; the cheat buys 3 s before each day's end and sells after the open.
    await trade(steady, symbol, "buy", 20, start + 10_000);
    for (let day = 1; day <= 3; day++) {
      await trade(cheat, symbol, "buy", 50, start + day * DAY - 3_000);
      await trade(cheat, symbol, "sell", 50, start + day * DAY + 2_000);
    }
    await advanceReplay({ db, now: new Date(start + 4 * DAY) }, event!, new Date(start + 4 * DAY));
    await runFairPlayMonitor(db, { now: new Date(start + 4 * DAY) });
    const flags = await flagsOf(event!.id);
    expect(flags.map((f) => [f.userId, f.kind])).toEqual([[cheat.person.id, "replay-boundary"]]);
    const evidence = flags[0]!.evidence as { favourable: number; gapped: number; list: Array<Record<string, unknown>> };
    expect(evidence).toMatchObject({ favourable: 3, gapped: 3 });
    expect(evidence.list.map((f) => [f.side, f.tradingDay, f.nextTradingDay, f.nextOpen])).toEqual([
      ["buy", "2009-03-09", "2009-03-10", "104.00"],
      ["buy", "2009-03-10", "2009-03-11", "108.00"],
      ["buy", "2009-03-11", "2009-03-12", "112.00"],
    ]);
  });
});

describe("repeated resets", () => {
  it("flags someone high on the practice board who reset three times this week; admins see it, an organiser cannot disqualify from it", async () => {
    const db = database.db;
    const admin = await createTestUser(db, { role: "admin" });
    const resetter = await createTestUser(db, { name: "Reset Rita" });
    const symbol = (await createInstrument(db)).symbol;
    let portfolio = await getOrCreatePracticePortfolio(db, resetter.id);
    for (let i = 0; i < 3; i++) {
      await placeOrder(db, { userId: resetter.id, portfolioId: portfolio.id, input: { symbol, side: "buy", type: "market", quantity: 100 } });
      await resetPracticePortfolio(db, { userId: resetter.id, portfolioId: portfolio.id });
      portfolio = await getOrCreatePracticePortfolio(db, resetter.id);
    }
    await placeOrder(db, { userId: resetter.id, portfolioId: portfolio.id, input: { symbol, side: "buy", type: "market", quantity: 900 } });
    await setPrice(db, symbol, "140.00");
    const now = new Date();
    await refreshPracticeAndXp(db, { now });
    await runFairPlayMonitor(db, { now });
    const flags = (await flagsOf(null)).filter((f) => f.userId === resetter.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: "repeated-resets", status: "open" });
    expect(flags[0]!.evidence).toMatchObject({ resets: 3, rank: 1 });
    expect((flags[0]!.evidence as { times: unknown[] }).times).toHaveLength(3);
    expect((await practiceFlagsFor(db, admin)).items.map((i) => i.person.name)).toContain("Reset Rita");
    expect(await failure(reviewFlag(db, admin, flags[0]!.id, { decision: "disqualify", reason: "Resetting" }))).toMatchObject({ code: "NOTHING_TO_DISQUALIFY" });
    await reviewFlag(db, admin, flags[0]!.id, { decision: "warn", reason: "Resetting to keep only the lucky runs is against the practice board's spirit." });
    expect(await fairPlayNoticesFor(db, resetter.id, { eventId: null })).toEqual([
      expect.objectContaining({ kind: "repeated-resets", status: "warned", reason: "Resetting to keep only the lucky runs is against the practice board's spirit." }),
    ]);
  });
});

describe("reviewing flags", () => {
  it("dismiss keeps it dismissed for the same evidence and opens it again for new; warn needs a reason and tells the person", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    await honestPopulation(slug, start);
    const symbol = (await createInstrument(db)).symbol;
    const a = await join(slug, start + 2 * MINUTE, "203.0.113.21");
    const b = await join(slug, start + 2 * MINUTE, "203.0.113.22");
    await trade(a, symbol, "buy", 40, start + 30 * MINUTE);
    await trade(b, symbol, "short", 40, start + 32 * MINUTE);
    await trade(a, symbol, "sell", 40, start + 40 * MINUTE);
    await trade(b, symbol, "cover", 40, start + 41 * MINUTE);
    await runFairPlayMonitor(db, { now: new Date(start + 50 * MINUTE) });
    const flagOfA = async () => (await flagsOf(event.id)).find((f) => f.userId === a.person.id)!;
    const first = await flagOfA();
    await reviewFlag(db, organiser, first.id, { decision: "dismiss" });
    await runFairPlayMonitor(db, { now: new Date(start + 51 * MINUTE) });
    expect((await flagOfA()).status).toBe("dismissed");
    // New mirrored trades: new evidence, open again.
    await trade(a, symbol, "buy", 40, start + 60 * MINUTE);
    await trade(b, symbol, "short", 40, start + 61 * MINUTE);
    await runFairPlayMonitor(db, { now: new Date(start + 62 * MINUTE) });
    expect(await flagOfA()).toMatchObject({ status: "open", reviewedBy: organiser.id });
    expect((((await flagOfA()).evidence as { pairs: number }).pairs)).toBe(3);

    expect(await failure(reviewFlag(db, organiser, first.id, { decision: "warn", reason: "  " }))).toMatchObject({ kind: "invalid", fields: { reason: expect.any(String) } });
    // Another organiser cannot see or review it.
    const stranger = await createTestUser(db, { role: "organiser" });
    expect(await failure(reviewFlag(db, stranger, first.id, { decision: "dismiss" }))).toMatchObject({ kind: "not-found" });
    expect(await failure(eventFlagsFor(db, stranger, slug))).toMatchObject({ kind: "not-found" });
    await reviewFlag(db, organiser, first.id, { decision: "warn", reason: "Your trades mirror another account's. Trade on your own." }, { ip: "10.0.0.1" });
    expect(await fairPlayNoticesFor(db, a.person.id, { eventId: event.id })).toEqual([
      expect.objectContaining({ title: "Mirror trading", status: "warned", reason: "Your trades mirror another account's. Trade on your own." }),
    ]);
    expect(await fairPlayNoticesFor(db, b.person.id, { eventId: event.id })).toEqual([]);
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, "fairplay.flag-reviewed"), eq(auditLog.subjectId, a.person.id)));
    expect(audited.map((r) => (r.detail as { decision: string }).decision)).toEqual(["dismiss", "warn"]);
  });

  it("a class contest's flags are reviewed by every teacher of its class, not by a teacher of another class", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    const symbol = (await createInstrument(db)).symbol;
    const a = await join(slug, start + 2 * MINUTE, "203.0.113.31");
    const b = await join(slug, start + 2 * MINUTE, "203.0.113.32");
    await trade(a, symbol, "buy", 40, start + 30 * MINUTE);
    await trade(b, symbol, "short", 40, start + 32 * MINUTE);
    await trade(a, symbol, "sell", 40, start + 40 * MINUTE);
    await trade(b, symbol, "cover", 40, start + 41 * MINUTE);
    await runFairPlayMonitor(db, { now: new Date(start + 50 * MINUTE) });
    // The event becomes the contest of the organiser's class, which has a second teacher.
    const klass = await createClass(db, organiser, { name: "Economics 10A" }, { ip: "10.0.0.2" });
    const coTeacher = await createTestUser(db, { role: "organiser", name: "Carla Coteacher" });
    await db.insert(classMembers).values({ classId: klass.id, userId: coTeacher.id, role: "teacher", via: "created" });
    await db.update(events).set({ classId: klass.id }).where(eq(events.id, event.id));
    const otherTeacher = await createTestUser(db, { role: "organiser" });
    const otherClass = await createClass(db, otherTeacher, { name: "Economics 10B" }, { ip: "10.0.0.3" });
    expect(otherClass.id).not.toBe(klass.id);

    expect((await eventFlagsFor(db, coTeacher, slug)).items).toHaveLength(1);
    expect(await openFlagCountFor(db, coTeacher, slug)).toBe(1);
    expect(await failure(eventFlagsFor(db, otherTeacher, slug))).toMatchObject({ kind: "not-found" });
    expect(await openFlagCountFor(db, otherTeacher, slug)).toBeNull();
    const flag = (await flagsOf(event.id)).find((f) => f.userId === a.person.id)!;
    expect(await failure(reviewFlag(db, otherTeacher, flag.id, { decision: "dismiss" }))).toMatchObject({ kind: "not-found" });
    await reviewFlag(db, coTeacher, flag.id, { decision: "warn", reason: "Trade on your own, please." });
    expect((await flagsOf(event.id)).find((f) => f.id === flag.id)).toMatchObject({ status: "warned", reviewedBy: coTeacher.id });
  });

  it("disqualify takes the person off the live board and out of the final standings; after the end it takes the frozen row out and moves the rest up", async () => {
    const db = database.db;
    const { event, slug, start, organiser } = await liveEvent();
    const { people } = await honestPopulation(slug, start);
    const farm = [await join(slug, start + 10 * MINUTE, "192.0.2.88"), await join(slug, start + 11 * MINUTE, "192.0.2.88"), await join(slug, start + 12 * MINUTE, "192.0.2.88")];
    const now = new Date(start + 2 * HOUR);
    await refreshLiveEventBoards(db, { now });
    await runFairPlayMonitor(db, { now });
    const flags = await flagsOf(event.id);
    const flagOf = (who: Joined) => flags.find((f) => f.userId === who.person.id)!;
    expect(await failure(reviewFlag(db, organiser, flagOf(farm[0]!).id, { decision: "disqualify" }))).toMatchObject({ kind: "invalid" });
    const answer = await reviewFlag(db, organiser, flagOf(farm[0]!).id, { decision: "disqualify", reason: "Three accounts from one address: only one may play." });
    expect(answer).toMatchObject({ status: "disqualified", disqualifiedAt: expect.any(String) });
    // Off the live board at once, and after the next refresh.
    const live = async () => (await eventStandingsOf(db, (await db.select().from(events).where(eq(events.id, event.id)))[0]!)).items.map((i) => i.userId);
    expect(await live()).not.toContain(farm[0]!.person.id);
    await refreshLiveEventBoards(db, { now: new Date(now.getTime() + 1000) });
    expect(await live()).not.toContain(farm[0]!.person.id);
    expect(await live()).toHaveLength(people.length + 2);
    // The refresh itself leaves them out: the live board's ranks have no gap where they were.
    const liveRanks = (await eventStandingsOf(db, (await db.select().from(events).where(eq(events.id, event.id)))[0]!)).items.map((i) => i.rank);
    // (Competition ranks, decision 053: each is its place, or the rank of the tie above it.)
    expect(liveRanks).toHaveLength(people.length + 2);
    expect(liveRanks.every((rank, i) => rank === i + 1 || rank === liveRanks[i - 1])).toBe(true);
    expect(await failure(reviewFlag(db, organiser, flagOf(farm[0]!).id, { decision: "dismiss" }))).toMatchObject({ code: "FLAG_DECIDED" });
    expect(await fairPlayNoticesFor(db, farm[0]!.person.id, { eventId: event.id })).toEqual([
      expect.objectContaining({ status: "disqualified", reason: "Three accounts from one address: only one may play." }),
    ]);
    const participants = await listParticipants(db, slug, now);
    expect(participants.items.find((p) => p.userId === farm[0]!.person.id)).toMatchObject({ rank: null, disqualifiedReason: "Three accounts from one address: only one may play." });
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, "event.participant-disqualified"), eq(auditLog.subjectId, farm[0]!.person.id)));
    expect(audited).toHaveLength(1);

    // The end: the disqualified person is not in the frozen standings.
    await db.update(events).set({ endsAt: new Date(now.getTime() + 2000) }).where(eq(events.id, event.id));
    await finalizeDueEvents({ db, now: new Date(now.getTime() + 3000) });
    const ended = (await db.select().from(events).where(eq(events.id, event.id)))[0]!;
    const frozen = await eventStandingsOf(db, ended);
    expect(frozen.frozen).toBe(true);
    expect(frozen.items.map((i) => i.userId)).not.toContain(farm[0]!.person.id);
    expect(frozen.items).toHaveLength(people.length + 2);
    // After the end: the second account's row leaves the frozen standings, the places below move up.
    const before = frozen.items.findIndex((i) => i.userId === farm[1]!.person.id);
    await reviewFlag(db, organiser, flagOf(farm[1]!).id, { decision: "disqualify", reason: "Same address, found after the end." });
    const after = await eventStandingsOf(db, ended);
    expect(after.items.map((i) => i.userId)).not.toContain(farm[1]!.person.id);
    const afterRanks = after.items.map((i) => i.rank);
    expect(afterRanks).toHaveLength(people.length + 1);
    expect(afterRanks.every((rank, i) => rank === i + 1 || rank === afterRanks[i - 1])).toBe(true);
    expect(after.items.map((i) => i.userId)).toEqual(frozen.items.filter((_, i) => i !== before).map((i) => i.userId));
  });
});
