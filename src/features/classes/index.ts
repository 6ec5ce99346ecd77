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
  overrideScore,
  type AssignmentsList,
  type AssignmentView,
  type Gradebook,
  ASSIGNMENT_DUE_EVERY_MS,
  freezeDueAssignments,
} from "./server/assignments";
export { createAssignmentInput, gradebookCsvQuery, scoreOverrideInput } from "./server/schemas";
export { classContestInput, createClassInput, formTeamInput, joinClassInput, rosterInput } from "./server/schemas";
export { CLASS_CONTEST_METRIC, createClassContest, enrolClass, formClassTeam } from "./server/contests";
