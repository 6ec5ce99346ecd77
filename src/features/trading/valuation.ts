/**
 * One valuation. Equity, the market values and a portfolio's benchmark level are defined once
 * in SQL (the views position_marks and portfolio_valuations, migration 0011) and once in the
 * domain (valuePortfolio), and tests/integration/valuation.test.ts checks that the two agree
 * to the cent. Set-based readers (snapshots, boards, standings) select from the view; readers
 * of one portfolio value it with the domain at the view's prices (`holdingsOf`).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { type MarginRules, type Money, type PortfolioState, type Prices, type Units, unitsOr, valuePortfolio, type Valuation } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { portfolios, portfolioValuations, positionMarks } from "@/server/db/schema";
import { $, money, type PortfolioRow, stateOf } from "./rows";

export { portfolioValuations };

export interface Holdings {
  state: PortfolioState;
  /** Each position's price: its event's mark, else the last price. */
  prices: Prices;
  valuation: Valuation;
  /** The portfolio's units now (decision 057): what its time-weighted return is measured with. */
  units: Units;
}

/**
 * A portfolio's cash and positions as stored now, at the view's prices, valued by the domain
 * (one query: the caller's copy of the row may be older than the last fill). `margin`: the
 * portfolio's margin rules, for its buying power and maintenance requirement (decision 070).
 */
export async function holdingsOf(db: DbOrTx, portfolio: Pick<PortfolioRow, "id">, options: { margin?: MarginRules | null } = {}): Promise<Holdings> {
  const joined = await db
    .select({
      cash: portfolios.cash,
      reservedCash: portfolios.reservedCash,
      receivable: portfolios.receivable,
      marginCallAt: portfolios.marginCallAt,
      startingCash: portfolios.startingCash,
      units: portfolios.units,
      position: { symbol: positionMarks.symbol, quantity: positionMarks.quantity, costBasis: positionMarks.costBasis, realisedPnl: positionMarks.realisedPnl, price: positionMarks.price },
    })
    .from(portfolios)
    .leftJoin(positionMarks, eq(positionMarks.portfolioId, portfolios.id))
    .where(eq(portfolios.id, portfolio.id));
  if (joined.length === 0) throw new Error(`No portfolio ${portfolio.id}.`);
  const rows = joined.flatMap((r) => (r.position ? [r.position] : []));
  const state = stateOf(joined[0]!, rows);
  const prices = new Map<string, Money>();
  for (const r of rows) if (r.price !== null) prices.set(r.symbol, money(r.price));
  const open = new Map([...state.positions].filter(([symbol, p]) => p.quantity === 0 || prices.has(symbol)));
  return { state, prices, valuation: valuePortfolio({ ...state, positions: open }, prices, options.margin), units: unitsOr(joined[0]!.units, money(joined[0]!.startingCash)) };
}

export interface EquityFigures {
  equity: string;
  benchmark: string | null;
  /** The portfolio's units now (decision 057). */
  units: string;
}

/** Equity and benchmark level of these portfolios now, from the view. */
export async function equityOf(db: DbOrTx, portfolioIds: readonly string[]): Promise<Map<string, EquityFigures>> {
  if (portfolioIds.length === 0) return new Map();
  const rows = await db
    .select({ id: portfolioValuations.portfolioId, equity: portfolioValuations.equity, benchmark: portfolioValuations.benchmark, units: portfolioValuations.units })
    .from(portfolioValuations)
    .where(inArray(portfolioValuations.portfolioId, [...portfolioIds]));
  return new Map(rows.map((r) => [r.id, { equity: $(money(String(r.equity))), benchmark: r.benchmark === null ? null : $(money(String(r.benchmark))), units: String(r.units) }]));
}

/**
 * A valuation's inputs as rows, for a reader that values many portfolios itself with the domain
 * (the boards ranked in memory, docs/decisions/084): the practice portfolios, and every position
 * of them (closed ones too, quantity 0), each with its row's xmin as `row_xmin` so that the reader
 * can ask for the rows written since it last read them. Subqueries for the reader's statement.
 */
export const practicePortfolioRowsSql = sql`select id, user_id, created_at, starting_cash, cash, receivable, units, xmin as row_xmin from portfolios where kind = 'practice'`;
export const practicePositionRowsSql = sql`select pos.portfolio_id, pos.symbol, pos.quantity, pos.xmin as row_xmin from positions pos join portfolios p on p.id = pos.portfolio_id where p.kind = 'practice'`;
/** The same for one event's portfolios (a live event's board ranked in memory, decision 093). */
export const eventPortfolioRowsSql = (eventId: string) =>
  sql`select id, user_id, created_at, starting_cash, cash, receivable, units, xmin as row_xmin from portfolios where event_id = ${eventId}`;
export const eventPositionRowsSql = (eventId: string) =>
  sql`select pos.portfolio_id, pos.symbol, pos.quantity, pos.xmin as row_xmin from positions pos join portfolios p on p.id = pos.portfolio_id where p.event_id = ${eventId}`;
