/**
 * A teacher's read-only view of one student of their class (issue #11): the student's
 * portfolios (practice, and every event portfolio they have: events carry no class link yet,
 * so all of them are shown), each with its holdings, orders with journal notes and fills,
 * and the lessons the student passed. The class's teachers and admins only (`managed`), and
 * only for a student of this class (`studentOf`, 404 otherwise); nothing here writes.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { reportCardHref } from "@/features/events";
import { passedLessons } from "@/features/learn";
import { portfolioSummary } from "@/features/portfolio";
import { listFills, listOrders } from "@/features/trading";
import type { Db } from "@/server/db";
import { events, portfolios } from "@/server/db/schema";
import { managed, studentOf, type Viewer } from "./classes";

/** How many of a portfolio's latest orders and fills the view lists. */
export const STUDENT_VIEW_HISTORY = 100;

export async function studentView(db: Db, viewer: Viewer, classId: string, studentId: string, now = new Date()) {
  const { row } = await managed(db, classId, viewer);
  const student = await studentOf(db, classId, studentId);
  const owned = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, studentId))
    .orderBy(sql`${portfolios.kind} = 'practice' desc`, asc(portfolios.createdAt));
  const eventIds = owned.map((p) => p.eventId).filter((id): id is string => id !== null);
  const eventRows = eventIds.length
    ? await db.select({ id: events.id, slug: events.slug, title: events.title, startsAt: events.startsAt, endsAt: events.endsAt, finalizedAt: events.finalizedAt, classId: events.classId }).from(events).where(inArray(events.id, eventIds))
    : [];
  const eventOf = new Map(eventRows.map((e) => [e.id, e]));
  const page = { page: 1, pageSize: STUDENT_VIEW_HISTORY };
  const [views, lessons] = await Promise.all([
    Promise.all(
      owned.map(async (p) => {
        const [summary, orders, fills] = await Promise.all([portfolioSummary(db, p, now), listOrders(db, p.id, page), listFills(db, p.id, page)]);
        const event = p.eventId ? eventOf.get(p.eventId) : undefined;
        return {
          id: p.id,
          kind: p.kind,
          // Their report card once the standings are final: linked for this class's contests, whose teachers may open it (managesEvent).
          event: event ? { slug: event.slug, title: event.title, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString(), reportCard: event.finalizedAt && event.classId === classId ? reportCardHref(event.slug, studentId) : null } : null,
          summary,
          orders,
          fills,
        };
      }),
    ),
    passedLessons(db, [studentId]),
  ]);
  return {
    class: { id: row.id, name: row.name },
    student: { id: student.id, name: student.name ?? "" },
    portfolios: views,
    lessons: lessons.map(({ userId: _, ...lesson }) => lesson),
  };
}

export type StudentView = Awaited<ReturnType<typeof studentView>>;
