/**
 * How the engine settles many portfolios at once (a tick, a replay step, midnight's expiry):
 * in chunks of whole portfolios, each chunk one transaction that locks its portfolios in id
 * order (so two chunks can never deadlock), a few chunks at a time on PostgreSQL.
 */
import { inArray, sql } from "drizzle-orm";
import { type PortfolioState, ZERO } from "@/domain/trading";
import pg from "pg";
import type { Db, DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import { positions } from "@/server/db/schema";
import { money, type StoredPosition } from "./rows";

/**
 * Portfolios per transaction. A tick crosses orders in hundreds of portfolios; one commit
 * each (a WAL flush) would cost more than the work, and every statement of a chunk has a
 * fixed cost whatever its rows (bench/tick.ts: 50 a chunk spent half the pass on them). Two
 * hundred keep a transaction to some tens of ms, which is as long as an order placed meanwhile
 * on one of them can wait.
 */
const PORTFOLIOS_PER_TRANSACTION = 200;
/** …and a portfolio's orders always stay together, so a chunk closes early past this many orders. */
const ORDERS_PER_TRANSACTION = 2000;
/**
 * Chunks in flight at once on PostgreSQL, out of the pool's 10 connections: the rest serve
 * requests. Measured on 2 cores (bench/tick.ts): 4 was no faster than 2 while the database's
 * share of a chunk was the larger; since decision 087 the app's is, and 3 keep it busy while
 * two chunks' writes run (a tick with 1,000 working partials ~6 % faster than with 2, in eight
 * alternated rounds; 4 was slower: eight chunks, not six).
 */
const CONCURRENT_TRANSACTIONS = 3;

export interface Chunk {
  portfolioIds: string[];
  orderIds: string[];
}

/**
 * Groups (order, portfolio) pairs into chunks of whole portfolios, in portfolio id order, of
 * even size: as many chunks as the limits need and, when that is more than one, rounded up to
 * a multiple of `lanes` (the transactions in flight at once), so the lanes finish together. Five chunks of 200 on two
 * lanes ran the fifth alone, one core idle (bench/tick.ts: 1,000 portfolios); six of 167 do not.
 */
export function chunksOf(items: ReadonlyArray<{ id?: string; portfolioId: string }>, lanes = 1): Chunk[] {
  const byPortfolio = new Map<string, string[]>();
  for (const item of items) {
    const ids = byPortfolio.get(item.portfolioId) ?? [];
    if (item.id !== undefined) ids.push(item.id);
    byPortfolio.set(item.portfolioId, ids);
  }
  const sorted = [...byPortfolio].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const needed = Math.max(Math.ceil(sorted.length / PORTFOLIOS_PER_TRANSACTION), Math.ceil(items.length / ORDERS_PER_TRANSACTION));
  // What fits one transaction stays one (a commit each is not free); past that, a multiple of the lanes.
  const count = needed <= 1 ? needed : Math.ceil(needed / lanes) * lanes;
  const portfoliosEach = Math.ceil(sorted.length / count);
  const chunks: Chunk[] = [];
  let chunk: Chunk = { portfolioIds: [], orderIds: [] };
  for (const [portfolioId, ids] of sorted) {
    chunk.portfolioIds.push(portfolioId);
    chunk.orderIds.push(...ids);
    if (chunk.portfolioIds.length >= portfoliosEach || chunk.orderIds.length >= ORDERS_PER_TRANSACTION) {
      chunks.push(chunk);
      chunk = { portfolioIds: [], orderIds: [] };
    }
  }
  if (chunk.portfolioIds.length > 0) chunks.push(chunk);
  return chunks;
}

/** PGlite has one connection: transactions queue there anyway, so one at a time. */
function concurrencyOf(db: Db): number {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool ? CONCURRENT_TRANSACTIONS : 1;
}

/** Runs `work` on every chunk of `items` (chunksOf), a few at a time on PostgreSQL. */
export async function eachChunk(db: Db, items: ReadonlyArray<{ id?: string; portfolioId: string }>, work: (chunk: Chunk) => Promise<void>): Promise<void> {
  const chunks = chunksOf(items, concurrencyOf(db));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await work(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrencyOf(db), chunks.length) }, worker));
}

