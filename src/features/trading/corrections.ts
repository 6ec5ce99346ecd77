/**
 * Corrections to a portfolio by an organiser or admin (docs/decisions/041-corrections.md): a
 * cash adjustment and a fill reversal. The domain decides (domain/trading corrections.ts);
 * here each is applied in one transaction that holds the portfolio's row lock and writes
 * through the one writer, whose version guard bumps `portfolios.version`: an order computed
 * from the state before the correction fails its guard and is judged again on the corrected
 * one, so a correction racing an order never breaks the accounting identities. Who may
 * correct is decided by the caller (features/corrections); here `by` is recorded.
 */
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { adjustCash, type BookedFill, displayMoney, formatUnits, type Money, ordersWithoutShares, releaseCash, reversalCancelMessage, reverseFill, unitsAfterFlow } from "@/domain/trading";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { corporateActionEntries, corporateActions, fills, ledgerEntries, orders, portfolioCorrections, portfolios, positions } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { integer } from "@/lib/format";
import { resolveContexts } from "./port";
import { lockPortfolio } from "./portfolios";
import { $, type FillRow, money, type PortfolioRow, stateOf } from "./rows";
import { holdingsOf } from "./valuation";
import { Changes, writeChanges } from "./writer";

export type CorrectorRole = (typeof portfolioCorrections.$inferSelect)["byRole"];

export interface CorrectionArgs {
  portfolioId: string;
  reason: string;
  by: { userId: string; role: CorrectorRole };
  ip?: string | null;
  now?: Date;
}

/** A correction as its owner and the organiser see it. */
export interface CorrectionView {
  id: string;
  kind: "adjustment" | "reversal";
  /** Signed cash the correction moved. */
  amount: string;
  reason: string;
  by: CorrectorRole;
  createdAt: string;
  /** A reversal: the fill it reversed, and the compensating fill's id. */
  fill: { id: string; symbol: string; side: FillRow["side"]; quantity: number; price: string; commission: string; createdAt: string } | null;
  reversalFillId: string | null;
}

/** Locks the portfolio and refuses one whose event has ended (its standings are final). */
async function lockCorrectable(tx: Tx, portfolioId: string, now: Date): Promise<PortfolioRow> {
  const portfolio = await lockPortfolio(tx, portfolioId);
  if (!portfolio) throw failures.notFound("There is no such portfolio.");
  const context = (await resolveContexts(tx, [portfolio], { now })).get(portfolio.id)!;
  if (context.final) throw failures.refused("EVENT_ENDED", "This event has ended: its standings are final, so its portfolios can no longer be corrected.");
  return portfolio;
}

async function write(tx: Tx, changes: Changes, outbox: Outbox, portfolio: PortfolioRow) {
  const written = await writeChanges(tx, changes, outbox);
  // The row lock is held: the guard always matches. Anything else is a bug, not a race.
  if (!written.has(portfolio.id)) throw new Error("A correction's write missed its portfolio's version under the row lock.");
}

