import { integer } from "@/lib/format";
import styles from "./learn.module.css";

export interface LearnerSummary {
  xp: number;
  level: number;
  xpIntoLevel: number;
  xpForNextLevel: number;
  streak: { current: number; longest: number; activeToday: boolean };
  continueWith: { lessonId: string; title: string; courseTitle: string; resume: boolean; href: string } | null;
}

export function LearnerStats({ summary }: { summary: LearnerSummary }) {
  const progress = Math.round((summary.xpIntoLevel / summary.xpForNextLevel) * 100);
  return (
    <div className={styles.stats}>
      <div className={styles.stat}>
        <div className={styles.statValue}>{integer(summary.xp)} XP</div>
        <div className={styles.statLabel}>earned by reading and passing quizzes</div>
      </div>
      <div className={styles.stat}>
        <div className={styles.statValue}>Level {summary.level}</div>
        <div className={styles.statLabel}>
          {integer(summary.xpForNextLevel - summary.xpIntoLevel)} XP to level {summary.level + 1}
        </div>
        <div className={styles.bar} role="progressbar" aria-label="Progress to the next level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <div className={styles.barFill} style={{ width: `${progress}%` }} />
        </div>
      </div>
      <div className={styles.stat}>
        <div className={styles.statValue}>
          {summary.streak.current} day{summary.streak.current === 1 ? "" : "s"}
        </div>
        <div className={styles.statLabel}>
          streak{summary.streak.current > 0 && !summary.streak.activeToday ? " — learn something today to keep it" : ""}
          {summary.streak.longest > summary.streak.current ? ` · best ${summary.streak.longest}` : ""}
        </div>
      </div>
    </div>
  );
}
