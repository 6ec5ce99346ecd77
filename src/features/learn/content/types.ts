/**
 * The shape of the curriculum that ships with Tickerlab. Loaded into the database on first
 * start (insert-if-missing); after that the database is the truth and admins edit it there.
 */
export interface SeedOption {
  text: string;
  correct: boolean;
  /** Shown after an attempt: why this answer is right or wrong. */
  explanation: string;
}

export interface SeedQuestion {
  prompt: string;
  /** 2–6 options; one or several are correct. */
  options: SeedOption[];
}

export interface SeedLesson {
  /** Unique across all courses, kebab-case. */
  slug: string;
  title: string;
  /** Markdown: headings (##), paragraphs, lists, **bold**, tables; no raw HTML, no images. */
  body: string;
  /** A trading feature that passing this lesson unlocks. */
  unlocks?: "short-selling" | "advanced-orders";
  questions: SeedQuestion[];
}

export interface SeedCourse {
  slug: string;
  title: string;
  summary: string;
  lessons: SeedLesson[];
}
