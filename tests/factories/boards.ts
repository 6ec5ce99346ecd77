/**
 * A stored practice or event board read back whole for assertions: the rows of `stored_boards`
 * (decisions 091, 094) decoded with the ranking feature's own decoders — place, user, figure, total
 * return and equity in cents, in place order. Empty before the first pass.
 */
import { sql } from "drizzle-orm";
import { decodeBoard, decodeFigures, decodeRoster } from "@/features/ranking/server/memory";
import { decodeEventBoard } from "@/features/ranking/server/event-boards";
import type { Db } from "@/server/db";

export interface StoredPlace {
  userId: string;
  rank: number;
  value: number | null;
  totalReturn: number | null;
  equityCents: number;
}

const orNull = (x: number) => (Number.isNaN(x) ? null : x);

export async function storedPracticeBoard(db: Db, board: string): Promise<StoredPlace[]> {
  const rows = await db.execute<{ data: Buffer | Uint8Array; figures: Buffer | Uint8Array; roster: Buffer | Uint8Array }>(sql`
    select b.data, f.data as figures, r.data as roster from stored_boards b
    join stored_boards f on f.key = 'practice:figures' and f.version = b.version
    join stored_boards r on r.key = 'roster:' || b.roster
    where b.key = ${board}`);
  const row = rows.rows[0];
  if (!row) return [];
  const decoded = decodeBoard(row.data);
  const figures = decodeFigures(row.figures);
  const userIds = decodeRoster(row.roster);
  return Array.from(decoded.holder, (holder, p) => ({
    userId: userIds[holder]!,
    rank: p + 1,
    value: orNull(decoded.value[p]!),
    totalReturn: orNull(figures.totalReturn[holder]!),
    equityCents: figures.equityCents[holder]!,
  }));
}

/** A live event's board as stored whole (decision 094), decoded with the feature's decoder: place, user, figure, total return, equity in cents, shared rank, ties. */
export async function storedEventBoard(db: Db, eventId: string): Promise<Array<StoredPlace & { sharedRank: number; tied: number }>> {
  const rows = await db.execute<{ data: Buffer | Uint8Array }>(sql`select data from stored_boards where key = ${`event:${eventId}`}`);
  const row = rows.rows[0];
  if (!row) return [];
  const board = decodeEventBoard(row.data);
  return board.userIds.map((userId, p) => ({
    userId,
    rank: p + 1,
    value: orNull(board.value[p]!),
    totalReturn: orNull(board.totalReturn[p]!),
    equityCents: board.equityCents[p]!,
    sharedRank: board.shared[p]!,
    tied: board.tied[p]!,
  }));
}

/**
 * For a test that sets portfolios' figures directly (cash, positions, orders) instead of trading:
 * what the trading writer does in the same statement as such a change (decision 096), marking
 * the boards those portfolios feed as stale, with the database's own rule for which they feed
 * (`boards_groups_of_portfolio`). Without it the next refresh rightly sees nothing changed.
 */
export async function markWritten(db: Db, portfolioIds: readonly string[]): Promise<void> {
  if (portfolioIds.length === 0) return;
  const ids = sql.join(
    portfolioIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`select boards_mark_stale(array(
    select distinct g from portfolios p, unnest(boards_groups_of_portfolio(p.kind, p.event_id)) as g where p.id in (${ids})))`);
}

/** A direct `update portfolios … returning id` (see markWritten), marked as the writer marks. */
export async function updatePortfolios(db: Db, update: ReturnType<typeof sql>): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`${update} returning id`);
  await markWritten(
    db,
    rows.map((r) => r.id),
  );
}