/** Adds (amount > 0) or removes cash; 422 ADJUSTMENT_NEGATIVE_CASH when cash would go below zero. */
export async function adjustPortfolioCash(db: Db, args: CorrectionArgs & { amount: Money }): Promise<CorrectionView> {
  const now = args.now ?? new Date();
  const outbox = new Outbox();
  const view = await db.transaction(async (tx) => {
    const portfolio = await lockCorrectable(tx, args.portfolioId, now);
    const outcome = adjustCash(stateOf(portfolio, []), args.amount);
    if (!outcome.ok) throw failures.refused(outcome.rejection.code, outcome.rejection.message);
    // A cash adjustment is a deposit or a withdrawal, not a gain (decision 057): it buys or
    // sells units at the unit value of this moment, so the return does not move with it.
    const before = await holdingsOf(tx, portfolio);
    const units = unitsAfterFlow(before.units, before.valuation.equity, args.amount);
    const changes = new Changes(now);
    changes.setState(portfolio.id, portfolio.version, outcome.state);
    changes.addAdjustment(portfolio.id, args.amount);
    await write(tx, changes, outbox, portfolio);
    await tx.update(portfolios).set({ units: formatUnits(units) }).where(eq(portfolios.id, portfolio.id));
    const [row] = await tx
      .insert(portfolioCorrections)
      .values({ portfolioId: portfolio.id, kind: "adjustment", amount: $(args.amount), reason: args.reason, byUserId: args.by.userId, byRole: args.by.role, createdAt: now })
      .returning();
    await audit(tx, {
      action: "portfolio.cash-adjusted",
      actorId: args.by.userId,
      subjectId: portfolio.userId,
      ip: args.ip ?? null,
      detail: { portfolioId: portfolio.id, amount: $(args.amount), cashBefore: portfolio.cash, reason: args.reason, as: args.by.role },
    });
    return viewOf(row!, null);
  });
  outbox.afterCommit();
  return view;
}

const booked = (f: FillRow): BookedFill => ({ symbol: f.symbol, side: f.side, quantity: f.quantity, price: money(f.price), commission: money(f.commission) });

/**
 * The fills of a symbol that still stand, in the order they were booked: the ledger's serial
 * id orders fills written in one statement (one instant), where created_at ties.
 */
async function standingFills(tx: Tx, portfolioId: string, symbol: string): Promise<FillRow[]> {
  return tx
    .select()
    .from(fills)
    .where(
      and(
        eq(fills.portfolioId, portfolioId),
        eq(fills.symbol, symbol),
        isNull(fills.reversalOf),
        sql`not exists (select 1 from fills compensation where compensation.reversal_of = ${fills.id})`,
      ),
    )
    .orderBy(asc(fills.createdAt), asc(sql`(select min(${ledgerEntries.id}) from ${ledgerEntries} where ${ledgerEntries.fillId} = ${fills.id})`), asc(fills.id));
}

/**
 * Reverses a fill by a compensating fill at its price (history is never deleted). 404 for a
 * fill of another portfolio; 409 FILL_ALREADY_REVERSED; 422 FILL_IS_REVERSAL,
 * REVERSAL_WRONG_SIGN, REVERSAL_NEGATIVE_CASH, EVENT_ENDED.
 */
