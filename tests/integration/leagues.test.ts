/**
 * Weekly leagues on PGlite and PostgreSQL (docs/decisions/045-leagues.md): the SQL refresh
 * agrees with the domain (points part by part, group order and ties) on random data;
 * newcomers fill groups of 30; the Monday 00:00 UTC rollover promotes and demotes once, even
 * when run twice or late; an opted-out person is in no league; roster accounts meet only
 * their class.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { compareMembers, effectiveHoldings, leaguePoints, leagueSharpe, moveOf, newcomerGroup, rankGroup, riskPoints, riskWindow, settleTiers } from "@/domain/leagues";
import { STARTING_CASH, unitsOr } from "@/domain/trading";

const riskPointsOf = (series: string[]) => riskPoints(leagueSharpe(series));
import { leagueOf, refreshLeagues, rolloverLeagues } from "@/features/leagues";
import type { Db } from "@/server/db";
import { classes, classMembers, equitySnapshots, leagueMembers, orders, positions, users, xpEvents } from "@/server/db/schema";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();

// Each test starts from no league and no activity (the people stay, inactive).
afterEach(async () => {
  const db = database.db;
  await db.delete(leagueMembers);
  await db.delete(xpEvents);
  await db.delete(orders);
  await db.delete(equitySnapshots);
});

const at = (text: string) => new Date(text);
// Wednesday 25 November 2026, 12:00 UTC: the league week began on Monday the 23rd.
const NOW = at("2026-11-25T12:00:00Z");
const WEEK = "2026-11-23";

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function person(db: Db, options: { createdAt?: Date; name?: string; roster?: boolean } = {}) {
  const user = options.roster
    ? (
        await db
          .insert(users)
          .values({ email: null, username: `r${crypto.randomUUID().slice(0, 12)}`, name: options.name ?? "Roster Student", kind: "roster" })
          .returning()
      )[0]!
    : await createTestUser(db, { name: options.name ?? "League Person" });
  await db
    .update(users)
    .set({ createdAt: options.createdAt ?? at("2026-01-01T00:00:00Z") })
    .where(sql`id = ${user.id}`);
  return user;
}

async function xp(db: Db, userId: string, amount: number, createdAt: Date) {
  await db.insert(xpEvents).values({ userId, kind: "read", amount, createdAt, lessonId: null });
}

async function order(db: Db, portfolioId: string, symbol: string, options: { note: string | null; status?: "open" | "filled" | "rejected" | "cancelled"; createdAt: Date }) {
  await db.insert(orders).values({
    portfolioId,
    symbol,
    side: "buy",
    type: "market",
    quantity: 1,
    timeInForce: "day",
    status: options.status ?? "filled",
    note: options.note,
    createdAt: options.createdAt,
    updatedAt: options.createdAt,
  });
}

const weekRows = (db: Db, week = WEEK) => db.select().from(leagueMembers).where(sql`${leagueMembers.weekStart} = ${week}::date`);

describe("league standings: the SQL refresh and the domain agree", () => {
  it("on 90 random people with many ties: each part of the points, the groups of 30 and every place", async () => {
    const db = database.db;
    const next = random(45);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const prices = ["100.00", "50.00", "25.50", "200.00", "10.00"];
    const symbols: string[] = [];
    const priceCents = new Map<string, bigint>();
    for (const price of prices) {
      const instrument = await createInstrument(db, { lastPrice: price, previousClose: price });
      symbols.push(instrument.symbol);
      priceCents.set(instrument.symbol, BigInt(price.replace(".", "")));
    }
    const window = riskWindow(NOW);
    type Expected = { userId: string; createdAt: Date; active: boolean; xp: number; journaled: number; values: bigint[]; snapshots: Array<{ at: Date; equity: string; units: string | null }>; portfolioId: string };
    const people: Expected[] = [];
    // Only two distinct account dates: equal points are broken by the date, then by the id.
    const created = [at("2026-02-01T00:00:00Z"), at("2026-03-01T00:00:00Z")];
    for (let i = 0; i < 90; i++) {
      const createdAt = pick(created);
      const user = await person(db, { createdAt });
      const portfolio = await createPortfolio(db, { userId: user.id });
      const e: Expected = { userId: user.id, createdAt, active: false, xp: 0, journaled: 0, values: [], snapshots: [], portfolioId: portfolio.id };
      // XP: this week (counts), and last week (does not).
      const amount = pick([0, 0, 10, 10, 20, 50]);
      if (amount > 0) {
        await xp(db, user.id, amount, at("2026-11-24T09:00:00Z"));
        e.xp += amount;
      }
      await xp(db, user.id, 30, at("2026-11-20T09:00:00Z"));
      // Orders: noted this week (count, at most 10), rejected, blank, unnoted or last week's (do not).
      const noted = Math.floor(next() * 13);
      for (let k = 0; k < noted; k++) await order(db, portfolio.id, symbols[0]!, { note: "Because the trend is up; sell below 90.", createdAt: at("2026-11-24T10:00:00Z") });
      e.journaled = noted;
      for (const other of [{ note: "rejected one", status: "rejected" as const }, { note: "   " }, { note: null }]) {
        if (next() >= 0.3) continue;
        await order(db, portfolio.id, symbols[0]!, { ...other, createdAt: at("2026-11-24T10:00:00Z") });
        e.active = true;
      }
      e.active ||= e.xp > 0 || noted > 0;
      if (next() < 0.3) await order(db, portfolio.id, symbols[0]!, { note: "last week", createdAt: at("2026-11-22T23:59:59Z") });
      // Positions: none, or up to five, some equal in value.
      const held = Math.floor(next() * 6);
      for (const symbol of symbols.slice(0, held)) {
        const quantity = pick([10, 20, 40, -10]);
        await db.insert(positions).values({ portfolioId: portfolio.id, symbol, quantity, costBasis: "0" });
        e.values.push(BigInt(quantity) * priceCents.get(symbol)!);
      }
      // Daily snapshots in the Sharpe window: some days, random equity around 100,000.
      // Some had a teacher's deposit or withdrawal on a day (decision 057): their units change
      // there, and a day's return is time-weighted (the flow is no gain); the rest have no units.
      const flowDay = next() < 0.3 ? Math.floor(next() * window.length) : -1;
      const flowUnits = pick(["100500.00000000", "99000.00000000", "102000.00000000"]);
      for (const [day, instant] of window.entries()) {
        if (next() < 0.25) continue;
        const equity = `${95_000 + Math.floor(next() * 10_000)}.${String(Math.floor(next() * 100)).padStart(2, "0")}`;
        const units = flowDay < 0 ? null : day < flowDay ? "100000.00000000" : flowUnits;
        await db.insert(equitySnapshots).values({ portfolioId: portfolio.id, takenAt: instant, equity, units });
        e.snapshots.push({ at: instant, equity, units });
      }
      people.push(e);
    }
    // Someone whose only activity was last week joins no league this week.
    const quiet = await person(db);
    await xp(db, quiet.id, 40, at("2026-11-21T09:00:00Z"));

    await refreshLeagues(db, { now: NOW });
    const rows = await weekRows(db);
    expect(rows.map((r) => r.userId)).not.toContain(quiet.id);
    // Everyone with XP or a practice order this week joined; the others did not.
    const joined = new Set(rows.map((r) => r.userId));
    expect(people.filter((p) => joined.has(p.userId)).map((p) => p.userId)).toEqual(people.filter((p) => p.active).map((p) => p.userId));

    const expected = new Map(
      people.map((p) => {
        const series = p.snapshots.map((s) => s.equity);
        const units = p.snapshots.map((s) => unitsOr(s.units, STARTING_CASH));
        const points = leaguePoints({ xp: p.xp, journaledOrders: p.journaled, effectiveHoldings: effectiveHoldings(p.values), sharpe: leagueSharpe(series, units) });
        return [p.userId, { ...p, points }];
      }),
    );
    for (const row of rows) {
      const e = expected.get(row.userId)!;
      expect(e).toBeDefined();
      const { total, ...parts } = e.points;
      expect({ id: row.userId, learning: row.learning, journal: row.journal, diversification: row.diversification, risk: row.risk, points: row.points }).toEqual({ id: row.userId, ...parts, points: total });
    }
    // Some parts really vary (the test would not notice a part that is always 0).
    expect(new Set(rows.map((r) => r.risk)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.diversification)).size).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.journal)).size).toBeGreaterThan(3);
    expect(rows.filter((r) => rows.some((o) => o !== r && o.points === r.points && o.groupNo === r.groupNo)).length).toBeGreaterThan(10);

    // Newcomers form groups of at most 30, nearly equal, in the order their accounts were made (then id): the domain's newcomerGroup.
    const joinOrder = people.filter((p) => p.active).sort((a, b) => compareMembers({ userId: a.userId, points: 0, joinedAt: a.createdAt }, { userId: b.userId, points: 0, joinedAt: b.createdAt }));
    const groupOf = new Map(rows.map((r) => [r.userId, r.groupNo]));
    expect(joinOrder.length).toBeGreaterThan(30);
    expect(joinOrder.map((p) => groupOf.get(p.userId))).toEqual(joinOrder.map((_, i) => newcomerGroup(i + 1, 0, 0, joinOrder.length)));
    expect(rows.every((r) => r.tier === 0 && r.scope === "all" && r.arrival === "new")).toBe(true);

    // Places: the domain's order within each group.
    for (const g of new Set(rows.map((r) => r.groupNo))) {
      const members = rows.filter((r) => r.groupNo === g).map((r) => ({ userId: r.userId, points: r.points, joinedAt: expected.get(r.userId)!.createdAt }));
      const ranked = rankGroup(members);
      const byId = new Map(rows.map((r) => [r.userId, r.rank]));
      expect(ranked.map((r) => byId.get(r.userId))).toEqual(ranked.map((r) => r.rank));
    }

    // A second refresh with nothing changed writes nothing.
    expect(await refreshLeagues(db, { now: NOW })).toBe(0);
  });
});

describe("the risk-adjusted part", () => {
  it("is computed once a UTC day from the daily snapshots: a later refresh the same day keeps it, the next day's recomputes it", async () => {
    const db = database.db;
    const user = await person(db);
    const portfolio = await createPortfolio(db, { userId: user.id });
    await xp(db, user.id, 10, at("2026-11-24T09:00:00Z"));
    // Two others active too: a league starts with three (decision 066).
    for (let i = 0; i < 2; i++) await xp(db, (await person(db)).id, 10, at("2026-11-24T09:00:00Z"));
    const mine = async () => (await weekRows(db)).find((r) => r.userId === user.id);
    const steady = ["100000.00", "100400.00", "100900.00", "101300.00", "101800.00", "102200.00", "102700.00"];
    for (const [i, instant] of riskWindow(NOW).entries()) await db.insert(equitySnapshots).values({ portfolioId: portfolio.id, takenAt: instant, equity: steady[i]! });
    await refreshLeagues(db, { now: NOW });
    const first = await mine();
    expect(first!.risk).toBe(riskPointsOf(steady));
    expect(first!.risk).toBeGreaterThan(0);
    // The snapshots are rewritten as a losing week: the same day, the part stays; the next day, it is 0.
    await db.delete(equitySnapshots).where(sql`portfolio_id = ${portfolio.id}`);
    for (const [i, instant] of riskWindow(NOW).entries()) await db.insert(equitySnapshots).values({ portfolioId: portfolio.id, takenAt: instant, equity: `${100000 - i * 500}.00` });
    await refreshLeagues(db, { now: at("2026-11-25T23:59:00Z") });
    expect((await mine())!.risk).toBe(first!.risk);
    await refreshLeagues(db, { now: at("2026-11-26T00:01:00Z") });
    expect((await mine())!.risk).toBe(0);
  });
});

describe("the weekly rollover at Monday 00:00 UTC", () => {
  it("moves the top places of a group up and the bottom places down, groups by last week's points, once, even when run twice or late", async () => {
    const db = database.db;
    // Last week (16–22 November): one Silver (tier 1) group of 18, as its last refresh left it.
    const prev = "2026-11-16";
    const members: Array<{ id: string; points: number; rank: number }> = [];
    for (let i = 0; i < 18; i++) {
      const user = await person(db, { createdAt: at(`2026-04-${String(i + 1).padStart(2, "0")}T00:00:00Z`) });
      members.push({ id: user.id, points: i === 0 ? 0 : 200 - i * 10, rank: 0 });
    }
    // Place 1 has 0 points? No: order by points; the 0-point person is last.
    const ranked = rankGroup(members.map((m, i) => ({ userId: m.id, points: m.points, joinedAt: at(`2026-04-${String(i + 1).padStart(2, "0")}T00:00:00Z`) })));
    await db.insert(leagueMembers).values(
      ranked.map((r) => ({
        weekStart: prev,
        userId: r.userId,
        scope: "all",
        tier: 1,
        groupNo: 1,
        arrival: "stay" as const,
        joinedAt: at("2026-11-16T00:00:00Z"),
        accountCreatedAt: r.joinedAt,
        rank: r.rank,
        points: r.points,
      })),
    );
    // Sunday 23:59:59: still last week; no rollover into it.
    const sunday = at("2026-11-22T23:59:59Z");
    expect(await rolloverLeagues(db, { now: sunday })).toBe(0);
    // Monday 00:00:00 exactly: the new week (23 November) starts.
    const monday = at("2026-11-23T00:00:00Z");
    expect(await rolloverLeagues(db, { now: monday })).toBe(18);
    const rows = await weekRows(db, "2026-11-23");
    const tierOf = new Map(rows.map((r) => [r.userId, r.tier]));
    for (const r of ranked) {
      const move = moveOf(1, r.rank, ranked.length, r.points);
      expect(tierOf.get(r.userId)).toBe(move === "up" ? 2 : move === "down" ? 0 : 1);
    }
    // 18 people: 3 up, 3 down (three each: enough to start a league in the new tier).
    expect(rows.filter((r) => r.arrival === "up")).toHaveLength(3);
    expect(rows.filter((r) => r.arrival === "down")).toHaveLength(3);
    expect(rows.filter((r) => r.arrival === "stay")).toHaveLength(12);
    // Twice, or late on Wednesday: nothing more.
    expect(await rolloverLeagues(db, { now: monday })).toBe(0);
    expect(await rolloverLeagues(db, { now: at("2026-11-25T08:00:00Z") })).toBe(0);
    expect(await weekRows(db, "2026-11-23")).toHaveLength(18);
  });

  it("a tier of 40 becomes two groups of 20 matched by last week's points: the most active meet each other", async () => {
    const db = database.db;
    const prev = "2026-11-16";
    const rows = [];
    for (let i = 0; i < 40; i++) {
      const u = await person(db, { createdAt: at("2026-05-01T00:00:00Z") });
      // Two old groups of 20 with interleaved activity; all stay in Bronze (the last places only "stay" in the lowest tier).
      rows.push({ weekStart: prev, userId: u.id, scope: "all", tier: 0, groupNo: (i % 2) + 1, arrival: "stay" as const, joinedAt: at("2026-11-16T00:00:00Z"), accountCreatedAt: u.createdAt, rank: 10 + Math.floor(i / 2), points: i * 3 });
    }
    // Nobody in a promotion place (ranks from 10): everyone stays in Bronze.
    await db.insert(leagueMembers).values(rows);
    await rolloverLeagues(db, { now: at("2026-11-23T00:00:01Z") });
    const now = await weekRows(db, "2026-11-23");
    const pointsOf = new Map(rows.map((r) => [r.userId, r.points]));
    const group = (g: number) => now.filter((r) => r.groupNo === g).map((r) => pointsOf.get(r.userId)!);
    expect(group(1)).toHaveLength(20);
    expect(group(2)).toHaveLength(20);
    expect(Math.min(...group(1))).toBeGreaterThan(Math.max(...group(2)));
  });

  it("a rollover that runs late (the server was down on Monday) gives the same tiers as on time", async () => {
    const db = database.db;
    const prev = "2026-11-09";
    // A Gold group of 18: the top 3 move up, the bottom 3 down (three in each new tier: enough to start).
    const rows = [];
    for (let i = 0; i < 18; i++) {
      const u = await person(db, { createdAt: at(`2026-05-${String(i + 1).padStart(2, "0")}T00:00:00Z`) });
      rows.push({ weekStart: prev, userId: u.id, scope: "all", tier: 2, groupNo: 1, arrival: "stay" as const, joinedAt: at("2026-11-09T00:00:00Z"), accountCreatedAt: u.createdAt, rank: i + 1, points: 200 - i * 10 });
    }
    await db.insert(leagueMembers).values(rows);
    // The next Monday (16th) passes with the server down; it starts on Thursday the 19th.
    await refreshLeagues(db, { now: at("2026-11-19T10:00:00Z") });
    const tierOf = new Map((await weekRows(db, "2026-11-16")).map((r) => [r.userId, r.tier]));
    expect(rows.map((r) => tierOf.get(r.userId))).toEqual(rows.map((r) => (r.rank <= 3 ? 3 : r.rank > 15 ? 1 : 2)));
  });

  it("never starts a league of one: a lone promotion waits in its tier, a tier left too small merges into the nearest, too few in all wait (issue #23 §4)", async () => {
    const db = database.db;
    // Last week: Bronze group of 6 (1 moves up, alone) and a Gold group of 2 (1 up, 1 down) — the domain's settleTiers decides.
    const prev = "2026-11-16";
    const rows = [];
    for (let i = 0; i < 6; i++) {
      const u = await person(db, { createdAt: at(`2026-05-${String(i + 1).padStart(2, "0")}T00:00:00Z`) });
      rows.push({ weekStart: prev, userId: u.id, scope: "all", tier: 0, groupNo: 1, arrival: "stay" as const, joinedAt: at("2026-11-16T00:00:00Z"), accountCreatedAt: u.createdAt, rank: i + 1, points: 60 - i * 10 });
    }
    for (let i = 0; i < 2; i++) {
      const u = await person(db, { createdAt: at(`2026-06-${String(i + 1).padStart(2, "0")}T00:00:00Z`) });
      rows.push({ weekStart: prev, userId: u.id, scope: "all", tier: 2, groupNo: 1, arrival: "stay" as const, joinedAt: at("2026-11-16T00:00:00Z"), accountCreatedAt: u.createdAt, rank: i + 1, points: 50 - i * 40 });
    }
    await db.insert(leagueMembers).values(rows);
    await rolloverLeagues(db, { now: at("2026-11-23T00:00:01Z") });
    const now = await weekRows(db, "2026-11-23");
    const tierOf = new Map(now.map((r) => [r.userId, r.tier]));
    const expected = settleTiers(rows.map((r) => {
      const move = moveOf(r.tier, r.rank, r.tier === 0 ? 6 : 2, r.points);
      return { from: r.tier, to: r.tier + (move === "up" ? 1 : move === "down" ? -1 : 0) };
    }));
    expect(rows.map((r) => tierOf.get(r.userId) ?? null)).toEqual(expected);
    // Everyone plays (8 people), every league this week holds at least three, and nobody is alone in a tier.
    expect(now).toHaveLength(8);
    const sizes = new Map<string, number>();
    for (const r of now) sizes.set(`${r.tier}:${r.groupNo}`, (sizes.get(`${r.tier}:${r.groupNo}`) ?? 0) + 1);
    expect(Math.min(...sizes.values())).toBeGreaterThanOrEqual(3);
    // Silver would hold two (Bronze's winner, Gold's loser) and Sapphire one (Gold's winner): those
    // moves wait; Gold's two are then too few and merge into Bronze, the nearest tier with enough.
    expect(new Set(now.map((r) => r.tier))).toEqual(new Set([0]));

    // Two active newcomers wait: no league of two; the third starts it with them.
    await db.delete(leagueMembers);
    const newcomers = [await person(db), await person(db), await person(db)];
    for (const u of newcomers.slice(0, 2)) await xp(db, u.id, 10, at("2026-11-24T09:00:00Z"));
    await refreshLeagues(db, { now: NOW });
    expect(await weekRows(db)).toHaveLength(0);
    expect(await leagueOf(db, newcomers[0]!.id, NOW)).toMatchObject({ status: "waiting", queued: true, minSize: 3 });
    expect(await leagueOf(db, newcomers[2]!.id, NOW)).toMatchObject({ status: "waiting", queued: false });
    await xp(db, newcomers[2]!.id, 10, at("2026-11-24T10:00:00Z"));
    await refreshLeagues(db, { now: at("2026-11-25T12:01:00Z") });
    const started = await weekRows(db);
    expect(started.map((r) => r.userId).sort()).toEqual(newcomers.map((u) => u.id).sort());
    expect(new Set(started.map((r) => r.groupNo)).size).toBe(1);
  });
});

describe("who is in which league", () => {
  it("an opted-out person is in no league: they leave this week's group at the next refresh, are not carried into the next week, and rejoin at their last tier", async () => {
    const db = database.db;
    const stay = [await person(db, { createdAt: at("2026-06-01T00:00:00Z") }), await person(db, { createdAt: at("2026-06-03T00:00:00Z") }), await person(db, { createdAt: at("2026-06-04T00:00:00Z") })];
    const leaves = await person(db, { createdAt: at("2026-06-02T00:00:00Z") });
    const stayIds = stay.map((u) => u.id).sort();
    for (const user of [...stay, leaves]) await xp(db, user.id, 20, at("2026-11-24T09:00:00Z"));
    await refreshLeagues(db, { now: NOW });
    expect((await weekRows(db)).map((r) => r.userId).sort()).toEqual([...stayIds, leaves.id].sort());
    await db.update(users).set({ leagueOptOut: true }).where(sql`id = ${leaves.id}`);
    await refreshLeagues(db, { now: NOW });
    const rows = await weekRows(db);
    expect(rows.map((r) => r.userId).sort()).toEqual(stayIds);
    expect(rows.map((r) => r.rank).sort()).toEqual([1, 2, 3]);
    expect(await leagueOf(db, leaves.id, NOW)).toMatchObject({ status: "opted-out" });
    // Next week: not carried over.
    await refreshLeagues(db, { now: at("2026-11-30T00:00:10Z") });
    expect((await weekRows(db, "2026-11-30")).map((r) => r.userId).sort()).toEqual(stayIds);
    // Back in, with activity: the tier they last had (Gold, in an earlier week) has no league this
    // week, so they join the nearest that has one (Bronze, with the three) rather than play alone.
    await db.insert(leagueMembers).values({ weekStart: "2026-11-09", userId: leaves.id, scope: "all", tier: 2, groupNo: 1, arrival: "stay", joinedAt: at("2026-11-09T00:00:00Z"), accountCreatedAt: leaves.createdAt, rank: 3, points: 10 });
    await db.update(users).set({ leagueOptOut: false }).where(sql`id = ${leaves.id}`);
    await xp(db, leaves.id, 5, at("2026-11-30T08:00:00Z"));
    await refreshLeagues(db, { now: at("2026-11-30T09:00:00Z") });
    const back = (await weekRows(db, "2026-11-30")).find((r) => r.userId === leaves.id);
    expect(back).toMatchObject({ tier: 0, groupNo: 1, arrival: "new" });
  });

  it("roster accounts meet only their class; standard accounts never meet them", async () => {
    const db = database.db;
    const teacher = await person(db);
    const [classA] = await db.insert(classes).values({ name: "Class A", joinCode: "LGA12345", createdBy: teacher.id }).returning();
    const [classB] = await db.insert(classes).values({ name: "Class B", joinCode: "LGB12345", createdBy: teacher.id }).returning();
    const inA = [await person(db, { roster: true, name: "Ada Lovelace" }), await person(db, { roster: true, name: "Alan Turing" }), await person(db, { roster: true, name: "Annie Easley" })];
    const inB = [await person(db, { roster: true, name: "Grace Hopper" })];
    const noClass = await person(db, { roster: true, name: "Lonely Roster" });
    const standard = [await person(db), await person(db), await person(db)];
    await db.insert(classMembers).values([
      ...inA.map((u) => ({ classId: classA!.id, userId: u.id, role: "student" as const, via: "roster" as const })),
      ...inB.map((u) => ({ classId: classB!.id, userId: u.id, role: "student" as const, via: "roster" as const })),
      // A standard account in class A is still in the league everyone meets.
      { classId: classA!.id, userId: standard[0]!.id, role: "student" as const, via: "code" as const },
    ]);
    for (const u of [...inA, ...inB, noClass, ...standard]) await xp(db, u.id, 10, at("2026-11-24T09:00:00Z"));
    await refreshLeagues(db, { now: NOW });
    const rows = await weekRows(db);
    const scopeOf = new Map(rows.map((r) => [r.userId, r.scope]));
    expect(inA.map((u) => scopeOf.get(u.id))).toEqual(inA.map(() => `class:${classA!.id}`));
    // Grace is the only one of class B who is active: she waits for classmates, never a league of one.
    expect(scopeOf.has(inB[0]!.id)).toBe(false);
    expect(await leagueOf(db, inB[0]!.id, NOW)).toMatchObject({ status: "waiting", queued: true });
    expect(scopeOf.has(noClass.id)).toBe(false);
    expect(standard.map((u) => scopeOf.get(u.id))).toEqual(["all", "all", "all"]);
    // Ada sees only her class, by classmate name.
    const view = await leagueOf(db, inA[0]!.id, NOW);
    expect(view.status).toBe("in-league");
    if (view.status !== "in-league") return;
    expect(view.scope).toBe("class");
    expect(view.rows.map((r) => r.name).sort()).toEqual(["Ada L.", "Alan T.", "Annie E."]);
    expect(await leagueOf(db, noClass.id, NOW)).toMatchObject({ status: "no-class" });
    // A standard account's group holds no roster account.
    const other = await leagueOf(db, standard[1]!.id, NOW);
    expect(other.status === "in-league" && other.rows).toHaveLength(3);
  });

  it("the own view says what it takes to move up", async () => {
    const db = database.db;
    const people = [];
    for (let i = 0; i < 8; i++) {
      const u = await person(db, { createdAt: at(`2026-07-0${i + 1}T00:00:00Z`), name: `Person ${i + 1}` });
      await xp(db, u.id, 100 - i * 10, at("2026-11-24T09:00:00Z"));
      people.push(u);
    }
    await refreshLeagues(db, { now: NOW });
    // Group of 8 in Bronze: 2 move up (the 2nd has 90 points); the 5th has 60.
    const view = await leagueOf(db, people[4]!.id, NOW);
    expect(view).toMatchObject({ status: "in-league", promote: 2, demote: 0, hint: "31 points behind 2nd place, the last promotion place (to Silver)." });
  });
});
