/**
 * The classes API's answers as the pages use them: the types of the routes' own answer
 * schemas (../types.ts, docs/decisions/071), not copies.
 */
export type {
  ClassContest,
  ClassDashboardView,
  ClassListItem,
  ClassStanding,
  ClassView,
  DashboardStudent,
  LoginCard,
  PassedLessonView,
  RangeFigures,
  RosterStudent,
  StudentClassView,
  StudentPortfolioView,
  StudentViewData,
  TeacherClassView,
} from "../types";
