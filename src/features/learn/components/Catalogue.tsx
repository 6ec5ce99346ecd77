import Link from "next/link";
import { buttonClass } from "@/components/ui";
import { LearnerStats, type LearnerSummary } from "./LearnerStats";
import styles from "./learn.module.css";
// The route's own answer (../types; decision 071).
import type { CatalogueCourse } from "../types";

export type { CatalogueCourse };

export function Catalogue({ courses, summary }: { courses: CatalogueCourse[]; summary: LearnerSummary }) {
  return (
    <>
      <h1>Learn</h1>
      <p className="muted">Short lessons, each with a quiz that explains every answer. Passing some lessons unlocks trading features.</p>
      <LearnerStats summary={summary} />
      {summary.continueWith && (
        <div className={styles.continue}>
          <div>
            <div className="muted">{summary.continueWith.resume ? "Continue where you left off" : "Up next"}</div>
            <strong>{summary.continueWith.title}</strong> <span className="muted">· {summary.continueWith.courseTitle}</span>
          </div>
          <Link className={buttonClass()} href={summary.continueWith.href}>
            {summary.continueWith.resume ? "Continue" : "Start"}
          </Link>
        </div>
      )}
      {courses.length === 0 ? (
        <p>No courses are published yet.</p>
      ) : (
        <div className={styles.courses}>
          {courses.map((c) => {
            const percent = c.lessonCount ? Math.round((c.passedCount / c.lessonCount) * 100) : 0;
            return (
              <Link key={c.slug} href={`/learn/${c.slug}`} className={styles.courseCard}>
                <h2>{c.title}</h2>
                <p className="muted" style={{ margin: 0 }}>
                  {c.summary}
                </p>
                <div style={{ marginTop: "auto" }}>
                  <div className="muted" style={{ fontSize: "0.9rem" }}>
                    {c.passedCount} of {c.lessonCount} lessons passed · {c.readCount} read
                  </div>
                  <div className={styles.bar} role="progressbar" aria-label={`${c.title}: lessons passed`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                    <div className={styles.barFill} style={{ width: `${percent}%` }} />
                  </div>
                </div>
              </Link>
            );
          })}
        </div>
      )}
    </>
  );
}
