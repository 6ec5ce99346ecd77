import Link from "next/link";
import { Badge, Card } from "@/components/ui";
import { withUnit } from "@/lib/format";
import styles from "./learn.module.css";
import type { CourseAnswer } from "../types";

/** GET /api/courses/{slug}'s answer (the route's own schema, decision 071), less the best scores the overview does not show. */
export interface CourseView extends Omit<CourseAnswer, "lessons"> {
  lessons: Array<Omit<CourseAnswer["lessons"][number], "bestScore">>;
}

const STATUS = {
  "not-started": { label: "Not started", tone: undefined },
  read: { label: "Read", tone: "admin" },
  passed: { label: "Passed", tone: "success" },
} as const;

export function CourseOverview({ course }: { course: CourseView }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link href="/learn">Learn</Link> / {course.title}
      </nav>
      <h1>{course.title}</h1>
      <p className="muted">{course.summary}</p>
      <Card>
        {course.lessons.length === 0 ? (
          <p>This course has no published lessons yet.</p>
        ) : (
          <ol className={styles.lessonList}>
            {course.lessons.map((l, i) => (
              <li key={l.id}>
                <span className={`${styles.lessonNumber} ${l.status === "passed" ? styles.lessonNumberDone : ""}`} aria-hidden="true">
                  {l.status === "passed" ? "✓" : i + 1}
                </span>
                <div className={styles.lessonMain}>
                  <Link href={`/learn/${course.slug}/${l.slug}`}>{l.title}</Link>
                  <div className="muted" style={{ fontSize: "0.88rem" }}>
                    {withUnit(l.minutes, "min")} read
                  </div>
                </div>
                <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
