/** The events feature's server surface: what pages, API routes and the scheduler call. */
export { classContestIds, classContests, classReportCards, getEventFor, listEventsFor, myEvents, MY_ENDED_EVENTS_DAYS, replayFor, serializeEvent, standingsFor, type ClassContest, type EventDetail, type EventView, type MyEvent } from "./server/queries";
export { enrolParticipants, findEventByCode, joinEvent } from "./server/joining";
export { createTeam, formRandomTeams, formTeam, joinTeam, teamsFor } from "./server/teams";
export {
  adminGetEvent,
  adminListEvents,
  archiveEvent,
  cloneEvent,
  createEvent,
  lessonChoices,
  listParticipants,
  regenerateJoinCode,
  removeParticipant,
  standingsCsv,
  updateEvent,
} from "./server/admin";
export { finalizeDueEvents, finalizeEvent } from "./server/lifecycle";
export { disqualifyParticipant } from "./server/disqualify";
export { advanceReplay, advanceReplays, REPLAY_EVERY_MS, replayDayBoundaries, replayStatusOf, type ReplayDayBoundary, type ReplayStatus } from "./server/replay";
export { eventStandingsOf, handleSalt, rankOf, storeSharedRanks, type Standings } from "./server/standings";
export { cloneEventInput, createEventInput, createTeamInput, joinTeamInput, findEventByCodeInput, joinEventInput, updateEventInput } from "./server/schemas";

/** How often the lifecycle task looks for events whose end has passed. */
export const EVENT_LIFECYCLE_EVERY_MS = 1000;
export { eventsTradingPort } from "./server/trading-port";
export { eventsPersonalData } from "./server/personal-data";
export { reportCardFor, reportCardIndex, type ReportCard, type ReportCardIndex } from "./server/report-card";
export { managesEvent, reportCardHref } from "./server/managers";
export { boardParticipantsSql, finalStandingsSql, participantPortfoliosSql } from "./server/participants-sql";
