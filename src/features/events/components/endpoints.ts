/** The routes this feature's pages call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const eventEndpoints = {
  list: endpoint("GET", "/api/events", "eventsPage"),
  detail: endpoint("GET", "/api/events/{slug}", "eventDetail"),
  join: endpoint("POST", "/api/events/{slug}/join", "joinAnswer"),
  joinCode: endpoint("POST", "/api/join-codes", "joinCodeAnswer"),
  replay: endpoint("GET", "/api/events/{slug}/replay", "replayView"),
  reportCard: endpoint("GET", "/api/events/{slug}/report-card", "reportCardView"),
  reportCards: endpoint("GET", "/api/events/{slug}/report-cards", "reportCardIndexView"),
  standings: endpoint("GET", "/api/events/{slug}/standings", "standingsView"),
  teams: endpoint("GET", "/api/events/{slug}/teams", "teamsView"),
  foundTeam: endpoint("POST", "/api/events/{slug}/teams", "teamCreated"),
  joinTeam: endpoint("POST", "/api/events/{slug}/teams/join", "teamJoined"),
  // Administration (issue 24 §1)
  adminList: endpoint("GET", "/api/admin/events", "adminEventsPage"),
  adminCreate: endpoint("POST", "/api/admin/events", "eventCreated"),
  adminDetail: endpoint("GET", "/api/admin/events/{slug}", "adminEventAnswer"),
  adminUpdate: endpoint("PATCH", "/api/admin/events/{slug}", "eventUpdated"),
  adminClone: endpoint("POST", "/api/admin/events/{slug}/clone", "eventCreated"),
  adminParticipants: endpoint("GET", "/api/admin/events/{slug}/participants", "participantsAnswer"),
};
