/**
 * Serving leaderboards: the XP and event boards from their precomputed rows (a page is an index
 * range scan on (board, rank), the own row a primary-key lookup, the board's size its last rank),
 * the practice boards from their decoded stored copies (practice-boards.ts, decision 091). Nothing
 * is ranked per request. Names are resolved here, at read time, so opting out of showing
 * one's name takes effect on the next page load, not the next refresh.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { boardName, eventBoardName, LEADERBOARD_PAGE_SIZE, pageContaining, rankChange, type RankingPeriod } from "@/domain/ranking";
import { eventPhase } from "@/domain/events";
import { formatRatio } from "@/domain/trading";
import { eventViewableSql } from "@/server/db/event-rules-sql";
import { env } from "@/env";
import type { Db } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import { boardCurrentAtSql } from "./refresh-state";
import { failures } from "@/domain/errors";
import { hasRole, type Role } from "@/lib/roles";
import type { EventChoice, EventStatus, RankingPage, RankingRow } from "../types";
import { anyOf } from "@/server/db/lists";
import { boardSizeSql, eventBoard, hidesNameSql, practiceBoard, utcDay, xpBoard, type XpPeriod } from "./boards";
import { practicePlaces, withPracticeBoard } from "./practice-boards";
import { withEventBoard } from "./event-boards";

export type { EventChoice, EventStatus, RankingPage, RankingRow };

export type BoardRequest = { kind: "practice"; period: RankingPeriod } | { kind: "xp"; period: XpPeriod } | { kind: "event"; slug: string };

export interface Viewer {
  id: string;
  role: Role;
  /** A roster account (decision 038): never on the practice and XP boards. */
  roster?: boolean;
}

let cachedSalt: string | undefined;
/** The handle salt: derived from the server secret, never stored or sent. */
export function handleSalt(): string {
  cachedSalt ??= createHmac("sha256", env().NEXTAUTH_SECRET).update("tickerlab leaderboard handles v1").digest("hex");
  return cachedSalt;
}

interface RawRow extends Record<string, unknown> {
  rank: number;
  /** Event boards: the rank shared with ties and how many share it (decision 053); null elsewhere. */
  shared_rank?: number | string | null;
  tied?: number | string | null;
  user_id: string | null;
  value: number | string | null;
  total_return: number | string | null;
  name: string | null;
  opt_out: boolean | null;
  yesterday: number | null;
  /** Event boards only: the team whose row it is, and who the person is (eventBoardName). */
  team?: string | null;
  roster?: boolean | null;
  opted_out?: boolean | null;
}

/** An event board's rows: which event, and whether it is a class contest (names as in the class). */
interface EventContext {
  id: string;
  classContest: boolean;
  /** Whether any team plays in it: only then does a row look up its team. */
  hasTeams: boolean;
}

const decimal4 = (value: number | string | null): string | null => (value === null ? null : formatRatio(Number(value)));

function toRow(raw: RawRow, metric: RankingPage["metric"], viewerId: string, event?: EventContext): RankingRow {
  const userId = raw.user_id;
  const place = Number(raw.rank);
  const rank = raw.shared_rank === null || raw.shared_rank === undefined ? place : Number(raw.shared_rank);
  const person = { userId, displayName: raw.name, hideName: Boolean(raw.opt_out), deleted: userId === null || raw.opt_out === null };
  return {
    rank,
    name: event
      ? eventBoardName({ ...person, team: raw.team ?? null, roster: Boolean(raw.roster), optedOut: Boolean(raw.opted_out) }, event, handleSalt())
      : boardName(person, handleSalt()),
    value: metric === "xp" ? (raw.value === null ? null : String(Math.round(Number(raw.value)))) : decimal4(raw.value),
    ...(metric !== "xp" && { totalReturn: decimal4(raw.total_return) }),
    rankChange: rankChange(place, raw.yesterday === null ? null : Number(raw.yesterday)),
    isYou: userId === viewerId,
    place,
    tied: raw.tied === null || raw.tied === undefined ? 1 : Number(raw.tied),
  };
}

/** The team whose row this is on an event's board (a team is on the event through its founder's row, decision 042). */
const eventColumns = (event: EventContext | undefined, row: string) =>
  event?.hasTeams
    ? sql`(select t.name from event_participants ep join portfolios p on p.id = ep.portfolio_id join teams t on t.id = p.team_id
           where ep.event_id = ${event.id} and ep.user_id = ${sql.raw(row)}.user_id) as team`
    : sql`null::text as team`;

