/**
 * What the events API answers (GET/POST /api/events/**), as zod schemas (docs/decisions/071):
 * the routes declare them, the OpenAPI document publishes them, the tests check every real
 * answer against them, and the pages take their types from them. No server code here.
 *
 * The parts of a report card that are the portfolio's answers (an order, a fill, a holding, the
 * range's figures, the benchmark and the equity points) are the portfolio's own schemas.
 */
import * as z from "zod/mini";
import { benchmarkAnswer, fillAnswer, holdingAnswer, orderAnswer, performancePoint, rangeFigures } from "@/features/portfolio/types";
import { day, decimal, instant, int, pageOf } from "@/lib/api/answers";

export const eventPhaseAnswer = z.enum(["upcoming", "live", "ended"]);
export type EventPhase = z.output<typeof eventPhaseAnswer>;
export const eventMetric = z.enum(["return", "sharpe"]);
/** A team event's sizes (decision 042); null when everyone trades alone. */
const teamSizes = z.nullable(z.object({ min: int, max: int }));

/** An event as every events answer shows it (features/events/server/queries.ts `serializeEvent`). */
export const eventView = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: instant,
  endsAt: instant,
  startingCash: decimal,
  commissionFlat: decimal,
  commissionBps: z.number(),
  allowShort: z.boolean(),
  maxPositionPct: z.nullable(z.number()),
  instruments: z.nullable(z.array(z.string())),
  visibility: z.enum(["public", "private"]),
  lateEntry: z.boolean(),
  maxParticipants: z.nullable(int),
  metric: eventMetric,
  requiredLesson: z.nullable(z.string()),
  /** A replay event's datasets, first day and speed (trading days per real hour); null on the practice market. */
  replay: z.nullable(z.object({ datasets: z.array(z.string()), from: day, speed: z.number() })),
  /** Rules against gambling (docs/decisions/044); null = no such rule. */
  minHoldings: z.nullable(int),
  maxTradesPerDay: z.nullable(int),
  minHoldMinutes: z.nullable(int),
  minSharePrice: z.nullable(decimal),
  /** Liquidity (docs/decisions/056): half the spread (bps), participation limit (%), market impact on/off. */
  halfSpreadBps: z.number(),
  participationPct: z.number(),
  impact: z.boolean(),
  /** Margin terms (docs/decisions/070); null = no borrowing. */
  margin: z.nullable(z.object({ multiplier: z.number(), debitRatePct: z.number(), creditRatePct: z.number(), maintenancePct: z.number(), callHours: z.number() })),
  /** Shorts pay their instrument's daily borrow fee (docs/decisions/070). */
  borrowFees: z.boolean(),
  phase: eventPhaseAnswer,
  status: z.enum(["upcoming", "live", "ended", "archived"]),
  countdown: z.object({ target: z.nullable(instant), ms: z.nullable(z.number()) }),
  participants: int,
  archivedAt: z.nullable(instant),
  finalizedAt: z.nullable(instant),
  createdAt: instant,
  /** Admins only. */
  joinCode: z.optional(z.nullable(z.string())),
  /** Admins only: the fields that may no longer change, each with why. */
  lockedFields: z.optional(z.record(z.string(), z.string())),
});
export type EventView = z.output<typeof eventView>;

/** An event with the caller's place in it (the list, the page). */
export const memberEvent = z.extend(eventView, {
  joined: z.boolean(),
  removed: z.boolean(),
  portfolioId: z.nullable(z.string()),
  rank: z.nullable(int),
});
export type MemberEvent = z.output<typeof memberEvent>;

export const eventsPage = pageOf(memberEvent);

export const eventDetail = z.extend(memberEvent, {
  teams: teamSizes,
  /** A class contest's class; null for other events. */
  classId: z.nullable(z.string()),
  lesson: z.nullable(z.object({ id: z.string(), title: z.string(), href: z.string(), passed: z.boolean() })),
  /** Admins, the organiser, a class contest's teachers: they open everyone's report card. */
  manages: z.boolean(),
});
export type EventDetail = z.output<typeof eventDetail>;

