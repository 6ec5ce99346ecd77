/** The classes feature's browser surface (docs/decisions/038-classes.md). */
export { ClassesList, type ClassesListProps } from "./ClassesList";
export { ClassPage, type ClassPageProps } from "./ClassPage";
export { StudentView } from "./StudentView";
export { JoinClass } from "./JoinClass";
export { LoginSheet, loginSheetCsv } from "./LoginSheet";
export type { ClassListItem, ClassView, LoginCard, StudentViewData } from "./types";
export { ClassAssignments, taskLabel } from "./Assignments";
export { Gradebook } from "./Gradebook";
