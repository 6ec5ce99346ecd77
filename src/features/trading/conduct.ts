/**
 * The facts an event's rules against gambling judge an order by (src/domain/trading/conduct.ts),
 * read in one statement, and only when the event sets a rule that needs them (the practice
 * order path never runs it): the placement instants of the last 24 hours' orders that count
 * as trades, and when the position the order reduces was last opened.
 *
 * Which orders count (docs/decisions/044): placed by the person and filled or still open. A
 * rejected or cancelled order traded nothing; an automatic maintenance cover (a filled order
 * that carries its notice in reject_message) was not the person's decision. A trading day is
 * never longer than 24 real hours (the practice market's is 00:00–24:00 UTC, a replay's is
 * shorter), so the last 24 hours hold all of today; the domain keeps those of today.
 */
import { type ConductFacts, openingSideOf, type Side, tradesOnDayOf } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";

const DAY_MS = 24 * 60 * 60 * 1000;

/** $1 the portfolio, $2 the earliest instant of interest, $3 the order's symbol, $4 the side that opened it (or null). */
const READ_CONDUCT = `
    select
      coalesce((select json_agg(o.created_at) from orders o
                where o.portfolio_id = $1::text and o.created_at > $2::timestamptz
                  and o.status in ('open', 'filled') and o.reject_message is null), '[]'::json) as placed,
      (select max(f.created_at) from fills f
        where f.portfolio_id = $1::text and f.symbol = $3::text and f.side = $4::text) as last_opened`;

export interface ConductFactsArgs {
  portfolioId: string;
  symbol: string;
  side: Side;
  now: Date;
  /** The end of the trading day an instant falls in (the portfolio's price source's). */
  endOfDay: (instant: Date) => Date;
}

export async function readConductFacts(db: DbOrTx, args: ConductFactsArgs): Promise<ConductFacts> {
  const since = new Date(args.now.getTime() - DAY_MS);
  const { rows } = await executeNamed<{ placed: string[]; last_opened: string | Date | null }>(db, "tl_order_conduct", {
    text: READ_CONDUCT,
    params: [args.portfolioId, since.toISOString(), args.symbol, openingSideOf(args.side)],
  });
  const row = rows[0]!;
  return {
    tradesToday: tradesOnDayOf(
      row.placed.map((at) => new Date(at)),
      args.now,
      args.endOfDay,
    ),
    dayEndsAt: args.endOfDay(args.now),
    lastOpenedAt: row.last_opened === null ? null : new Date(row.last_opened),
  };
}
