/**
 * A person's place on several events' boards in one statement: a live event's from its
 * precomputed board (leaderboard_entries "event:{id}", written by the refresh every few
 * seconds), a finalised one's from its frozen standings. The board's size is its last rank.
 * The events feature's own pages and the dashboard's "my events" read ranks through here, so
 * "which rank is mine" has one definition.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { eventBoard } from "./boards";

export interface EventRankRequest {
  id: string;
  /** Finalised (its standings are frozen): ranks come from event_standings. */
  finalized: boolean;
}

export interface EventRank {
  /** The rank shared with everyone tied on the board's figures (decision 053). Null: not on the board (not joined, removed, or the board has not been refreshed since joining). */
  rank: number | null;
  /** How many are ranked on the board. */
  total: number;
}

/** `userId`'s rank and the board's size for each event, by event id. */
export async function ownEventRanks(db: DbOrTx, userId: string, events: readonly EventRankRequest[]): Promise<Map<string, EventRank>> {
  if (events.length === 0) return new Map();
  const rows = await db.execute<{ event_id: string; rank: number | string | null; total: number | string | null }>(sql`
    select b.event_id,
      case when b.finalized
        then (select s.shared_rank from event_standings s where s.event_id = b.event_id and s.user_id = ${userId})
        else (select e.shared_rank from leaderboard_entries e where e.board = b.board and e.user_id = ${userId})
      end as rank,
      case when b.finalized
        then (select s.rank from event_standings s where s.event_id = b.event_id order by s.rank desc limit 1)
        else (select e.rank from leaderboard_entries e where e.board = b.board order by e.rank desc limit 1)
      end as total
    from (values ${sql.join(
      events.map((e) => sql`(${e.id}::text, ${eventBoard(e.id)}::text, ${e.finalized}::boolean)`),
      sql`, `,
    )}) as b(event_id, board, finalized)`);
  return new Map(
    rows.rows.map((r) => [r.event_id, { rank: r.rank === null ? null : Number(r.rank), total: r.total === null ? 0 : Number(r.total) }]),
  );
}
