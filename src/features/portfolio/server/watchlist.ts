/** The instruments a person follows, with their quotes. */
import { and, asc, count, eq } from "drizzle-orm";
import { knownSymbols, listInstrumentsBySymbol } from "@/features/market";
import type { Db, DbOrTx } from "@/server/db";
import { users, watchlistItems } from "@/server/db/schema";
import { failures } from "@/domain/errors";

export const WATCHLIST_LIMIT = 50;

export async function getWatchlist(db: DbOrTx, userId: string) {
  const rows = await db.select({ symbol: watchlistItems.symbol }).from(watchlistItems).where(eq(watchlistItems.userId, userId)).orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.symbol));
  const quotes = await listInstrumentsBySymbol(db, rows.map((r) => r.symbol));
  return { items: rows.flatMap((r) => quotes.get(r.symbol) ?? []), limit: WATCHLIST_LIMIT };
}

/** Adds `symbol` (idempotent: adding it again changes nothing). */
export async function addToWatchlist(db: Db, userId: string, symbol: string) {
  if (!(await knownSymbols(db, [symbol])).has(symbol)) throw failures.notFound(`There is no instrument ${symbol}.`);
  await db.transaction(async (tx) => {
    // Serialises one person's adds, so two tabs cannot both squeeze past the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.userId, userId));
    const [already] = await tx.select({ symbol: watchlistItems.symbol }).from(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)));
    if (already) return;
    if (n >= WATCHLIST_LIMIT) throw failures.refused("WATCHLIST_FULL", `A watchlist holds at most ${WATCHLIST_LIMIT} instruments; remove one first.`);
    await tx.insert(watchlistItems).values({ userId, symbol }).onConflictDoNothing();
  });
  return getWatchlist(db, userId);
}

export async function removeFromWatchlist(db: Db, userId: string, symbol: string) {
  await db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)));
  return getWatchlist(db, userId);
}
