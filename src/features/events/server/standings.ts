/**
 * An event's leaderboard. While it runs, standings are computed from current equity by the
 * event's metric (src/domain/ranking rankEntries: ties to the earlier joiner, undefined
 * Sharpe last). Once finalised, the frozen rows of event_standings are the only truth: they
 * were written once at the end and nothing changes them, whatever prices do afterwards.
 */
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { eventBoardName, rankEntries, sharpeForRanking } from "@/domain/ranking";
import { cents, formatMoney, formatRatio, parseMoney, parseUnits, returnSinceStart, unitsOr } from "@/domain/trading";
import { portfolioValuations } from "@/features/trading";
import { boardCurrentAtSql, eventBoard, handleSalt, hidesNameSql, ownEventRanks, sharedStandingRanksSql, withEventBoard } from "@/features/ranking";
import type { DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import { anyOf } from "@/server/db/lists";
import { eventStandings, users } from "@/server/db/schema";
import type { EventRow } from "./rows";

/** Anonymous handles use the ranking feature's salt, so a person has one handle on every board. */
export { handleSalt };

export interface ParticipantFigures {
  userId: string;
  portfolioId: string;
  joinedAt: Date;
  name: string | null;
  /** The address, or a roster account's username (it has no address). */
  email: string;
  optOut: boolean;
  startingCash: string;
  equity: string;
  trades: number;
  totalReturn: number | null;
  sharpe: number | null;
  removedAt: Date | null;
  /** Disqualified after a fair-play review (docs/decisions/046): off the board like a removed participant. */
  disqualifiedAt: Date | null;
  disqualifiedReason: string | null;
}

/**
 * Every participant's figures now (removed and disqualified ones only with includeRemoved): equity from the one valuation (the trading engine's
 * portfolio_valuations view: an ended event's portfolios at its end's prices), trades =
 * fills, the exact return (ranked unrounded), Sharpe from the equity snapshots in the window.
 */
export async function participantFigures(db: DbOrTx, event: EventRow, options: { now: Date; includeRemoved?: boolean; portfolioIds?: readonly string[] }): Promise<ParticipantFigures[]> {
  // Only these portfolios (a page of the participants table): a plain condition, so the
  // valuation view values only them.
  const only = options.portfolioIds ? sql`and ${anyOf(sql.raw("ep.portfolio_id"), options.portfolioIds)} and ${anyOf(sql.raw("v.portfolio_id"), options.portfolioIds)}` : sql``;
  const onlyParticipants = options.portfolioIds ? sql`and ${anyOf(sql.raw("ep.portfolio_id"), options.portfolioIds)}` : sql``;
  const result = await db.execute<{
    user_id: string;
    portfolio_id: string;
    joined_at: string | Date;
    name: string | null;
    email: string;
    opt_out: boolean;
    starting_cash: string;
    equity: string;
    units: string;
    trades: string | number;
    removed_at: string | Date | null;
    disqualified_at: string | Date | null;
    disqualified_reason: string | null;
  }>(sql`
    select ep.user_id, ep.portfolio_id, ep.joined_at, ep.removed_at, ep.disqualified_at, ep.disqualified_reason, u.name, coalesce(u.email, u.username) as email, ${hidesNameSql("u")} as opt_out, v.starting_cash, v.equity, v.units,
      (select count(*) from fills f where f.portfolio_id = v.portfolio_id) as trades
    from event_participants ep
    join ${portfolioValuations} v on v.portfolio_id = ep.portfolio_id
    join users u on u.id = ep.user_id
    where ep.event_id = ${event.id} ${options.includeRemoved ? sql`` : sql`and ep.removed_at is null and ep.disqualified_at is null`} ${only}
    order by ep.joined_at, ep.user_id`);
  const sharpe = event.metric === "sharpe" ? await sharpeByPortfolio(db, event, options.now, onlyParticipants) : new Map<string, number | null>();
  return result.rows.map((r) => {
    const equity = formatMoney(parseMoney(String(r.equity)));
    return {
      userId: r.user_id,
      portfolioId: r.portfolio_id,
      joinedAt: new Date(r.joined_at),
      name: r.name,
      email: r.email,
      optOut: r.opt_out,
      startingCash: String(r.starting_cash),
      equity,
      trades: Number(r.trades),
      // Time-weighted (decision 057): a cash adjustment is not a gain.
      totalReturn: returnSinceStart(parseMoney(String(r.starting_cash)), { equity: parseMoney(equity), units: parseUnits(String(r.units)) }),
      sharpe: sharpe.get(r.portfolio_id) ?? null,
      removedAt: r.removed_at === null ? null : new Date(r.removed_at),
      disqualifiedAt: r.disqualified_at === null ? null : new Date(r.disqualified_at),
      disqualifiedReason: r.disqualified_reason,
    };
  });
}

/** Sharpe per portfolio from its snapshots between the event's start and min(now, end). */
async function sharpeByPortfolio(db: DbOrTx, event: EventRow, now: Date, only: SQL): Promise<Map<string, number | null>> {
  const until = new Date(Math.min(now.getTime(), event.endsAt.getTime()));
  const result = await db.execute<{ portfolio_id: string; taken_at: string | Date; equity: string; units: string | null; starting_cash: string }>(sql`
    select s.portfolio_id, s.taken_at, s.equity, s.units, p.starting_cash from equity_snapshots s
    join event_participants ep on ep.portfolio_id = s.portfolio_id and ep.event_id = ${event.id} ${only}
    join portfolios p on p.id = s.portfolio_id
    where s.taken_at >= ${event.startsAt.toISOString()}::timestamptz and s.taken_at <= ${until.toISOString()}::timestamptz
    order by s.portfolio_id, s.taken_at`);
  const series = new Map<string, Array<{ at: Date; equity: string; units: ReturnType<typeof unitsOr> }>>();
  for (const row of result.rows) {
    const list = series.get(row.portfolio_id) ?? [];
    list.push({ at: new Date(row.taken_at), equity: String(row.equity), units: unitsOr(row.units === null ? null : String(row.units), parseMoney(String(row.starting_cash))) });
    series.set(row.portfolio_id, list);
  }
  return new Map([...series].map(([id, s]) => [id, sharpeForRanking(s)]));
}

export interface StandingRow {
  /** The rank shown: shared with everyone whose figures tie (competition ranking, "1, 2, 2, 4"; decision 053). */
  rank: number;
  /** How many share this rank (1 = alone). */
  tied: number;
  /** The row's place on the board (1, 2, 3, … in board order; ties have their own places). */
  place: number;
  userId: string;
  name: string;
  equity: string;
  totalReturn: string | null;
  sharpe: string | null;
  trades: number;
  joinedAt: string;
}

const ratio = formatRatio;

/** The figures in board order, by the event's metric. */
export function rankFigures(event: Pick<EventRow, "metric">, figures: ParticipantFigures[]) {
  return rankEntries(
    figures.map((f) => ({ ...f, id: f.userId, value: event.metric === "sharpe" ? f.sharpe : f.totalReturn, return: f.totalReturn })),
    event.metric,
  );
}

export interface Standings {
  frozen: boolean;
  metric: EventRow["metric"];
  computedAt: string | null;
  /** Rows on the whole board (its last place), whatever rows `items` holds. */
  total: number;
  items: StandingRow[];
}

/** A name on this event's board: the ranking domain's one rule (eventBoardName). */
function nameOnBoard(event: Pick<EventRow, "classId">, row: { userId: string; name: string | null; team?: string | null; hideName: boolean; roster: boolean; optedOut: boolean; deleted: boolean }, salt: string): string {
  return eventBoardName({ userId: row.userId, displayName: row.name, hideName: row.hideName, deleted: row.deleted, team: row.team ?? null, roster: row.roster, optedOut: row.optedOut }, { classContest: Boolean(event.classId) }, salt);
}

/**
 * Stores the rank each row of an event's frozen standings shares with its ties, and how many
 * share it (decision 053), whenever the standings are written or changed (an event's end, a
 * disqualification after it), so that no page ranks them again (decision 085).
 */
export async function storeSharedRanks(tx: DbOrTx, eventId: string): Promise<void> {
  await tx.execute(sql`
    update event_standings s set shared_rank = sr.shared_rank, tied = sr.tied
    from (${sharedStandingRanksSql(eventId)}) sr
    where s.event_id = ${eventId} and s.user_id = sr.user_id`);
}

/**
 * Which rows of a board to read: the places `from`…`to` (a page) and `userId`'s row wherever it
 * is. Without one, the whole board (the organiser's CSV and report cards).
 */
export interface StandingsSlice {
  from: number;
  to: number;
  userId: string;
}

/** Rows of the board that a slice asks for, by place (its `rank` column), or every row. */
const sliceSql = (place: SQL, userId: SQL, slice?: StandingsSlice) =>
  slice ? sql` and (${place} between ${slice.from} and ${slice.to} or ${userId} = ${slice.userId})` : sql``;

/**
 * The board: frozen rows once finalised, else the precomputed live board — whole, or the rows
 * a slice asks for (each row's place on the board, to tell the page's rows from the viewer's).
 * `total` is the board's size either way: its last place.
 */
export async function eventStandingsOf(db: DbOrTx, event: EventRow, slice?: StandingsSlice): Promise<Standings> {
  const salt = handleSalt();
  if (event.finalizedAt) {
    const [rows, last] = await Promise.all([
      db
        .select({
          place: eventStandings.rank,
          rank: sql<number>`coalesce(${eventStandings.sharedRank}, ${eventStandings.rank})`,
          tied: sql<number>`coalesce(${eventStandings.tied}, 1)`,
          userId: eventStandings.userId,
          equity: eventStandings.equity,
          totalReturn: eventStandings.totalReturn,
          sharpe: eventStandings.sharpe,
          trades: eventStandings.trades,
          joinedAt: eventStandings.joinedAt,
          name: users.name,
          optOut: sql<boolean | null>`${hidesNameSql("users")}`,
          roster: sql<boolean | null>`${users.kind} = 'roster'`,
          optedOut: users.leaderboardOptOut,
          team: sql<string | null>`(select t.name from event_participants ep join portfolios p on p.id = ep.portfolio_id join teams t on t.id = p.team_id where ep.event_id = ${eventStandings.eventId} and ep.user_id = ${eventStandings.userId})`,
        })
        .from(eventStandings)
        .leftJoin(users, eq(users.id, eventStandings.userId))
        .where(sql`${eventStandings.eventId} = ${event.id}${sliceSql(sql.raw("event_standings.rank"), sql.raw("event_standings.user_id"), slice)}`)
        .orderBy(asc(eventStandings.rank)),
      db.execute<{ rank: number }>(sql`select rank from event_standings where event_id = ${event.id} order by rank desc limit 1`),
    ]);
    return {
      frozen: true,
      metric: event.metric,
      computedAt: event.finalizedAt.toISOString(),
      total: last.rows[0] ? Number(last.rows[0].rank) : 0,
      items: rows.map((r) => ({
        place: Number(r.place),
        rank: Number(r.rank),
        tied: Number(r.tied),
        userId: r.userId,
        name: nameOnBoard(event, { userId: r.userId, name: r.name, team: r.team, hideName: r.optOut ?? false, roster: r.roster ?? false, optedOut: r.optedOut ?? false, deleted: r.optOut === null }, salt),
        equity: r.equity,
        totalReturn: r.totalReturn,
        sharpe: r.sharpe,
        trades: r.trades,
        joinedAt: r.joinedAt.toISOString(),
      })),
    };
  }
  // A live board is served from the board the ranking refresh stores whole every few seconds
  // (features/ranking, decision 094), never ranked from scratch per request. A removed or
  // disqualified participant leaves it at once (dropFromEventBoard), so its last place is its size.
  // The names' statement also says which version of the board is stored (withEventBoard).
  return withEventBoard(db, event.id, async (view, version) => {
    const places: number[] = [];
    if (view) {
      const to = slice ? Math.min(slice.to, view.size) : view.size;
      for (let place = slice ? Math.max(1, slice.from) : 1; place <= to; place++) places.push(place);
      const own = slice ? view.placeOf(slice.userId) : null;
      if (own !== null && !places.includes(own)) places.push(own);
    }
    const entries = places.map((place) => ({ place, ...view!.entry(place) }));
    // The last row: when the board was current, and its stored version.
    const people = await executeNamed<{
      user_id: string | null;
      name: string | null;
      opt_out: boolean;
      roster: boolean;
      opted_out: boolean;
      team: string | null;
      joined_at: string | Date;
      trades: string | number;
      current_at: string | Date | null;
      version: string | number | null;
    }>(
      db,
      // Named: planning it cost more than running it (1.4 against 0.9 ms at 100,000 participants).
      "tl_live_standings",
      sql`
      select u.id as user_id, u.name, ${hidesNameSql("u")} as opt_out, u.kind = 'roster' as roster, u.leaderboard_opt_out as opted_out,
        (select t.name from portfolios p join teams t on t.id = p.team_id where p.id = ep.portfolio_id) as team, ep.joined_at,
        (select count(*) from fills f where f.portfolio_id = ep.portfolio_id) as trades, null::timestamptz as current_at, null::bigint as version
      from users u
      join event_participants ep on ep.event_id = ${event.id} and ep.user_id = u.id and ep.removed_at is null and ep.disqualified_at is null
      where ${anyOf(sql.raw("u.id"), entries.map((e) => e.userId))}
      union all
      select null, null, null, null, null, null, null, null, ${boardCurrentAtSql(eventBoard(event.id))}, ${version}`,
    );
    const byUser = new Map(people.rows.filter((r) => r.user_id !== null).map((r) => [r.user_id!, r]));
    const meta = people.rows.find((r) => r.user_id === null);
    const currentAt = meta?.current_at ?? null;
    const result: Standings = {
      frozen: false,
      metric: event.metric,
      computedAt: view ? new Date(currentAt ?? view.computedAt).toISOString() : null,
      total: view?.size ?? 0,
      items: entries
        .sort((a, b) => a.place - b.place)
        .flatMap((e) => {
          const r = byUser.get(e.userId);
          if (!r) return [];
          return [
            {
              place: e.place,
              rank: e.sharedRank,
              tied: e.tied,
              userId: e.userId,
              name: nameOnBoard(event, { userId: e.userId, name: r.name, team: r.team, hideName: r.opt_out, roster: r.roster, optedOut: r.opted_out, deleted: false }, salt),
              equity: formatMoney(cents(e.equityCents)),
              totalReturn: e.totalReturn === null ? null : ratio(e.totalReturn),
              sharpe: event.metric === "sharpe" && e.value !== null ? ratio(e.value) : null,
              trades: Number(r.trades),
              joinedAt: new Date(r.joined_at).toISOString(),
            },
          ];
        }),
    };
    return { result, version: meta?.version ?? null };
  });
}

/** One person's (shared) rank on the event's board, or null (not joined, removed): the ranking feature's answer. */
export async function rankOf(db: DbOrTx, event: EventRow, userId: string): Promise<number | null> {
  return (await ownEventRanks(db, userId, [{ id: event.id, finalized: event.finalizedAt !== null }])).get(event.id)?.rank ?? null;
}
