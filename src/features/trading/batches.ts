/**
 * How the engine settles many portfolios at once (a tick, a replay step, midnight's expiry):
 * in chunks of whole portfolios, each chunk one transaction that locks its portfolios in id
 * order (so two chunks can never deadlock), a few chunks at a time on PostgreSQL.
 */
import { inArray } from "drizzle-orm";
import pg from "pg";
import type { Db, DbOrTx } from "@/server/db";
import { positions } from "@/server/db/schema";
import type { StoredPosition } from "./rows";

/**
 * Portfolios per transaction. A tick crosses orders in hundreds of portfolios; one commit
 * each (a WAL flush) would cost more than the work. Fifty keep a transaction short (a few
 * ms), so a person placing an order meanwhile waits that long at most.
 */
const PORTFOLIOS_PER_TRANSACTION = 50;
/** …and a portfolio's orders always stay together, so a chunk closes early past this many orders. */
const ORDERS_PER_TRANSACTION = 500;
/**
 * Chunks in flight at once on PostgreSQL, out of the pool's 10 connections: the rest serve
 * requests. Measured on 2 cores (bench/tick.ts), 4 was no faster than 2.
 */
const CONCURRENT_TRANSACTIONS = 2;

export interface Chunk {
  portfolioIds: string[];
  orderIds: string[];
}

/** Groups (order, portfolio) pairs into chunks of whole portfolios, in portfolio id order. */
export function chunksOf(items: ReadonlyArray<{ id?: string; portfolioId: string }>): Chunk[] {
  const byPortfolio = new Map<string, string[]>();
  for (const item of items) {
    const ids = byPortfolio.get(item.portfolioId) ?? [];
    if (item.id !== undefined) ids.push(item.id);
    byPortfolio.set(item.portfolioId, ids);
  }
  const chunks: Chunk[] = [];
  let chunk: Chunk = { portfolioIds: [], orderIds: [] };
  for (const [portfolioId, ids] of [...byPortfolio].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    chunk.portfolioIds.push(portfolioId);
    chunk.orderIds.push(...ids);
    if (chunk.portfolioIds.length >= PORTFOLIOS_PER_TRANSACTION || chunk.orderIds.length >= ORDERS_PER_TRANSACTION) {
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

/** Runs `work` on every chunk, a few at a time on PostgreSQL. */
export async function eachChunk(db: Db, chunks: readonly Chunk[], work: (chunk: Chunk) => Promise<void>): Promise<void> {
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