export const standingItem = z.object({
  /** Shared with everyone tied on the board's figures (decision 053). */
  rank: int,
  /** How many share the rank (1 = alone). */
  tied: int,
  name: z.string(),
  equity: decimal,
  totalReturn: z.nullable(decimal),
  sharpe: z.nullable(decimal),
  trades: int,
  joinedAt: instant,
  you: z.boolean(),
  /** The row's report card, for the event's managers once the board is final; null otherwise. */
  reportCard: z.nullable(z.string()),
});
export type StandingItem = z.output<typeof standingItem>;

/**
 * GET /api/events/{slug}/standings: one page of the board (by place, ties sharing a rank) and
 * the viewer's own row wherever it is, so an event of 100,000 is not sent whole to every page
 * that shows it.
 */
export const standingsView = z.object({
  frozen: z.boolean(),
  metric: eventMetric,
  computedAt: z.nullable(instant),
  /** The page's rows, in board order. */
  items: z.array(standingItem),
  /** Rows on the whole board. */
  total: int,
  page: int,
  pageSize: int,
  pages: int,
  /** The viewer's own row and the page it is on; null when the viewer is not on the board. */
  own: z.nullable(z.extend(standingItem, { page: int })),
});
export type StandingsView = z.output<typeof standingsView>;

/** GET /api/events/{slug}/replay: a replay event's clock and prices now. */
export const replayView = z.object({
  phase: z.enum(["before", "running", "ended"]),
  tradingDay: day,
  day: int,
  days: int,
  instruments: z.array(z.object({ symbol: z.string(), name: z.string(), sector: z.string(), price: z.nullable(decimal), previousClose: z.nullable(decimal) })),
  /** The datasets' dividends and splits the event plays (docs/decisions/063). */
  actions: z.array(
    z.object({
      symbol: z.string(),
      kind: z.enum(["dividend", "split"]),
      exDate: day,
      day: int,
      amount: z.optional(decimal),
      payDate: z.optional(day),
      ratio: z.optional(z.string()),
      applied: z.boolean(),
    }),
  ),
  at: instant,
});
export type ReplayView = z.output<typeof replayView>;

export const joinAnswer = z.object({ portfolioId: z.string(), joined: z.boolean(), created: z.boolean(), slug: z.string() });
/** The event a join code opens (POST /api/join-codes): the browser then opens `/events/{slug}?code=`; `code` as `ABCD-EFGH`. */
export const joinCodeAnswer = z.object({ slug: z.string(), title: z.string(), code: z.string() });

export const teamsView = z.object({
  teams: teamSizes,
  myTeam: z.nullable(z.string()),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** First name + initial. */
      members: z.array(z.string()),
      size: int,
      /** Admins and the class's teacher only; null for others. */
      memberIds: z.nullable(z.array(z.string())),
      mine: z.boolean(),
      /** Its members, admins and the class's teacher only. */
      code: z.nullable(z.string()),
    }),
  ),
});
export type TeamsView = z.output<typeof teamsView>;

/** A new team (also a class contest's team a teacher forms). */
export const teamCreated = z.object({ id: z.string(), name: z.string(), code: z.string(), portfolioId: z.string() });
export const teamJoined = z.object({ id: z.string(), name: z.string(), joined: z.boolean() });

/** A range's figures (the portfolio's performance panel's): the report card's and the class dashboard's. */
export { rangeFigures };
export type RangeFigures = z.output<typeof rangeFigures>;

const cardEvent = z.object({ slug: z.string(), title: z.string(), startsAt: instant, endsAt: instant, metric: eventMetric });

/** GET /api/events/{slug}/report-card (features/events/server/report-card.ts). */
export const reportCardTrade = z.object({
  order: orderAnswer,
  fills: z.array(fillAnswer),
  /** Realised P&L of a closing trade (a sell or a cover); null for one that opened or grew a position. */
  realisedPnl: z.nullable(decimal),
});
export type ReportCardTrade = z.output<typeof reportCardTrade>;

