/**
 * Who may correct a portfolio, and the corrections API's use-cases (docs/decisions/041-corrections.md).
 * The engine applies a correction (features/trading corrections.ts); this decides who may:
 *
 * - an admin: any portfolio;
 * - a teacher of a class (class_members, whatever their role): the practice portfolio of a
 *   student of that class;
 * - an organiser (role ≥ organiser): a portfolio of an event they created (events.created_by);
 * - the owner: never (403: they know their portfolio exists); anyone else 404, as for no
 *   portfolio, so ids cannot be probed.
 *
 * Reading a portfolio's corrections (and its fills, for the teacher's panel) is open to its
 * owner and to whoever may correct it.
 */
import { aliasedTable, and, eq } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { type Money } from "@/domain/trading";
import { adjustPortfolioCash, type CorrectorRole, holdsPortfolio, listCorrections, listFills, reversePortfolioFill } from "@/features/trading";
import { hasRole, type Role } from "@/lib/roles";
import type { Db, DbOrTx } from "@/server/db";
import { classMembers, events, portfolios } from "@/server/db/schema";

export interface Viewer {
  id: string;
  role: Role;
}

type PortfolioRow = typeof portfolios.$inferSelect;
const NO_PORTFOLIO = "There is no such portfolio.";

/** Whether the viewer teaches a class that `studentId` is a student of. */
async function teaches(db: DbOrTx, viewerId: string, studentId: string): Promise<boolean> {
  const student = aliasedTable(classMembers, "student");
  const [row] = await db
    .select({ classId: classMembers.classId })
    .from(classMembers)
    .innerJoin(student, and(eq(student.classId, classMembers.classId), eq(student.userId, studentId), eq(student.role, "student")))
    .where(and(eq(classMembers.userId, viewerId), eq(classMembers.role, "teacher")))
    .limit(1);
  return Boolean(row);
}

/** How the viewer may correct the portfolio (the role recorded and shown to its owner), or null. */
async function correctorRoleFor(db: DbOrTx, viewer: Viewer, portfolio: PortfolioRow): Promise<CorrectorRole | null> {
  if (hasRole(viewer.role, "admin")) return "admin";
  if (portfolio.userId === viewer.id) return null;
  if (portfolio.kind === "practice") return (await teaches(db, viewer.id, portfolio.userId)) ? "teacher" : null;
  if (portfolio.eventId && hasRole(viewer.role, "organiser")) {
    const [event] = await db.select({ createdBy: events.createdBy }).from(events).where(eq(events.id, portfolio.eventId));
    return event?.createdBy === viewer.id ? "organiser" : null;
  }
  return null;
}

async function portfolioById(db: DbOrTx, portfolioId: string): Promise<PortfolioRow> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  if (!row) throw failures.notFound(NO_PORTFOLIO);
  return row;
}

/** The portfolio and the role the viewer corrects it as: 403 for its owner, 404 for anyone else who may not. */
async function correctable(db: DbOrTx, viewer: Viewer, portfolioId: string) {
  const portfolio = await portfolioById(db, portfolioId);
  const role = await correctorRoleFor(db, viewer, portfolio);
  if (role) return { portfolio, role };
  if (portfolio.userId === viewer.id) throw failures.forbidden("Only your teacher or an admin can correct your portfolio.");
  throw failures.notFound(NO_PORTFOLIO);
}

/** The portfolio, for its owner or someone who may correct it; 404 otherwise. */
async function readableBy(db: DbOrTx, viewer: Viewer, portfolioId: string) {
  const portfolio = await portfolioById(db, portfolioId);
  // Its holders read it: the owner, and every member of the team that shares it (decision 042).
  if (!(await holdsPortfolio(db, portfolio, viewer.id)) && !(await correctorRoleFor(db, viewer, portfolio))) throw failures.notFound(NO_PORTFOLIO);
  return portfolio;
}

export async function adjustCash(db: Db, viewer: Viewer, portfolioId: string, input: { amount: Money; reason: string }, options: { ip?: string | null; now?: Date } = {}) {
  const { portfolio, role } = await correctable(db, viewer, portfolioId);
  return adjustPortfolioCash(db, { portfolioId: portfolio.id, amount: input.amount, reason: input.reason, by: { userId: viewer.id, role }, ip: options.ip, now: options.now });
}

export async function reverseFill(db: Db, viewer: Viewer, portfolioId: string, fillId: string, input: { reason: string }, options: { ip?: string | null; now?: Date } = {}) {
  const { portfolio, role } = await correctable(db, viewer, portfolioId);
  return reversePortfolioFill(db, { portfolioId: portfolio.id, fillId, reason: input.reason, by: { userId: viewer.id, role }, ip: options.ip, now: options.now });
}

/** The portfolio's corrections, newest first, with its cash now (for the teacher's panel). */
export async function correctionsOf(db: Db, viewer: Viewer, portfolioId: string, paging: { page: number; pageSize: number }) {
  const portfolio = await readableBy(db, viewer, portfolioId);
  const page = await listCorrections(db, portfolio.id, paging);
  return { ...page, portfolio: { id: portfolio.id, kind: portfolio.kind, cash: portfolio.cash } };
}

/** The portfolio's fills for someone who may correct it (its owner and admins read them through the trading API too). */
export async function fillsForCorrector(db: Db, viewer: Viewer, portfolioId: string, paging: { page: number; pageSize: number }) {
  const portfolio = await readableBy(db, viewer, portfolioId);
  return listFills(db, portfolio.id, paging);
}