interface PageArgs {
  page: number;
  pageSize?: number;
  viewer: Viewer;
  now: Date;
}

function emptyPage(base: Pick<RankingPage, "board" | "period" | "metric" | "event">, page: number, pageSize: number): RankingPage {
  return { ...base, items: [], page, pageSize, total: 0, pages: 1, own: null, notOnBoard: null, computedAt: null };
}

/** A page of `total` places: its rows, the viewer's own row (with the page it is on) and the instant the board is current as of. */
function boardPageOf(
  base: Pick<RankingPage, "board" | "period" | "metric" | "event">,
  at: { page: number; pageSize: number },
  rows: { items: RankingRow[]; own: RankingRow | null; total: number; computedAt: string | null },
): RankingPage {
  const { page, pageSize } = at;
  const { items, own, total, computedAt } = rows;
  return { ...base, items, page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)), own: own && { ...own, page: pageContaining(own.place, pageSize) }, notOnBoard: null, computedAt };
}

/** A page of a precomputed board (leaderboard_entries) plus the viewer's own row. */
async function entriesPage(db: Db, base: Pick<RankingPage, "board" | "period" | "metric" | "event">, args: PageArgs): Promise<RankingPage> {
  const pageSize = args.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const from = (args.page - 1) * pageSize + 1;
  const to = args.page * pageSize;
  const day = utcDay(args.now);
  // LATERAL … LIMIT 1 keeps the name and yesterday's rank as primary-key lookups for the 50
  // rows, whatever the planner's statistics say about the (freshly rewritten) tables.
  const select = (part: "page" | "own") => sql`
    select ${part}::text as part, e.rank, e.user_id, e.value, e.total_return, u.name, u.opt_out, d.rank as yesterday, null::timestamptz as computed_at
    from leaderboard_entries e
    left join lateral (select name, ${hidesNameSql("users")} as opt_out from users where id = e.user_id limit 1) u on true
    left join lateral (
      select rank from leaderboard_daily_ranks where board = e.board and day = ${day}::date and user_id = e.user_id limit 1
    ) d on true
    where e.board = ${base.board}`;
  // One statement, one round trip: the page, the viewer's own row, and a last row with the
  // board's size (its last rank) and the instant it is current as of — its group's last check
  // that found nothing changed, or its last refresh (decision 049); rows written outside a
  // refresh carry their own computed_at. Named and prepared once per connection: planning it
  // (the partitioned table four times, the lateral lookups) cost more than running it (2–3 ms
  // against 1.3–2.4 ms, measured at 100,000 rows a board).
  const rows = await executeNamed<RawRow & { part: "page" | "own" | "meta"; computed_at: Date | string | null }>(db, "tl_board_page", sql`
    (${select("page")} and e.rank between ${from} and ${to} order by e.rank)
    union all
    (${select("own")} and e.user_id = ${args.viewer.id})
    union all
    select 'meta', ${boardSizeSql(base.board)}, null, null, null, null, null, null,
           coalesce(${boardCurrentAtSql(base.board)}, (select computed_at from leaderboard_entries where board = ${base.board} and rank = 1))`);
  const items = rows.rows.filter((r) => r.part === "page").sort((a, b) => Number(a.rank) - Number(b.rank));
  const own = rows.rows.find((r) => r.part === "own");
  const meta = rows.rows.find((r) => r.part === "meta");
  const total = meta?.rank ? Number(meta.rank) : 0;
  const ownRow = own ? toRow(own, base.metric, args.viewer.id) : null;
  const computedAt = meta?.computed_at ? new Date(meta.computed_at).toISOString() : null;
  return boardPageOf(base, { page: args.page, pageSize }, { items: items.map((r) => toRow(r, base.metric, args.viewer.id)), own: ownRow, total, computedAt });
}

/**
 * A page of a live event's board served from its decoded copy (decision 094): the places are a
 * slice of it, the viewer's own row a lookup; one statement reads the names (at read time, so
 * opting out shows on the next page load), the teams, yesterday's places and the instant the
 * board is current as of. Each row carries the rank it shares with its ties (decision 053).
 */
