/**
 * The events API's answers as the browser sees them: the types of the routes' own answer
 * schemas (../types.ts, docs/decisions/071), not copies. ParticipantRow is an admin route's
 * answer, not converted yet (tests/unit/answer-schemas.test.ts lists it).
 */
export type { EventDetail, EventPhase, EventView, MemberEvent, ReplayView, ReportCardIndexView, ReportCardTrade, ReportCardView, StandingItem, StandingsView, TeamsView } from "../types";

export interface ParticipantRow {
  userId: string;
  name: string | null;
  email: string;
  portfolioId: string;
  joinedAt: string;
  removedAt: string | null;
  rank: number | null;
  equity: string;
  totalReturn: string | null;
  sharpe: string | null;
  trades: number;
}
