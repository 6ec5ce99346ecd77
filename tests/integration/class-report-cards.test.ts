/**
 * The teacher's path to report cards (issue #23 §3), in process on PGlite and PostgreSQL: once
 * a class contest has ended, its class's teachers reach every student's card by links — the
 * roster (the class's answer), the student's view, the final board, the list of every card —
 * and the server still refuses anyone who does not manage the contest. A team member's card
 * is the team's.
 */
import { describe, expect, it } from "vitest";
import { addRoster, createClass, createClassContest, enrolClass, formClassTeam, getClassFor, studentView } from "@/features/classes";
import { finalizeDueEvents, reportCardFor, reportCardIndex, standingsFor } from "@/features/events";
import type { Db } from "@/server/db";
import { classMembers } from "@/server/db/schema";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const IP = "192.0.2.43";
const HOUR = 3_600_000;

const viewer = (u: { id: string; role: "member" | "organiser" | "admin" }) => ({ id: u.id, role: u.role });
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string; message: string });

/** A class of three with a contest that ran from an hour ago to an hour ahead, then ended (finalised as at its end). */
async function endedClassContest(db: Db, teams: { min: number; max: number } | null = null) {
  await createInstrument(db, { lastPrice: "40.00" });
  const teacher = viewer(await createTestUser(db, { role: "organiser", name: "Olga Organiser" }));
  const klass = await createClass(db, teacher, { name: "Economics 9C" }, { ip: IP });
  const { students } = await addRoster(db, teacher, klass.id, ["Maya Kowalska", "Leo Brandt", "Ada Lovelace"], { ip: IP });
  const pupils = students.map((s) => ({ id: s.id, role: "member" as const, name: s.name }));
  const now = Date.now();
  const contest = await createClassContest(db, teacher, klass.id, { title: "9C Cup", startingCash: "10000.00", startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString(), teams }, { ip: IP });
  if (teams) await formClassTeam(db, teacher, klass.id, contest.slug, { name: "Owls", members: [pupils[0]!.id, pupils[1]!.id] }, { ip: IP });
  else await enrolClass(db, teacher, klass.id, contest.slug, { ip: IP });
  const end = new Date(now + HOUR + 300);
  await finalizeDueEvents({ db, now: end });
  return { teacher, klass, contest, pupils, after: new Date(end.getTime() + 1000) };
}

describe("a class contest's report cards", () => {
  it("are linked for the class's teachers from the roster, the student's view, the final board and the list of every card", async () => {
    const db = database.db;
    const { teacher, klass, contest, pupils, after } = await endedClassContest(db);
    const [maya] = pupils;
    const href = `/events/${contest.slug}/report?user=${maya!.id}`;

    // The roster (the class's answer for its teacher): each student's card, and the contest marked ready.
    const view = await getClassFor(db, teacher, klass.id);
    if (view.view !== "teacher") throw new Error("expected the teacher's view");
    expect(view.contests[0]).toMatchObject({ slug: contest.slug, finalized: true, studentsOut: 0 });
    expect(view.students.find((s) => s.id === maya!.id)!.reportCards).toEqual([{ slug: contest.slug, title: "9C Cup", href }]);
    // A student's view of the class carries nobody's cards.
    const studentsView = await getClassFor(db, maya!, klass.id);
    expect(studentsView.view).toBe("student");
    expect(JSON.stringify(studentsView)).not.toContain("report?user=");

    // The teacher's view of the student links the card.
    const student = await studentView(db, teacher, klass.id, maya!.id);
    expect(student.portfolios.find((p) => p.event?.slug === contest.slug)!.event!.reportCard).toBe(href);

    // The final board opens each row's card for the teacher, for nobody else.
    const board = await standingsFor(db, teacher, contest.slug);
    expect(board.frozen).toBe(true);
    expect(board.items.map((i) => i.reportCard).sort()).toEqual(pupils.map((p) => `/events/${contest.slug}/report?user=${p.id}`).sort());
    expect((await standingsFor(db, maya!, contest.slug)).items.every((i) => i.reportCard === null)).toBe(true);

    // The list of every card (the page /events/{slug}/report for a teacher who took no part), and each card.
    const index = await reportCardIndex(db, teacher, contest.slug, { now: after });
    expect(index.items.map((i) => i.href).sort()).toEqual(board.items.map((i) => i.reportCard).sort());
    expect((await reportCardFor(db, teacher, contest.slug, { userId: maya!.id, now: after })).participant).toMatchObject({ name: "Maya Kowalska", you: false, team: null });
  });

  it("open for every teacher of the class, not only the one who created the contest; nobody else reads anyone's", async () => {
    const db = database.db;
    const { klass, contest, pupils, after } = await endedClassContest(db);
    const coTeacher = viewer(await createTestUser(db, { role: "organiser", name: "Carl Coteacher" }));
    await db.insert(classMembers).values({ classId: klass.id, userId: coTeacher.id, role: "teacher", via: "created" });
    const [maya, leo] = pupils;
    expect((await reportCardIndex(db, coTeacher, contest.slug, { now: after })).items).toHaveLength(3);
    expect((await reportCardFor(db, coTeacher, contest.slug, { userId: leo!.id, now: after })).participant.name).toBe("Leo Brandt");

    const otherOrganiser = viewer(await createTestUser(db, { role: "organiser" }));
    for (const who of [otherOrganiser, maya!]) {
      expect(await errorOf(reportCardIndex(db, who, contest.slug, { now: after }))).toMatchObject({ kind: "not-found" });
      expect(await errorOf(reportCardFor(db, who, contest.slug, { userId: leo!.id, now: after }))).toMatchObject({ kind: "not-found" });
    }
    // A student still reads their own.
    expect((await reportCardFor(db, maya!, contest.slug, { now: after })).participant).toMatchObject({ you: true });
  });

  it("of a team contest: every member reads the team's card, and the roster links it for each member", async () => {
    const db = database.db;
    const { teacher, klass, contest, pupils, after } = await endedClassContest(db, { min: 2, max: 3 });
    const [maya, leo, ada] = pupils;
    // Leo did not found the team (Maya holds its row): his card is the team's.
    const card = await reportCardFor(db, leo!, contest.slug, { now: after });
    expect(card.participant).toMatchObject({ name: "Leo Brandt", team: "Owls", you: true });
    expect(card.rank).toBe(1);
    const view = await getClassFor(db, teacher, klass.id);
    if (view.view !== "teacher") throw new Error("expected the teacher's view");
    const cards = (id: string) => view.students.find((s) => s.id === id)!.reportCards.map((c) => c.href);
    expect(cards(maya!.id)).toEqual([`/events/${contest.slug}/report?user=${maya!.id}`]);
    expect(cards(leo!.id)).toEqual([`/events/${contest.slug}/report?user=${leo!.id}`]);
    expect(cards(ada!.id)).toEqual([]);
    // People, not teams: two students joined in one team.
    expect(view.contests[0]).toMatchObject({ participants: 2, teamCount: 1, studentsOut: 1 });
  });
});
