import type { RiskFigureWire } from "@/features/portfolio/components";
/** The classes API's answers as the pages use them (features/classes/server/classes.ts makes them). */
import type { Fill, Order, Page, Summary } from "@/features/portfolio/components";

export type ClassStanding = "teacher" | "student" | "admin";

export interface ClassListItem {
  id: string;
  name: string;
  startsOn: string | null;
  endsOn: string | null;
  role: ClassStanding;
  teachers: string[];
  students: number;
}

/** A class contest as the class page lists it (features/events classContests). */
export interface ClassContest {
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string;
  status: "upcoming" | "live" | "ended" | "archived";
  metric: "return" | "sharpe";
  /** A team contest's sizes; null when everyone trades alone. */
  teams: { min: number; max: number } | null;
  /** People in it, not board rows: a team of three counts three. */
  participants: number;
  /** A team contest's number of teams; null when everyone trades alone. */
  teamCount: number | null;
  joined: boolean;
  /** Ended, its final standings written: the report cards are ready. */
  finalized: boolean;
  /** The teacher's view: students of the class not in it yet (0: everyone is in); null for a student. */
  studentsOut: number | null;
}

export interface RosterStudent {
  id: string;
  name: string;
  /** Only for roster accounts this class made. */
  username: string | null;
  roster: boolean;
  joinedAt: string;
  /** Their report cards in the class's ended contests, newest contest first. */
  reportCards: Array<{ slug: string; title: string; href: string }>;
}

export interface TeacherClassView {
  view: "teacher";
  id: string;
  name: string;
  startsOn: string | null;
  endsOn: string | null;
  role: ClassStanding;
  teachers: Array<{ name: string }>;
  joinCode: string;
  inviteUrl: string;
  createdAt: string;
  students: RosterStudent[];
  contests: ClassContest[];
}

export interface StudentClassView {
  view: "student";
  id: string;
  name: string;
  startsOn: string | null;
  endsOn: string | null;
  role: "student";
  teachers: Array<{ name: string }>;
  /** First name + initial, never more. */
  classmates: string[];
  contests: ClassContest[];
}

export type ClassView = TeacherClassView | StudentClassView;

/** A new roster account as POST …/roster answers it: the password is shown this once. */
export interface LoginCard {
  id: string;
  name: string;
  username: string;
  password: string;
}

/** A range's figures as the API sends them (features/portfolio `rangeMetrics`): ratios as "0.0523". */
export interface RangeFigures {
  totalReturn: string | null;
  benchmarkReturn: string | null;
  maxDrawdown: string | null;
  volatility: string | null;
  sharpe: string | null;
  beta: string | null;
  alpha: string | null;
  /** Each risk figure with its bound, or why it is absent (decision 053). */
  risk: Record<"volatility" | "sharpe" | "beta" | "alpha", RiskFigureWire>;
  observations: number;
  minObservations: number;
}

/** GET /api/classes/{id}/dashboard, a student's row. */
export interface DashboardStudent {
  id: string;
  name: string;
  lastActivityAt: string | null;
  tradesThisWeek: number;
  lessonsPassed: number;
  journalEntries: number;
  practice: { equity: string; metrics: RangeFigures } | null;
}

export interface ClassDashboardView {
  id: string;
  name: string;
  range: "week";
  weekStart: string;
  students: DashboardStudent[];
}

/** GET /api/classes/{id}/students/{studentId}: a teacher's read-only view of one student. */
export interface StudentPortfolioView {
  id: string;
  kind: string;
  /** `reportCard`: the student's report card, once the event has ended and its standings are final. */
  event: { slug: string; title: string; startsAt: string; endsAt: string; reportCard: string | null } | null;
  summary: Summary;
  orders: Page<Order>;
  fills: Page<Fill>;
}

export interface PassedLessonView {
  lessonId: string;
  title: string;
  course: string;
  passedAt: string;
  bestScore: string | null;
}

export interface StudentViewData {
  class: { id: string; name: string };
  student: { id: string; name: string };
  portfolios: StudentPortfolioView[];
  lessons: PassedLessonView[];
}