async function eventPage(db: Db, base: Pick<RankingPage, "board" | "period" | "metric" | "event">, args: PageArgs, event: EventContext): Promise<RankingPage> {
  const pageSize = args.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const from = (args.page - 1) * pageSize + 1;
  return withEventBoard(db, event.id, async (view, version) => {
    const to = Math.min(args.page * pageSize, view?.size ?? 0);
    const entries = [];
    for (let place = from; place <= to; place++) entries.push({ place, ...view!.entry(place) });
    const ownPlace = view?.placeOf(args.viewer.id) ?? null;
    const own = ownPlace === null ? null : { place: ownPlace, ...view!.entry(ownPlace) };
    const ids = [...new Set([...entries, ...(own ? [own] : [])].map((e) => e.userId))];
    // Named per SQL text: an event with teams adds the team column. The last row: when the board was current, and its stored version.
    const rows = await executeNamed<{
      user_id: string | null;
      name: string | null;
      opt_out: boolean | null;
      roster: boolean | null;
      opted_out: boolean | null;
      yesterday: number | null;
      team: string | null;
      at: Date | string | null;
      version: string | number | null;
    }>(
      db,
      event.hasTeams ? "tl_team_event_page" : "tl_event_page",
      sql`
      select u.user_id, u.name, ${hidesNameSql("u")} as opt_out, u.kind = 'roster' as roster, u.leaderboard_opt_out as opted_out,
             (select d.rank from leaderboard_daily_ranks d where d.board = ${base.board} and d.day = ${utcDay(args.now)}::date and d.user_id = u.user_id) as yesterday,
             ${eventColumns(event, "u")}, null::timestamptz as at, null::bigint as version
      from (select id as user_id, name, kind, leaderboard_opt_out from users where ${anyOf(sql.raw("id"), ids)}) u
      union all
      select null, null, null, null, null, null, null, ${boardCurrentAtSql(base.board)}, ${version}`,
    );
    const people = new Map(rows.rows.filter((r) => r.user_id !== null).map((r) => [r.user_id!, r]));
    const toRaw = (e: NonNullable<typeof own>): RawRow => {
      const person = people.get(e.userId);
      return {
        rank: e.place,
        shared_rank: e.sharedRank,
        tied: e.tied,
        user_id: e.userId,
        value: e.value,
        total_return: e.totalReturn,
        name: person?.name ?? null,
        opt_out: person ? person.opt_out : null,
        roster: person?.roster ?? null,
        opted_out: person?.opted_out ?? null,
        team: person?.team ?? null,
        yesterday: person?.yesterday ?? null,
      };
    };
    const meta = rows.rows.find((r) => r.user_id === null);
    const at = meta?.at ?? null;
    const result = boardPageOf(base, { page: args.page, pageSize }, {
      items: entries.map((e) => toRow(toRaw(e), base.metric, args.viewer.id, event)),
      own: own && toRow(toRaw(own), base.metric, args.viewer.id, event),
      total: view?.size ?? 0,
      computedAt: view ? new Date(at ?? view.computedAt).toISOString() : null,
    });
    return { result, version: meta?.version ?? null };
  });
}

/**
 * A page of a practice board served from its decoded copy (decision 091): the places are a slice of
 * the decoded board, the viewer's own row a lookup; one statement reads the names of the people on
 * the page (at read time, so opting out shows on the next page load) with the stored boards'
 * versions, which say whether the decoded copy was still current.
 */
async function practicePage(db: Db, base: Pick<RankingPage, "board" | "period" | "metric" | "event">, period: RankingPeriod, args: PageArgs): Promise<RankingPage> {
  const pageSize = args.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const from = (args.page - 1) * pageSize + 1;
  return withPracticeBoard(db, period, args.now, async (view, versions) => {
    const to = Math.min(args.page * pageSize, view?.size ?? 0);
    const entries = [];
    for (let place = from; place <= to; place++) entries.push({ place, ...view!.entry(place) });
    const ownPlace = view?.placeOf(args.viewer.id) ?? null;
    const ids = [...new Set([...entries.map((e) => e.userId), ...(ownPlace === null ? [] : [args.viewer.id])])];
    const rows = await executeNamed<{ part: "person" | "stored" | "current"; key: string | null; version: string | number | null; name: string | null; opt_out: boolean | null; at: Date | string | null }>(
      db,
      "tl_practice_page",
      sql`
      select 'person' as part, u.id as key, null::bigint as version, u.name, ${hidesNameSql("u")} as opt_out, null::timestamptz as at from users u where ${anyOf(sql.raw("u.id"), ids)}
      union all
      select 'stored', v.key, v.version, null, null, null from (${versions}) v
      union all
      select 'current', null, null, null, null, ${boardCurrentAtSql(base.board)}`,
    );
    const people = new Map(rows.rows.filter((r) => r.part === "person").map((r) => [r.key!, r]));
    const toRaw = (e: { place: number; userId: string; value: number | null; totalReturn: number | null }): RawRow => {
      const person = people.get(e.userId);
      return {
        rank: e.place,
        user_id: e.userId,
        value: e.value,
        total_return: e.totalReturn,
        name: person?.name ?? null,
        opt_out: person ? person.opt_out : null,
        yesterday: view!.yesterdayPlaceOf(e.userId),
      };
    };
    const ownRow = ownPlace === null ? null : toRow(toRaw({ place: ownPlace, ...view!.entry(ownPlace) }), base.metric, args.viewer.id);
    const at = rows.rows.find((r) => r.part === "current")?.at ?? null;
    const total = view?.size ?? 0;
    const page = boardPageOf(base, { page: args.page, pageSize }, {
      items: entries.map((e) => toRow(toRaw(e), base.metric, args.viewer.id)),
      own: ownRow,
      total,
      computedAt: total === 0 || at === null ? null : new Date(at).toISOString(),
    });
    return { result: page, versions: rows.rows.filter((r) => r.part === "stored").map((r) => ({ key: r.key!, version: r.version! })) };
  });
}

