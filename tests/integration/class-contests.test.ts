/**
 * Class contests and teams, in process on PGlite and PostgreSQL
 * (docs/decisions/042-class-contests-and-teams.md): a class contest is seen, listed and joined
 * by its class only; the teacher enrols everyone; roster accounts are named as in the class on
 * its board; a team shares one portfolio that every member trades, the history names who
 * placed each order, and two members ordering at once keep the accounting identities.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addRoster, createClass, createClassContest, enrolClass, formClassTeam, getClassFor } from "@/features/classes";
import { createTeam, eventsTradingPort, getEventFor, joinEvent, joinTeam, listEventsFor, standingsFor, teamsFor } from "@/features/events";
import { visibleEvent } from "@/features/events/server/access";
import { leaderboardPage, refreshLiveEventBoards } from "@/features/ranking";
import { listOrders, placeOrder, portfolioIdsOf, portfolioIdsOfPeople } from "@/features/trading";
import type { Db } from "@/server/db";
import { eventParticipants, events, orders, portfolios, teamMembers } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";
import { statementCounter } from "../setup/statement-counter";

const { onQuery, statementsOf } = statementCounter();
const database = useTestDatabase({ onQuery });
const IP = "192.0.2.42";
const HOUR = 3_600_000;

const viewer = (u: { id: string; role: "member" | "organiser" | "admin" }) => ({ id: u.id, role: u.role });
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string; message: string });
const window = () => ({ startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + 24 * HOUR).toISOString() });

async function classWithContest(db: Db, options: { teams?: { min: number; max: number } } = {}) {
  const teacher = viewer(await createTestUser(db, { role: "organiser", name: "Olga Organiser" }));
  const klass = await createClass(db, teacher, { name: "Economics 9B" }, { ip: IP });
  const { students } = await addRoster(db, teacher, klass.id, ["Maya Kowalska", "Leo Brandt", "Ada Lovelace", "Émile Ørsted"], { ip: IP });
  const contest = await createClassContest(db, teacher, klass.id, { title: "9B Spring Cup", startingCash: "10000.00", ...window(), teams: options.teams ?? null }, { ip: IP });
  const pupils = students.map((s) => ({ id: s.id, role: "member" as const, name: s.name }));
  return { teacher, klass, contest, pupils };
}

describe("a class contest", () => {
  it("is private to its class: members see, list and join it; an outsider gets 404 and never sees it listed", async () => {
    const db = database.db;
    const { teacher, klass, contest, pupils } = await classWithContest(db);
    const outsider = viewer(await createTestUser(db));
    const admin = viewer(await createTestUser(db, { role: "admin" }));
    const [row] = await db.select().from(events).where(eq(events.slug, contest.slug));
    expect(row).toMatchObject({ classId: klass.id, visibility: "private", joinCode: null, metric: "sharpe" });

    expect((await getEventFor(db, pupils[0]!, contest.slug)).joined).toBe(false);
    expect((await listEventsFor(db, pupils[0]!, { page: 1, pageSize: 50 })).items.map((e) => e.slug)).toContain(contest.slug);
    expect((await getClassFor(db, pupils[0]!, klass.id)).contests.map((c) => c.slug)).toEqual([contest.slug]);
    expect(await errorOf(getEventFor(db, outsider, contest.slug))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(joinEvent(db, outsider, contest.slug))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(standingsFor(db, outsider, contest.slug))).toMatchObject({ kind: "not-found" });
    expect((await listEventsFor(db, outsider, { page: 1, pageSize: 50 })).items.map((e) => e.slug)).not.toContain(contest.slug);
    expect((await getEventFor(db, admin, contest.slug)).slug).toBe(contest.slug);

    // One click: no code for a member of the class.
    const joined = await joinEvent(db, pupils[0]!, contest.slug);
    expect(joined.created).toBe(true);
    expect((await getEventFor(db, teacher, contest.slug)).participants).toBe(1);
  });

  it("is created only by the class's teacher or an admin, through the events' one validation", async () => {
    const db = database.db;
    const { klass, pupils } = await classWithContest(db);
    const otherTeacher = viewer(await createTestUser(db, { role: "organiser" }));
    const input = { title: "Another cup", startingCash: "10000.00", ...window() };
    expect(await errorOf(createClassContest(db, pupils[0]!, klass.id, input))).toMatchObject({ kind: "forbidden" });
    expect(await errorOf(createClassContest(db, otherTeacher, klass.id, input))).toMatchObject({ kind: "not-found" });
    const admin = viewer(await createTestUser(db, { role: "admin" }));
    expect((await createClassContest(db, admin, klass.id, { ...input, metric: "return" })).event.metric).toBe("return");
    const bad = await errorOf(createClassContest(db, admin, klass.id, { ...input, title: "x", startingCash: "1.00" }));
    expect(bad).toMatchObject({ kind: "invalid" });
    expect((bad as unknown as { fields: Record<string, string> }).fields).toHaveProperty("startingCash");
    expect(await errorOf(createClassContest(db, admin, klass.id, { ...input, teams: { min: 1, max: 9 } }))).toMatchObject({ kind: "invalid" });
  });

  it("enrols every student in one call (twice is harmless), and names roster accounts as in the class on its board", async () => {
    const db = database.db;
    const { teacher, klass, contest, pupils } = await classWithContest(db);
    expect(await errorOf(enrolClass(db, pupils[0]!, klass.id, contest.slug))).toMatchObject({ kind: "forbidden" });
    expect(await enrolClass(db, teacher, klass.id, contest.slug, { ip: IP })).toEqual({ enrolled: 4, already: 0, refused: [] });
    expect(await enrolClass(db, teacher, klass.id, contest.slug, { ip: IP })).toEqual({ enrolled: 0, already: 4, refused: [] });
    const [row] = await db.select().from(events).where(eq(events.slug, contest.slug));
    await refreshLiveEventBoards(db, { now: new Date() });
    const board = await standingsFor(db, pupils[1]!, contest.slug);
    expect(board.items.map((i) => i.name).sort()).toEqual(["Ada L.", "Leo B.", "Maya K.", "Émile Ø."].sort());
    const ranking = await leaderboardPage(db, { kind: "event", slug: contest.slug }, { page: 1, viewer: pupils[1]!, now: new Date() });
    expect(ranking.items.map((i) => i.name).sort()).toEqual(["Ada L.", "Leo B.", "Maya K.", "Émile Ø."].sort());
    expect(row!.id).toBeTruthy();
  });
});

describe("a team contest", () => {
  it("lets a team share one portfolio: students found and join with a code, the teacher forms teams, the board ranks teams", async () => {
    const db = database.db;
    const { teacher, klass, contest, pupils } = await classWithContest(db, { teams: { min: 2, max: 3 } });
    const [maya, leo, ada, emile] = pupils as [(typeof pupils)[number], (typeof pupils)[number], (typeof pupils)[number], (typeof pupils)[number]];
    expect(await errorOf(joinEvent(db, maya, contest.slug))).toMatchObject({ code: "TEAM_EVENT" });
    expect(await errorOf(enrolClass(db, teacher, klass.id, contest.slug))).toMatchObject({ code: "TEAM_EVENT" });

    const bulls = await createTeam(db, maya, contest.slug, { name: "Bulls" }, { ip: IP });
    expect(bulls.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await errorOf(createTeam(db, leo, contest.slug, { name: "bulls" }))).toMatchObject({ code: "TEAM_NAME_TAKEN" });
    await joinTeam(db, leo, contest.slug, bulls.code.toLowerCase(), { ip: IP });
    expect(await errorOf(joinTeam(db, leo, contest.slug, bulls.code, { ip: IP }))).toBeNull();
    expect((await getEventFor(db, leo, contest.slug)).portfolioId).toBe(bulls.portfolioId);
    // Every event page's first step finds the event and a member's part in it, through the team or their own row, in one statement.
    for (const [member, part] of [[leo, "team"], [maya, "own"]] as const) {
      const lookup = await statementsOf(() => visibleEvent(db, member, contest.slug));
      expect(lookup.result.participant?.portfolioId, part).toBe(bulls.portfolioId);
      expect(lookup.statements, part).toHaveLength(1);
    }

    // The teacher forms the other team; a student already in a team cannot be put in a second one.
    expect(await errorOf(formClassTeam(db, teacher, klass.id, contest.slug, { name: "Bears", members: [ada.id, maya.id] }))).toMatchObject({ code: "ALREADY_IN_A_TEAM" });
    expect(await errorOf(formClassTeam(db, maya, klass.id, contest.slug, { name: "Bears", members: [ada.id] }))).toMatchObject({ kind: "forbidden" });
    const bears = await formClassTeam(db, teacher, klass.id, contest.slug, { name: "Bears", members: [ada.id, emile.id] }, { ip: IP });
    const view = await teamsFor(db, maya, contest.slug);
    expect(view.items.map((t) => ({ name: t.name, members: t.members, code: t.code !== null }))).toEqual([
      { name: "Bulls", members: ["Leo B.", "Maya K."], code: true },
      { name: "Bears", members: ["Ada L.", "Émile Ø."], code: false },
    ]);
    // One participant row per team (its founder's): the board ranks two teams, not four people.
    const eventId = (await getEventFor(db, teacher, contest.slug)).id;
    expect((await db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId))).map((p) => p.portfolioId).sort()).toEqual([bulls.portfolioId, bears.portfolioId].sort());

    // Every member trades it; the history names who placed each order; a non-member cannot.
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    await placeOrder(db, { userId: maya.id, portfolioId: bulls.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10 } });
    await placeOrder(db, { userId: leo.id, portfolioId: bulls.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 5 } });
    expect(await errorOf(placeOrder(db, { userId: ada.id, portfolioId: bulls.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } }))).toMatchObject({ kind: "not-found" });
    // Who holds a team's portfolio is the events feature's answer, asked through the engine's port (decision 068).
    const [bullsRow] = await db.select({ teamId: portfolios.teamId }).from(portfolios).where(eq(portfolios.id, bulls.portfolioId));
    expect(await eventsTradingPort.teamIdsOf(db, leo.id)).toEqual([bullsRow!.teamId]);
    expect(await eventsTradingPort.teamIdsOf(db, teacher.id)).toEqual([]);
    expect(await portfolioIdsOf(db, leo.id)).toContain(bulls.portfolioId);
    expect(await portfolioIdsOf(db, ada.id)).toEqual(expect.not.arrayContaining([bulls.portfolioId]));
    expect(await portfolioIdsOf(db, ada.id)).toContain(bears.portfolioId);
    // The same for many people at once (every open stream's shared heartbeat, decision 083), person by person.
    const people = [leo.id, ada.id, maya.id, emile.id, teacher.id];
    const many = await portfolioIdsOfPeople(db, people);
    for (const id of people) expect([...many.get(id)!].sort()).toEqual([...(await portfolioIdsOf(db, id))].sort());
    expect(many.get(maya.id)).toContain(bulls.portfolioId);
    const history = await listOrders(db, bulls.portfolioId, { page: 1, pageSize: 10, team: true });
    expect(history.items.map((o) => (o as unknown as { placedBy: string | null }).placedBy)).toEqual(["Leo B.", "Maya K."]);

    await refreshLiveEventBoards(db, { now: new Date() });
    const board = await standingsFor(db, leo, contest.slug);
    expect(board.items.map((i) => i.name).sort()).toEqual(["Bears", "Bulls"]);
    // /ranking's event board names the rows by the same rule.
    const ranking = await leaderboardPage(db, { kind: "event", slug: contest.slug }, { page: 1, viewer: leo, now: new Date() });
    expect(ranking.items.map((i) => i.name).sort()).toEqual(["Bears", "Bulls"]);
    await expectIdentities(db, bulls.portfolioId);
  });

  it("does not trade below its smallest size", async () => {
    const db = database.db;
    const { contest, pupils } = await classWithContest(db, { teams: { min: 2, max: 2 } });
    const solo = await createTeam(db, pupils[0]!, contest.slug, { name: "Solo" });
    const instrument = await createInstrument(db, { lastPrice: "10.00" });
    expect(await errorOf(placeOrder(db, { userId: pupils[0]!.id, portfolioId: solo.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } }))).toMatchObject({ code: "TEAM_TOO_SMALL" });
    await joinTeam(db, pupils[1]!, contest.slug, solo.code, { ip: IP });
    expect(await errorOf(joinTeam(db, pupils[2]!, contest.slug, solo.code, { ip: IP }))).toMatchObject({ code: "TEAM_FULL" });
    const placed = await placeOrder(db, { userId: pupils[1]!.id, portfolioId: solo.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } });
    expect(placed.rejection).toBeNull();
  });

  it(`keeps the accounting identities when members order at once${onPostgres ? " (really racing on PostgreSQL)" : ""}`, async () => {
    const db = database.db;
    const { contest, pupils } = await classWithContest(db, { teams: { min: 2, max: 3 } });
    const team = await createTeam(db, pupils[0]!, contest.slug, { name: "Racers" });
    await joinTeam(db, pupils[1]!, contest.slug, team.code, { ip: IP });
    await joinTeam(db, pupils[2]!, contest.slug, team.code, { ip: IP });
    const members = pupils.slice(0, 3);
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    // 10,000.00 of cash; 30 buys of 10 at the ask (100.05) = 1,000.50 each from three members at once: exactly 9 fit.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(db, { userId: members[i % 3]!.id, portfolioId: team.portfolioId, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10 } }),
      ),
    );
    const filled = answers.filter((a) => a.rejection === null);
    expect(filled).toHaveLength(9);
    for (const refused of answers.filter((a) => a.rejection !== null)) expect(refused.rejection!.code).toBe("INSUFFICIENT_FUNDS");
    expect((await portfolioRow(db, team.portfolioId)).cash).toBe("995.50");
    await expectIdentities(db, team.portfolioId);
    const placers = await db.select({ placedBy: orders.placedBy }).from(orders).where(and(eq(orders.portfolioId, team.portfolioId), eq(orders.status, "filled")));
    expect(placers.every((o) => members.some((m) => m.id === o.placedBy))).toBe(true);
    const [shared] = await db.select().from(portfolios).where(eq(portfolios.id, team.portfolioId));
    expect((await db.select().from(teamMembers).where(eq(teamMembers.teamId, shared!.teamId!))).length).toBe(3);
  });
});
