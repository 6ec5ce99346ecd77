/** The events feature's server surface: what pages, API routes and the scheduler call. */
export {
  adminGetEvent,
  adminListEvents,
  archiveEvent,
  classContests,
  cloneEvent,
  createEvent,
  createTeam,
  formTeam,
  joinTeam,
  teamsFor,
  enrolParticipants,
  findEventByCode,
  getEventFor,
  joinEvent,
  lessonChoices,
  listEventsFor,
  listParticipants,
  myEvents,
  MY_ENDED_EVENTS_DAYS,
  regenerateJoinCode,
  replayFor,
  removeParticipant,
  serializeEvent,
  standingsCsv,
  standingsFor,
  updateEvent,
  type ClassContest,
  type EventDetail,
  type EventView,
  type MyEvent,
} from "./server/events";
export { finalizeDueEvents, finalizeEvent } from "./server/lifecycle";
export { disqualifyParticipant } from "./server/disqualify";
export { advanceReplay, advanceReplays, REPLAY_EVERY_MS, replayDayBoundaries, replayStatusOf, type ReplayDayBoundary, type ReplayStatus } from "./server/replay";
export { eventStandingsOf, handleSalt, rankOf, type Standings } from "./server/standings";
export { cloneEventInput, createEventInput, createTeamInput, joinTeamInput, findEventByCodeInput, joinEventInput, updateEventInput } from "./server/schemas";

/** How often the lifecycle task looks for events whose end has passed. */
export const EVENT_LIFECYCLE_EVERY_MS = 1000;
export { eventsTradingPort } from "./server/trading-port";
export { eventsPersonalData } from "./server/personal-data";
export { reportCardFor, type ReportCard } from "./server/report-card";
