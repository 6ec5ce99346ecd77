/** The routes this feature's pages call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const classEndpoints = {
  list: endpoint("GET", "/api/classes", "classesPage"),
  create: endpoint("POST", "/api/classes", "classCreated"),
  join: endpoint("POST", "/api/classes/join", "classJoined"),
  detail: endpoint("GET", "/api/classes/{id}", "classView"),
  dashboard: endpoint("GET", "/api/classes/{id}/dashboard", "classDashboardView"),
  roster: endpoint("POST", "/api/classes/{id}/roster", "rosterAdded"),
  removeStudent: endpoint("DELETE", "/api/classes/{id}/students/{studentId}", "noContent"),
  deleteAccount: endpoint("DELETE", "/api/classes/{id}/students/{studentId}/account", "noContent"),
  newPassword: endpoint("POST", "/api/classes/{id}/students/{studentId}/password", "newPassword"),
  assignments: endpoint("GET", "/api/classes/{id}/assignments", "assignmentsAnswer"),
  createAssignment: endpoint("POST", "/api/classes/{id}/assignments", "assignmentView"),
  overrideScore: endpoint("PUT", "/api/classes/{id}/assignments/{assignmentId}/scores/{studentId}", "scoreOverridden"),
  clearOverride: endpoint("DELETE", "/api/classes/{id}/assignments/{assignmentId}/scores/{studentId}", "noContent"),
  gradebook: endpoint("GET", "/api/classes/{id}/gradebook", "gradebookAnswer"),
  createContest: endpoint("POST", "/api/classes/{id}/contests", "classContestCreated"),
  enrol: endpoint("POST", "/api/classes/{id}/contests/{slug}/enrol", "classEnrolled"),
  randomTeams: endpoint("POST", "/api/classes/{id}/contests/{slug}/random-teams", "randomTeams"),
  formTeam: endpoint("POST", "/api/classes/{id}/contests/{slug}/teams", "teamCreated"),
};