export async function reversePortfolioFill(db: Db, args: CorrectionArgs & { fillId: string }): Promise<CorrectionView> {
  const now = args.now ?? new Date();
  const outbox = new Outbox();
  const view = await db.transaction(async (tx) => {
    const portfolio = await lockCorrectable(tx, args.portfolioId, now);
    const [target] = await tx
      .select()
      .from(fills)
      .where(and(eq(fills.id, args.fillId), eq(fills.portfolioId, portfolio.id)));
    if (!target) throw failures.notFound("There is no such fill.");
    if (target.reversalOf) throw failures.refused("FILL_IS_REVERSAL", "This fill is itself a correction: it cannot be reversed.");
    const [already] = await tx.select({ id: fills.id }).from(fills).where(eq(fills.reversalOf, target.id));
    if (already) throw failures.conflict("FILL_ALREADY_REVERSED", "This fill has already been reversed.");
    // A position is rebuilt from its fills; a split since this fill changed the shares outside them (decision 052).
    const [split] = await tx
      .select({ at: corporateActionEntries.appliedAt })
      .from(corporateActionEntries)
      .innerJoin(corporateActions, eq(corporateActions.id, corporateActionEntries.actionId))
      .where(and(eq(corporateActionEntries.portfolioId, portfolio.id), eq(corporateActions.symbol, target.symbol), eq(corporateActions.kind, "split"), gt(corporateActionEntries.appliedAt, target.createdAt)))
      .limit(1);
    if (split) throw failures.refused("REVERSAL_AFTER_SPLIT", `${target.symbol} has split since this fill, so its shares are no longer the fills': adjust the cash instead.`);
    const held = await tx.select().from(positions).where(eq(positions.portfolioId, portfolio.id));
    const standing = await standingFills(tx, portfolio.id, target.symbol);
    const remaining = standing.filter((f) => f.id !== target.id).map(booked);
    const outcome = reverseFill(stateOf(portfolio, held), booked(target), remaining);
    if (!outcome.ok) throw failures.refused(outcome.rejection.code, outcome.rejection.message);
    // Open orders that would close shares the reversal took away are cancelled, with why.
    const open = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.portfolioId, portfolio.id), eq(orders.symbol, target.symbol), eq(orders.status, "open")));
    const orphaned = ordersWithoutShares(outcome.state, target.symbol, open);
    const state = orphaned.reduce((s, o) => releaseCash(s, money(o.reservedCash)), outcome.state);
    const changes = new Changes(now);
    changes.setState(portfolio.id, portfolio.version, state);
    for (const order of orphaned) changes.changeOrder(order, { status: "cancelled", rejectMessage: reversalCancelMessage(target.symbol), closedAt: now });
    const reason = `Reverses the ${target.side} of ${integer(target.quantity)} ${target.symbol} at ${displayMoney(money(target.price))}. ${args.reason}`;
    const compensation = changes.addCompensation({ portfolioId: portfolio.id, reversed: target, compensation: outcome.compensation, reason });
    await write(tx, changes, outbox, portfolio);
    const [row] = await tx
      .insert(portfolioCorrections)
      .values({
        portfolioId: portfolio.id,
        kind: "reversal",
        amount: $(outcome.cashChange),
        fillId: target.id,
        reversalFillId: compensation.id,
        reason: args.reason,
        byUserId: args.by.userId,
        byRole: args.by.role,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      action: "portfolio.fill-reversed",
      actorId: args.by.userId,
      subjectId: portfolio.userId,
      ip: args.ip ?? null,
      detail: { portfolioId: portfolio.id, fillId: target.id, compensationId: compensation.id, cash: $(outcome.cashChange), cancelledOrders: orphaned.map((o) => o.id), reason: args.reason, as: args.by.role },
    });
    return viewOf(row!, target);
  });
  outbox.afterCommit();
  return view;
}

function viewOf(row: typeof portfolioCorrections.$inferSelect, fill: FillRow | null): CorrectionView {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    by: row.byRole,
    createdAt: row.createdAt.toISOString(),
    fill: fill && { id: fill.id, symbol: fill.symbol, side: fill.side, quantity: fill.quantity, price: fill.price, commission: fill.commission, createdAt: fill.createdAt.toISOString() },
    reversalFillId: row.reversalFillId,
  };
}

/** The net cash a portfolio's adjustments put in (+) or took out (−): its flows (decision 057). */
export async function netAdjustments(db: DbOrTx, portfolioId: string): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${portfolioCorrections.amount}), 0)::numeric(16, 2)` })
    .from(portfolioCorrections)
    .where(and(eq(portfolioCorrections.portfolioId, portfolioId), eq(portfolioCorrections.kind, "adjustment")));
  return money(String(row?.total ?? "0.00"));
}

/** A portfolio's corrections, newest first. */
export async function listCorrections(db: DbOrTx, portfolioId: string, options: { page: number; pageSize: number }) {
  const where = eq(portfolioCorrections.portfolioId, portfolioId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(portfolioCorrections).where(where);
  const rows = await db
    .select({ correction: portfolioCorrections, fill: fills })
    .from(portfolioCorrections)
    .leftJoin(fills, eq(fills.id, portfolioCorrections.fillId))
    .where(where)
    .orderBy(desc(portfolioCorrections.createdAt), desc(portfolioCorrections.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map((r) => viewOf(r.correction, r.fill)), page: options.page, pageSize: options.pageSize, total };
}