/** An ended event's frozen standings (written once at its end by the events feature). */
async function standingsPage(
  db: Db,
  base: Pick<RankingPage, "board" | "period" | "metric" | "event">,
  event: EventContext,
  computedAt: Date,
  args: PageArgs,
): Promise<RankingPage> {
  const eventId = event.id;
  const pageSize = args.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const from = (args.page - 1) * pageSize + 1;
  const to = args.page * pageSize;
  const value = base.metric === "sharpe" ? sql`s.sharpe` : sql`s.total_return`;
  const select = sql`
    select s.rank, s.shared_rank, s.tied, s.user_id, ${value} as value, s.total_return, u.name, ${hidesNameSql("u")} as opt_out, null::int as yesterday,
           u.kind = 'roster' as roster, u.leaderboard_opt_out as opted_out, ${eventColumns(event, "s")}
    from event_standings s left join users u on u.id = s.user_id
    where s.event_id = ${eventId}`;
  const [items, own, last] = await Promise.all([
    db.execute<RawRow>(sql`${select} and s.rank between ${from} and ${to} order by s.rank`),
    db.execute<RawRow>(sql`${select} and s.user_id = ${args.viewer.id}`),
    db.execute<{ rank: number }>(sql`select rank from event_standings where event_id = ${eventId} order by rank desc limit 1`),
  ]);
  const total = last.rows[0] ? Number(last.rows[0].rank) : 0;
  if (total === 0) return emptyPage(base, args.page, pageSize);
  const ownRow = own.rows[0] ? toRow(own.rows[0], base.metric, args.viewer.id, event) : null;
  return boardPageOf(base, { page: args.page, pageSize }, { items: items.rows.map((r) => toRow(r, base.metric, args.viewer.id, event)), own: ownRow, total, computedAt: computedAt.toISOString() });
}

interface EventRow extends Record<string, unknown> {
  id: string;
  slug: string;
  title: string;
  metric: "return" | "sharpe";
  starts_at: Date | string;
  ends_at: Date | string;
  finalized_at: Date | string | null;
  class_id: string | null;
  visible: boolean;
  has_teams: boolean;
}

/** Whether `viewer` may see an event (the events domain's mayViewEvent, in SQL). */
const visibleTo = (viewer: Viewer) => eventViewableSql("e", { id: viewer.id, admin: hasRole(viewer.role, "admin") });

/** The event's phase: the domain's eventPhase. */
export const eventStatus = (startsAt: Date, endsAt: Date, now: Date): EventStatus => eventPhase({ startsAt, endsAt }, now);

/** The board a request names, a page of it and the viewer's own row. An event the viewer may not see is a 404. */
export async function leaderboardPage(db: Db, request: BoardRequest, args: PageArgs): Promise<RankingPage> {
  const page = await boardPage(db, request, args);
  if (page.own) return page;
  // Say why the viewer has no row, so nobody is told to wait for a board they never join (issue #23 §4).
  if (request.kind !== "event") return { ...page, notOnBoard: args.viewer.roster ? "class-account" : "not-yet" };
  const joined = await db.execute<{ joined: boolean }>(sql`
    select exists (select 1 from event_participants ep join events e on e.id = ep.event_id
                   where e.slug = ${request.slug} and ep.user_id = ${args.viewer.id} and ep.removed_at is null) as joined`);
  return { ...page, notOnBoard: joined.rows[0]?.joined ? "not-yet" : "not-in-event" };
}

