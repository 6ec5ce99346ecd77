/**
 * A person's place on several events' boards: a live event's from its board as stored whole
 * (event-boards.ts, written by the refresh every few seconds, decision 094), a finalised one's
 * from its frozen standings (one statement). The board's size is its last place.
 * The events feature's own pages and the dashboard's "my events" read ranks through here, so
 * "which rank is mine" has one definition.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { textArray } from "@/server/db/lists";
import { eventBoardViews } from "./event-boards";

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
  const out = new Map<string, EventRank>();
  const finalized = events.filter((e) => e.finalized);
  if (finalized.length > 0) {
    const rows = await db.execute<{ event_id: string; rank: number | string | null; total: number | string | null }>(sql`
      select b.event_id,
        (select s.shared_rank from event_standings s where s.event_id = b.event_id and s.user_id = ${userId}) as rank,
        (select s.rank from event_standings s where s.event_id = b.event_id order by s.rank desc limit 1) as total
      from unnest(${textArray(finalized.map((e) => e.id))}::text[]) as b(event_id)`);
    for (const r of rows.rows) out.set(r.event_id, { rank: r.rank === null ? null : Number(r.rank), total: r.total === null ? 0 : Number(r.total) });
  }
  const live = events.filter((e) => !e.finalized);
  const views = live.length > 0 ? await eventBoardViews(db, live.map((e) => e.id)) : new Map<string, null>();
  for (const [id, view] of views) {
    const place = view?.placeOf(userId) ?? null;
    out.set(id, { rank: place === null ? null : view!.entry(place).sharedRank, total: view?.size ?? 0 });
  }
  return out;
}