export const reportCardView = z.object({
  event: cardEvent,
  /** `team`: the team whose portfolio this is, in a team event (its members share one card). */
  participant: z.object({ id: z.string(), name: z.string(), team: z.nullable(z.string()), removed: z.boolean(), you: z.boolean() }),
  rank: z.nullable(int),
  startingCash: decimal,
  finalEquity: decimal,
  benchmark: benchmarkAnswer,
  /** The performance panel's figures over the event's window. */
  metrics: rangeFigures,
  points: z.array(performancePoint),
  holdings: z.array(holdingAnswer),
  diversification: z.array(z.object({ day, holdings: int, largestShare: z.nullable(decimal) })),
  trades: z.array(reportCardTrade),
  journalEntries: int,
  best: z.nullable(reportCardTrade),
  worst: z.nullable(reportCardTrade),
  lessons: z.array(z.object({ lessonId: z.string(), title: z.string(), course: z.string(), passedAt: instant, bestScore: z.nullable(decimal) })),
});
export type ReportCardView = z.output<typeof reportCardView>;

/** GET /api/events/{slug}/report-cards: every card of an ended event, for its managers. */
export const reportCardIndexView = z.object({
  event: cardEvent,
  items: z.array(z.object({ rank: int, tied: int, name: z.string(), userId: z.string(), href: z.nullable(z.string()) })),
});
export type ReportCardIndexView = z.output<typeof reportCardIndexView>;

// ── Admin answers (issue 24 §1) ──

/** GET /api/admin/events: every event, archived ones included, as an admin sees it (join code, locked fields). */
export const adminEventsPage = pageOf(eventView);

/** GET /api/admin/events/{slug}, POST …/archive: the event. */
export const adminEventAnswer = z.object({ event: eventView });

/** PATCH /api/admin/events/{slug}: the changed event and its slug. */
export const eventUpdated = z.object({ event: eventView, slug: z.string() });

/** POST /api/admin/events and POST …/clone: the new event; `joinCode` (formatted) when it is private. */
export const eventCreated = z.object({ event: eventView, slug: z.string(), joinCode: z.optional(z.string()) });

/** POST /api/admin/events/{slug}/join-code: the new code, formatted; the old one stops working. */
export const joinCodeIssued = z.object({ slug: z.string(), joinCode: z.string() });

/** DELETE /api/admin/events/{slug}/participants/{userId}: when they were removed (the first time, if again). */
export const participantRemoved = z.object({ removed: z.literal(true), userId: z.string(), at: instant });

/** A row of the participants table (features/events/server/admin.ts `listParticipants`). */
export const participantRow = z.object({
  userId: z.string(),
  name: z.nullable(z.string()),
  /** The email, or a roster account's username. */
  email: z.string(),
  portfolioId: z.string(),
  joinedAt: instant,
  removedAt: z.nullable(instant),
  disqualifiedAt: z.nullable(instant),
  disqualifiedReason: z.nullable(z.string()),
  /** The rank shared on the live board (refreshed every few seconds) or in the frozen standings; null off the board (not ranked yet, removed, disqualified). */
  rank: z.nullable(int),
  equity: decimal,
  totalReturn: z.nullable(decimal),
  sharpe: z.nullable(decimal),
  trades: int,
});
export type ParticipantRow = z.output<typeof participantRow>;

/** GET /api/admin/events/{slug}/participants: a page, by rank, those not ranked yet and then removed and disqualified people last. */
export const participantsAnswer = z.object({ items: z.array(participantRow), total: int, page: int, pageSize: int, pages: int, frozen: z.boolean() });

/** GET /api/admin/events/{slug}/standings.csv: a text/csv attachment the route writes itself (documented, not checked). */
export const standingsCsv = z.string();
