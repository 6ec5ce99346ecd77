/**
 * The events domain's rules and their SQL mirrors give the same answers: the phase
 * (event_phase, migration 0011) and who sees an event (server/db/event-rules-sql.ts), on
 * random events, viewers and instants, boundaries included.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventPhase, isEventListed, mayViewEvent } from "@/domain/events";
import { eventListedSql, eventPhaseSql, eventViewableSql } from "@/server/db/event-rules-sql";
import { classes, classMembers, eventParticipants, events } from "@/server/db/schema";
import { createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const BASE = Date.UTC(2026, 10, 20, 12);

describe("the events domain's rules in SQL", () => {
  it("event_phase equals eventPhase at every instant, boundaries included", async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -2, max: 20_002 }), async (startOffset, length, atOffset) => {
        const startsAt = new Date(BASE + startOffset);
        const endsAt = new Date(BASE + startOffset + length);
        // Land on the boundaries often: they are where two definitions disagree.
        const at = new Date(atOffset % 3 === 0 ? startsAt.getTime() : atOffset % 3 === 1 ? endsAt.getTime() : BASE + atOffset);
        const { rows } = await db.execute<{ phase: string }>(
          sql`select ${eventPhaseSql("e", at)} as phase from (select ${startsAt.toISOString()}::timestamptz as starts_at, ${endsAt.toISOString()}::timestamptz as ends_at) e`,
        );
        expect(rows[0]!.phase).toBe(eventPhase({ startsAt, endsAt }, at));
      }),
      { numRuns: 60 },
    );
  });

  it("who may view and who sees it listed: the same in SQL as in the domain", async () => {
    const db = database.db;
    const member = await createTestUser(db);
    const cases = [];
    for (const visibility of ["public", "private"] as const) {
      for (const archived of [false, true]) {
        for (const joined of [false, true]) {
          const [event] = await db
            .insert(events)
            .values({
              slug: `v-${randomUUID().slice(0, 8)}`,
              title: "Visibility",
              description: "",
              startsAt: new Date(BASE),
              endsAt: new Date(BASE + 3_600_000),
              startingCash: "10000.00",
              commissionFlat: "0.00",
              commissionBps: "0.00",
              allowShort: true,
              visibility,
              joinCode: visibility === "private" ? "ABCDEFGH" : null,
              lateEntry: true,
              metric: "return",
              archivedAt: archived ? new Date(BASE) : null,
            })
            .returning();
          if (joined) {
            const portfolio = await createPortfolio(db);
            await db.insert(eventParticipants).values({ eventId: event!.id, userId: member.id, portfolioId: portfolio.id });
          }
          cases.push({ event: event!, joined });
        }
      }
    }
    for (const admin of [false, true]) {
      const viewer = { id: member.id, admin };
      for (const { event, joined } of cases) {
        const { rows } = await db.execute<{ viewable: boolean; listed: boolean }>(
          sql`select ${eventViewableSql("e", viewer)} as viewable, ${eventListedSql("e", viewer)} as listed from events e where e.id = ${event.id}`,
        );
        const expected = { viewable: mayViewEvent(event, { admin, participant: joined }), listed: isEventListed(event, { admin, participant: joined }) };
        expect({ ...rows[0], case: { visibility: event.visibility, archived: event.archivedAt !== null, joined, admin } }).toEqual({ ...expected, case: { visibility: event.visibility, archived: event.archivedAt !== null, joined, admin } });
      }
    }
    // With its code a private event opens; a wrong code does not.
    const privateOne = cases.find((c) => c.event.visibility === "private" && !c.event.archivedAt && !c.joined)!.event;
    expect(mayViewEvent(privateOne, { admin: false, participant: false, code: "abcd-efgh" })).toBe(true);
    expect(mayViewEvent(privateOne, { admin: false, participant: false, code: "WRONGCOD" })).toBe(false);
  });

  it("a class contest: seen and listed by its class's members, participants and admins, in SQL as in the domain", async () => {
    const db = database.db;
    const teacher = await createTestUser(db, { role: "organiser" });
    const [klass] = await db.insert(classes).values({ name: "Rules 9B", joinCode: `R${randomUUID().slice(0, 7).toUpperCase()}`, createdBy: teacher.id }).returning();
    const member = await createTestUser(db);
    const outsider = await createTestUser(db);
    await db.insert(classMembers).values({ classId: klass!.id, userId: member.id, role: "student", via: "code" });
    for (const archived of [false, true]) {
      const [event] = await db
        .insert(events)
        .values({ slug: `c-${randomUUID().slice(0, 8)}`, title: "Class cup", startsAt: new Date(BASE), endsAt: new Date(BASE + 3_600_000), startingCash: "10000.00", visibility: "private", joinCode: null, classId: klass!.id, archivedAt: archived ? new Date(BASE) : null })
        .returning();
      for (const [person, classMember] of [[member, true], [outsider, false]] as const) {
        for (const admin of [false, true]) {
          const { rows } = await db.execute<{ viewable: boolean; listed: boolean }>(
            sql`select ${eventViewableSql("e", { id: person.id, admin })} as viewable, ${eventListedSql("e", { id: person.id, admin })} as listed from events e where e.id = ${event!.id}`,
          );
          const expected = { viewable: mayViewEvent(event!, { admin, participant: false, classMember }), listed: isEventListed(event!, { admin, participant: false, classMember }) };
          expect({ ...rows[0], archived, classMember, admin }).toEqual({ ...expected, archived, classMember, admin });
        }
      }
      if (!archived) expect(mayViewEvent(event!, { admin: false, participant: false, classMember: false })).toBe(false);
    }
  });
});