/** The position rows of these portfolios, by portfolio. */
export async function positionsOf(db: DbOrTx, portfolioIds: readonly string[]): Promise<Map<string, StoredPosition[]>> {
  const byPortfolio = new Map<string, StoredPosition[]>(portfolioIds.map((id) => [id, []]));
  if (portfolioIds.length === 0) return byPortfolio;
  const rows = await db
    .select({ portfolioId: positions.portfolioId, symbol: positions.symbol, quantity: positions.quantity, costBasis: positions.costBasis, realisedPnl: positions.realisedPnl })
    .from(positions)
    .where(inArray(positions.portfolioId, [...portfolioIds]));
  for (const { portfolioId, ...row } of rows) byPortfolio.get(portfolioId)?.push(row);
  return byPortfolio;
}

export interface PartialHoldings {
  positions: StoredPosition[];
  /** The longs not in `positions`: valued (at the view's prices), or not valued (null) for a portfolio whose rules need no equity. */
  elsewhere: PortfolioState["elsewhere"];
}

/**
 * What a tick's fills need of each portfolio, and no more: the positions in the symbols its
 * orders trade, every short (buying power), and — for the portfolios in `valued`, whose rules
 * need equity (margin, a position limit: the domain's needsEquity) — the other longs summed in
 * SQL. A few rows a portfolio instead of all of them (bench/tick.ts: 47,605 rows read for 953
 * fills before); the sum alone read every position of every portfolio a tick touched.
 */
export async function touchedPositionsOf(db: DbOrTx, wanted: ReadonlyArray<{ portfolioId: string; symbol: string }>, valued: ReadonlySet<string>): Promise<Map<string, PartialHoldings>> {
  const ids = [...new Set(wanted.map((w) => w.portfolioId))];
  const byPortfolio = new Map<string, PartialHoldings>(ids.map((id) => [id, { positions: [], elsewhere: valued.has(id) ? undefined : { longMarketValue: null } }]));
  if (ids.length === 0) return byPortfolio;
  const pairs = JSON.stringify(wanted.map((w) => ({ portfolio_id: w.portfolioId, symbol: w.symbol })));
  const idList = JSON.stringify(ids);
  const valuedList = JSON.stringify(ids.filter((id) => valued.has(id)));
  const { rows } = await executeNamed<{ portfolio_id: string; symbol: string | null; quantity: number | null; cost_basis: string | null; realised_pnl: string | null; elsewhere: string | null }>(db, "tl_touched_positions", sql`
    with wanted as (select * from json_to_recordset(${pairs}::json) as x(portfolio_id text, symbol text)),
         ids as (select value as id from json_array_elements_text(${idList}::json)),
         valued as (select value as id from json_array_elements_text(${valuedList}::json))
    (select pos.portfolio_id, pos.symbol, pos.quantity, pos.cost_basis::text as cost_basis, pos.realised_pnl::text as realised_pnl, null::text as elsewhere
    from wanted w join positions pos on pos.portfolio_id = w.portfolio_id and pos.symbol = w.symbol
    union
    -- Every short of these portfolios (positions_symbol_short_idx holds only shorts), not every position scanned for them.
    select pos.portfolio_id, pos.symbol, pos.quantity, pos.cost_basis::text, pos.realised_pnl::text, null::text
    from positions pos
    where pos.quantity < 0 and pos.portfolio_id in (select id from ids))
    union all
    select pm.portfolio_id, null, null, null, null, sum(pm.quantity * pm.price)::text
    from position_marks pm
    where pm.portfolio_id in (select id from valued) and pm.quantity > 0
      and not exists (select 1 from wanted w where w.portfolio_id = pm.portfolio_id and w.symbol = pm.symbol)
    group by pm.portfolio_id`);
  for (const r of rows) {
    const entry = byPortfolio.get(r.portfolio_id);
    if (!entry) continue;
    if (r.symbol === null) {
      const value = money(String(r.elsewhere ?? "0.00"));
      // Nothing else held long: the loaded positions are the whole of the longs.
      if (value !== ZERO) entry.elsewhere = { longMarketValue: value };
    } else entry.positions.push({ symbol: r.symbol, quantity: Number(r.quantity), costBasis: String(r.cost_basis), realisedPnl: String(r.realised_pnl) });
  }
  return byPortfolio;
}
