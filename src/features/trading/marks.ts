/**
 * Price marks (the price_marks table, migration 0011): the prices an event's portfolios are
 * valued at where the practice market's last price is not theirs. A replay event's task
 * writes its latest prices and its own benchmark level here; the end of any event writes the
 * final price of everything its portfolios hold, so from then on every reader — summary,
 * performance, standings, boards — shows the figures of the end, not a live mark.
 */
import { eq, sql } from "drizzle-orm";
import { formatMoney, type Money } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { priceMarks } from "@/server/db/schema";

/** The mark of an event's own benchmark level (a replay's index of its datasets); never a ticker (those match ^[A-Z0-9]). */
export const BENCHMARK_MARK = "^BENCH";

/** Writes (or moves) marks of an event at `at`. */
export async function writeMarks(db: DbOrTx, eventId: string, marks: ReadonlyMap<string, Money | string>, at: Date): Promise<void> {
  if (marks.size === 0) return;
  await db
    .insert(priceMarks)
    .values([...marks].map(([symbol, price]) => ({ eventId, symbol, price: typeof price === "string" ? price : formatMoney(price), at })))
    .onConflictDoUpdate({ target: [priceMarks.eventId, priceMarks.symbol], set: { price: sql`excluded.price`, at: sql`excluded.at` } });
}

/** An event's marks (`symbol, price`), for a reader that values its portfolios itself (the view position_marks prefers them to the last price). */
export const eventMarksSql = (eventId: string) => sql`select symbol, price from price_marks where event_id = ${eventId}`;

export async function clearMarks(db: DbOrTx, eventId: string): Promise<void> {
  await db.delete(priceMarks).where(eq(priceMarks.eventId, eventId));
}

/**
 * Freezes an event's valuation at its end: every symbol its portfolios hold (and the
 * benchmark) keeps the price it has now, in one statement. A replay event's marks are
 * already its prices at the end (its task played to the end first).
 */
export async function freezeMarks(db: DbOrTx, eventId: string, at: Date): Promise<void> {
  await db.execute(sql`
    insert into price_marks (event_id, symbol, price, at)
    select ${eventId}, pm.symbol, pm.price, ${at.toISOString()}::timestamptz
    from position_marks pm join portfolios p on p.id = pm.portfolio_id
    where p.event_id = ${eventId} and pm.price is not null
    union
    select ${eventId}, ${BENCHMARK_MARK}, v.benchmark, ${at.toISOString()}::timestamptz
    from portfolio_valuations v where v.event_id = ${eventId} and v.benchmark is not null
    on conflict (event_id, symbol) do nothing`);
}
