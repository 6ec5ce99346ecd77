/** The classes feature's server surface: what pages and API routes call (docs/decisions/038-classes.md). */
export {
  addRoster,
  classesOverview,
  createClass,
  deleteRosterAccount,
  getClassFor,
  joinClass,
  listClassesFor,
  mayCreate,
  removeStudent,
  resetStudentPassword,
  type ClassListItem,
  type ClassView,
  type Viewer,
} from "./server/classes";
export { classesPersonalData } from "./server/personal-data";
export { classDashboard, DASHBOARD_RANGE, type ClassDashboard, type DashboardStudent } from "./server/dashboard";
export { studentView, STUDENT_VIEW_HISTORY, type StudentView } from "./server/student-view";
export {
  clearScoreOverride,
  createAssignment,
  gradebookCsv,
  gradebookView,
  listAssignments,
  openAssignmentsFor,
  OPEN_ASSIGNMENTS_SHOWN,
  overrideScore,
  type AssignmentsList,
  type AssignmentView,
  type Gradebook,
  type OpenAssignments,
  ASSIGNMENT_DUE_EVERY_MS,
  freezeDueAssignments,
} from "./server/assignments";
export { createAssignmentInput, gradebookCsvQuery, scoreOverrideInput } from "./server/schemas";
export { classContestInput, createClassInput, formTeamInput, joinClassInput, randomTeamsInput, rosterInput } from "./server/schemas";
export { CLASS_CONTEST_METRIC, createClassContest, enrolClass, formClassTeam, randomClassTeams } from "./server/contests";
