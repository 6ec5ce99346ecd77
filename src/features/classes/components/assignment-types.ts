/**
 * The assignments API's answers as the class page uses them: the types of the routes' own
 * answer schemas (../types.ts, docs/decisions/071), not copies.
 */
export type {
  AssignmentProgress,
  AssignmentsAnswer,
  AssignmentTask,
  GradebookAnswer,
  GradebookCell,
  LessonChoice,
  ScoreOverride,
  StudentAssignment,
  TaskProgress,
  TeacherAssignment,
} from "../types";
