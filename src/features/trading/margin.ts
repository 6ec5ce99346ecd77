/**
 * Margin and borrowing through the engine (docs/decisions/070-margin-and-borrowing.md): each
 * UTC day's interest and borrow fees, booked once per portfolio. The domain decides
 * (domain/trading margin.ts accrueDay); here portfolios are locked in id order and every change
 * goes through the one writer: the ledger lines, the cash, and the day's row in
 * portfolio_accruals, in one statement under the portfolio's version guard.
 *
 * Exactly once: the task runs under its own fenced lease (decision 048), picks only portfolios
 * without a row for the day, checks again under their row locks, and the row's primary key
 * (portfolio, day) refuses a second booking outright — a restart finds the rows written, a
 * second instance that lost the lease is fenced out, and a transaction that does not commit
 * booked nothing.
 *
 * The day booked is the UTC day before `now` (the task looks every hour, so shortly after
 * midnight in practice), on the cash and shorts the portfolio holds when it runs, at the
 * practice market's prices then. A day the server was down for whole is not booked afterwards
 * (in the trader's favour, and said so in the decision).
 */
import { sql } from "drizzle-orm";
import { accrueDay } from "@/domain/trading";
import type { Db, Tx } from "@/server/db";
import { portfolioAccruals, portfolios, positions } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { readSetting } from "@/server/settings";
import { eachChunk, positionsOf } from "./batches";
import { ports, resolveContexts } from "./port";
import { lockPortfolios } from "./portfolios";
import { borrowFeesOf, practiceSource } from "./pricing";
import { stateOf } from "./rows";
import { Changes, writeChanges } from "./writer";

/** The task looks every hour: each portfolio's day is booked once, by the first look after the day ends. */
export const MARGIN_ACCRUAL_EVERY_MS = 3_600_000;

const DAY_MS = 86_400_000;
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export interface AccrualRun {
  /** The UTC day booked, YYYY-MM-DD. */
  day: string;
  /** Portfolios whose day was booked (a row each, with or without ledger lines). */
  booked: number;
  /** Ledger lines written (interest and borrow fees). */
  lines: number;
}

/**
 * Books the day before `now` for every portfolio that may owe or earn something: a practice
 * portfolio with a short or a debit (or cash, when practice margin pays interest on it), and the portfolios of the events whose rules accrue.
 */
export async function accrueMarginDay(db: Db, options: { now: Date; fence?: (tx: Tx) => Promise<void> }): Promise<AccrualRun> {
  const { now } = options;
  const to = startOfUtcDay(now);
  const from = new Date(to.getTime() - DAY_MS);
  const day = from.toISOString().slice(0, 10);
  const run: AccrualRun = { day, booked: 0, lines: 0 };
  const [eventIds, practiceMargin] = await Promise.all([ports().events.accruingEventIds(db, { from, to }), readSetting(db, "practiceMargin")]);
  // With practice margin on and interest on cash, every practice portfolio holding cash earns (decision 073).
  const practiceEarns = practiceMargin?.enabled && practiceMargin.terms.creditRatePct > 0 ? sql`or p.cash > 0` : sql``;
  const events = eventIds.length === 0 ? sql`false` : sql`p.event_id in (${sql.join(eventIds.map((id) => sql`${id}`), sql`, `)})`;
  const hasShort = sql`exists (select 1 from ${positions} s where s.portfolio_id = p.id and s.quantity < 0)`;
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id from ${portfolios} p
    where p.created_at < ${to.toISOString()}::timestamptz
      and ((p.kind = 'practice' and (p.cash < 0 or ${hasShort} ${practiceEarns})) or (${events} and (p.cash <> 0 or ${hasShort})))
      and not exists (select 1 from ${portfolioAccruals} a where a.portfolio_id = p.id and a.day = ${day}::date)
    order by p.id`);
  await eachChunk(db, rows.map((r) => ({ portfolioId: r.id })), async (chunk) => {
    const outbox = new Outbox();
    const done = await db.transaction(async (tx) => {
      await options.fence?.(tx);
      return bookChunk(tx, chunk.portfolioIds, { day, from, to, now }, outbox);
    });
    outbox.afterCommit();
    run.booked += done.booked;
    run.lines += done.lines;
  });
  return run;
}

async function bookChunk(tx: Tx, ids: string[], when: { day: string; from: Date; to: Date; now: Date }, outbox: Outbox): Promise<{ booked: number; lines: number }> {
  const locked = await lockPortfolios(tx, ids);
  // Under the locks: a day another run booked meanwhile is not booked again.
  const { rows: already } = await tx.execute<{ portfolio_id: string }>(sql`
    select portfolio_id from ${portfolioAccruals}
    where day = ${when.day}::date and portfolio_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const booked = new Set(already.map((r) => r.portfolio_id));
  const open = locked.filter((p) => !booked.has(p.id));
  const contexts = await resolveContexts(tx, open, { now: when.now });
  const held = await positionsOf(
    tx,
    open.map((p) => p.id),
  );
  const shorted = new Set<string>();
  for (const list of held.values()) for (const p of list) if (p.quantity < 0) shorted.add(p.symbol);
  const fees = await borrowFeesOf(tx, [...shorted]);
  // Only practice-priced portfolios accrue (a replay's days are its own): one price read for all their shorts.
  const market = await practiceSource.market(tx, when.now, [...shorted]);
  const changes = new Changes(when.now);
  let lines = 0;
  let count = 0;
  for (const portfolio of open) {
    const context = contexts.get(portfolio.id)!;
    // A replay's days are its dataset's, and an ended event's figures are final: neither accrues.
    if (context.final || context.priceSource.kind !== "practice") continue;
    const rules = context.rules("buy");
    if (rules.liveWindow && (rules.liveWindow.start.getTime() >= when.to.getTime() || rules.liveWindow.end.getTime() <= when.from.getTime())) continue;
    const stored = held.get(portfolio.id) ?? [];
    const state = stateOf(portfolio, stored);
    const accrual = accrueDay(state, market.prices, rules, { day: when.day, feeBps: fees });
    changes.setState(portfolio.id, portfolio.version, accrual.state);
    changes.addAccrual({ portfolioId: portfolio.id, day: when.day, interest: accrual.interest, borrowFees: accrual.borrowFees, lines: accrual.lines });
    lines += accrual.lines.length;
    count += 1;
  }
  const written = await writeChanges(tx, changes, outbox);
  for (const id of changes.portfolioIds) if (!written.has(id)) throw new Error(`A day's accrual missed portfolio ${id}'s version under the row lock.`);
  return { booked: count, lines };
}
