/**
 * The portfolios table's small query API: opening a portfolio with its deposit (the one
 * place that does), finding one a person may see, and locking rows for a writer.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { formatMoney, type Money, STARTING_CASH } from "@/domain/trading";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { inList } from "@/server/db/lists";
import { ledgerEntries, portfolios } from "@/server/db/schema";
import { ports } from "./port";
import type { PortfolioRow } from "./rows";
import { hasRole } from "@/lib/roles";

export interface OpenPortfolio {
  userId: string;
  kind: PortfolioRow["kind"];
  /** The event it belongs to (kind "event"). */
  eventId?: string | null;
  /** A team's shared portfolio (decision 042): every member trades it. */
  teamId?: string | null;
  startingCash: Money;
  now?: Date;
}

/**
 * Opens a portfolio with its starting cash as a deposit in the ledger, in the caller's
 * transaction. A second practice portfolio for the same person is not created (the partial
 * unique index decides a race): null then, and the caller reads the one that exists.
 */
export async function openPortfolio(tx: Tx, options: OpenPortfolio): Promise<PortfolioRow | null> {
  const cash = formatMoney(options.startingCash);
  const now = options.now ?? new Date();
  const [created] = await tx
    .insert(portfolios)
    .values({ userId: options.userId, kind: options.kind, eventId: options.eventId ?? null, teamId: options.teamId ?? null, startingCash: cash, cash, reservedCash: "0.00", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) return null;
  await recordDeposit(tx, created.id, options.startingCash, now);
  return created;
}

/** The ledger line of a portfolio's starting cash (opening it, or starting it over). */
export async function recordDeposit(tx: Tx, portfolioId: string, amount: Money, now: Date): Promise<void> {
  await tx.insert(ledgerEntries).values({ portfolioId, kind: "deposit", amount: formatMoney(amount), createdAt: now });
}

export async function findPractice(db: DbOrTx, userId: string): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.kind, "practice")));
  return row;
}

export interface Viewer {
  id: string;
  role?: string;
}

/**
 * Whether this person holds the portfolio: its owner, or a member of the team it belongs to
 * (decision 042). The one answer for reading, trading and cancelling.
 */
export async function holdsPortfolio(db: DbOrTx, row: Pick<PortfolioRow, "userId" | "teamId">, userId: string): Promise<boolean> {
  if (row.userId === userId) return true;
  if (!row.teamId) return false;
  // Team membership is the events feature's (its table), asked through the port.
  return (await ports().events.teamIdsOf(db, userId)).includes(row.teamId);
}

/** A portfolio the viewer holds (admins may read any): not-found otherwise, so ids reveal nothing. */
export async function findPortfolioFor(db: DbOrTx, portfolioId: string, viewer: Viewer, purpose: "read" | "trade" = "read"): Promise<PortfolioRow> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  const allowed = row && ((await holdsPortfolio(db, row, viewer.id)) || (purpose === "read" && hasRole(viewer.role, "admin")));
  if (!allowed) throw failures.notFound("There is no such portfolio.");
  return row;
}

/** The ids of every portfolio a person owns (practice and events): what their live stream follows. */
export async function portfolioIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const teamIds = await ports().events.teamIdsOf(db, userId);
  const rows = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(teamIds.length > 0 ? or(eq(portfolios.userId, userId), inArray(portfolios.teamId, teamIds)) : eq(portfolios.userId, userId));
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * `portfolioIdsOf` for many people in two statements (the shared heartbeat of every open live
 * stream, decision 083): every person asked for has an entry.
 */
export async function portfolioIdsOfPeople(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length === 0) return new Map();
  const teamsOf = await ports().events.teamIdsOfPeople(db, userIds);
  const holders = new Map<string, string[]>();
  for (const [userId, teamIds] of teamsOf) for (const teamId of teamIds) holders.set(teamId, [...(holders.get(teamId) ?? []), userId]);
  const teamIds = [...holders.keys()];
  const rows = await db
    .select({ id: portfolios.id, userId: portfolios.userId, teamId: portfolios.teamId })
    .from(portfolios)
    .where(teamIds.length > 0 ? or(inArray(portfolios.userId, [...userIds]), inArray(portfolios.teamId, teamIds)) : inArray(portfolios.userId, [...userIds]));
  for (const row of rows) {
    if (row.userId) held.get(row.userId)?.add(row.id);
    if (row.teamId) for (const userId of holders.get(row.teamId) ?? []) held.get(userId)?.add(row.id);
  }
  return new Map([...held].map(([userId, ids]) => [userId, [...ids]]));
}

/** Locks the rows (SELECT … FOR UPDATE) in id order, so two writers can never deadlock. */
export async function lockPortfolios(tx: Tx, ids: readonly string[]): Promise<PortfolioRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(portfolios)
    .where(ids.length === 1 ? eq(portfolios.id, ids[0]!) : inList(portfolios.id, ids))
    .orderBy(asc(portfolios.id))
    .for("update");
}

export async function lockPortfolio(tx: Tx, id: string): Promise<PortfolioRow | undefined> {
  return (await lockPortfolios(tx, [id]))[0];
}

/** The practice portfolio of a person, opened with 100,000.00 on first call; safe to run twice or concurrently. */
export async function getOrCreatePracticePortfolio(db: Db, userId: string): Promise<PortfolioRow> {
  const existing = await findPractice(db, userId);
  if (existing) return existing;
  await db.transaction((tx) => openPortfolio(tx, { userId, kind: "practice", startingCash: STARTING_CASH }));
  const row = await findPractice(db, userId);
  if (!row) throw new Error("The practice portfolio could not be created.");
  return row;
}