async function boardPage(db: Db, request: BoardRequest, args: PageArgs): Promise<RankingPage> {
  const pageSize = args.pageSize ?? LEADERBOARD_PAGE_SIZE;
  if (request.kind === "practice") {
    return practicePage(db, { board: practiceBoard(request.period), period: request.period, metric: "return", event: null }, request.period, args);
  }
  if (request.kind === "xp") {
    return entriesPage(db, { board: xpBoard(request.period), period: request.period, metric: "xp", event: null }, args);
  }
  const admin = hasRole(args.viewer.role, "admin");
  const found = await executeNamed<EventRow>(
    db,
    admin ? "tl_board_event_admin" : "tl_board_event",
    sql`
    select e.id, e.slug, e.title, e.metric, e.starts_at, e.ends_at, e.finalized_at, e.class_id, ${visibleTo(args.viewer)} as visible,
           exists (select 1 from teams t where t.event_id = e.id) as has_teams
    from events e where e.slug = ${request.slug}`,
  );
  const event = found.rows[0];
  // A private event is not even acknowledged to someone who may not see it.
  if (!event || !event.visible) throw failures.notFound("There is no event with that address, or it is private.");
  const startsAt = new Date(event.starts_at);
  const endsAt = new Date(event.ends_at);
  const status = eventStatus(startsAt, endsAt, args.now);
  const base = { board: `event:${event.slug}`, period: null, metric: event.metric, event: { slug: event.slug, title: event.title, status, classContest: event.class_id !== null } };
  if (status === "upcoming") return emptyPage(base, args.page, pageSize);
  const context: EventContext = { id: event.id, classContest: event.class_id !== null, hasTeams: event.has_teams };
  if (status === "ended") {
    return standingsPage(db, base, context, event.finalized_at ? new Date(event.finalized_at) : endsAt, args);
  }
  const page = await eventPage(db, { ...base, board: eventBoard(event.id) }, args, context);
  return { ...page, board: base.board };
}


/**
 * The board /ranking opens on when the address names none: the practice board, except for a
 * roster account, which is never on it — its first event board (its class's contests), if any.
 */
export function defaultBoardOf(viewer: Pick<Viewer, "roster">, events: readonly EventChoice[]): string {
  return viewer.roster && events[0] ? `event:${events[0].slug}` : "practice";
}

/** Live and ended events the viewer may see, live first, for the /ranking event switch. */
export async function rankableEvents(db: Db, viewer: Viewer, now: Date): Promise<EventChoice[]> {
  const rows = await db.execute<{ slug: string; title: string; starts_at: Date | string; ends_at: Date | string }>(sql`
    select e.slug, e.title, e.starts_at, e.ends_at from events e
    where e.starts_at <= ${now.toISOString()}::timestamptz and ${visibleTo(viewer)}
    order by (e.ends_at > ${now.toISOString()}::timestamptz) desc, e.ends_at desc
    limit 100`);
  return rows.rows.map((r) => ({ slug: r.slug, title: r.title, status: eventStatus(new Date(r.starts_at), new Date(r.ends_at), now) }));
}

export interface OwnRank {
  board: "practice:all" | "practice:day" | "xp:all";
  rank: number | null;
  total: number;
  value: string | null;
}

/** The viewer's place on the dashboard's boards (all-time and today's practice return, XP). */
export async function ownRanks(db: Db, userId: string, now: Date): Promise<OwnRank[]> {
  const [practice, xp] = await Promise.all([
    practicePlaces(db, ["all", "day"], [userId], now),
    db.execute<{ rank: number | null; value: number | null; total: number | null }>(sql`
      select e.rank, e.value, ${boardSizeSql(xpBoard("all"))} as total
      from (select 1) one left join leaderboard_entries e on e.board = ${xpBoard("all")} and e.user_id = ${userId}`),
  ]);
  const onPractice = (period: "all" | "day"): OwnRank => {
    const board = practice.get(period)!;
    const own = board.places.get(userId);
    return { board: `practice:${period}`, rank: own?.place ?? null, total: board.size, value: own ? decimal4(own.value) : null };
  };
  const row = xp.rows[0];
  const xpValue = row?.value ?? null;
  return [
    onPractice("all"),
    onPractice("day"),
    {
      board: "xp:all",
      rank: row?.rank === null || row?.rank === undefined ? null : Number(row.rank),
      total: row?.total ? Number(row.total) : 0,
      value: xpValue === null ? null : String(Math.round(Number(xpValue))),
    },
  ];
}
