/**
 * The events API's answers as the browser sees them: the types of the routes' own answer
 * schemas (../types.ts, docs/decisions/071), not copies.
 */
export type { EventDetail, EventPhase, EventView, MemberEvent, ParticipantRow, ReplayView, ReportCardIndexView, ReportCardTrade, ReportCardView, StandingItem, StandingsView, TeamsView } from "../types";
