/** The assignments API's answers as the class page uses them (features/classes/server/assignments.ts makes them). */
import type { AssignmentProgress, AssignmentTask, TaskProgress } from "@/domain/classes/assignments";

export type { AssignmentProgress, AssignmentTask, TaskProgress };

export interface ScoreOverride {
  score: number;
  comment: string;
  at: string;
  by?: string | null;
}

interface AssignmentBase {
  id: string;
  title: string;
  instructions: string;
  startsAt: string;
  dueAt: string;
  tasks: AssignmentTask[];
  createdAt: string;
  open: boolean;
}

export interface TeacherAssignment extends AssignmentBase {
  students: number;
  completed: number;
}

export interface StudentAssignment extends AssignmentBase {
  progress: AssignmentProgress;
  override: ScoreOverride | null;
  score: number;
}

export interface LessonChoice {
  id: string;
  title: string;
  course: string;
}

export type AssignmentsAnswer = { view: "teacher"; lessons: LessonChoice[]; items: TeacherAssignment[] } | { view: "student"; lessons: Array<{ id: string; title: string }>; items: StudentAssignment[] };

export interface GradebookCell {
  assignmentId: string;
  done: number;
  of: number;
  late: boolean;
  computedScore: number;
  override: ScoreOverride | null;
  score: number;
  tasks: TaskProgress[];
}

export interface GradebookAnswer {
  class: { id: string; name: string };
  assignments: Array<{ id: string; title: string; dueAt: string; tasks: number }>;
  students: Array<{ id: string; name: string; cells: GradebookCell[] }>;
}
