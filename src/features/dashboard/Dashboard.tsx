import Link from "next/link";
import { Badge, Card } from "@/components/ui";
import { VerifyEmailBanner } from "@/features/account/components/VerifyEmailBanner";
import type { LearnerSummary } from "@/features/learn/components/LearnerStats";
import styles from "./dashboard.module.css";

export interface DashboardProps {
  user: { name: string; email: string; role: "member" | "admin"; emailVerified: boolean; timeZone: string | null; memberSince: string };
  adminStats: { people: number; admins: number; disabled: number } | null;
  learning: LearnerSummary;
}

export function Dashboard({ user, adminStats, learning }: DashboardProps) {
  const nextSteps: Array<{ done: boolean; text: string; href: string; cta: string }> = [
    { done: user.emailVerified, text: "Confirm your email address so you can always get back into your account.", href: "/settings#email", cta: "Email settings" },
    { done: Boolean(user.timeZone), text: "Set your time zone so streaks and daily results follow your own day.", href: "/settings#profile", cta: "Set time zone" },
  ];
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <h1>Welcome, {user.name}</h1>
        <p className="muted">
          Signed in as {user.email} · {user.role === "admin" ? <Badge tone="admin">Admin</Badge> : <Badge>Member</Badge>} · member since{" "}
          {new Date(user.memberSince).toLocaleDateString("en", { dateStyle: "medium" })}
        </p>
        {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
      </div>
      <Card title="Next steps">
        <ul className={styles.steps}>
          {nextSteps.map((step) => (
            <li key={step.href + step.text} className={step.done ? styles.done : undefined}>
              <span aria-hidden="true">{step.done ? "✓" : "○"}</span>
              <span>
                {step.text} {step.done ? <span className="visually-hidden">(done)</span> : <Link href={step.href}>{step.cta}</Link>}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Learning">
        <p className={styles.figures}>
          <strong>{learning.xp} XP</strong> · level {learning.level} · {learning.streak.current}-day streak
        </p>
        {learning.continueWith ? (
          <p>
            {learning.continueWith.resume ? "Continue where you left off: " : "Up next: "}
            <Link href={learning.continueWith.href}>{learning.continueWith.title}</Link>
          </p>
        ) : (
          <p>You have passed every lesson. Well done!</p>
        )}
        <Link href="/learn">All courses</Link>
      </Card>
      <Card title="Your account">
        <p>Change your display name, password or sign-in methods, export your data, or sign out of every device.</p>
        <Link href="/settings">Open settings</Link>
      </Card>
      {adminStats && (
        <Card title="Organiser tools">
          <p>
            {adminStats.people} {adminStats.people === 1 ? "person" : "people"} · {adminStats.admins} admin{adminStats.admins === 1 ? "" : "s"}
            {adminStats.disabled > 0 && ` · ${adminStats.disabled} disabled`}
          </p>
          <Link href="/admin">Manage people and the audit log</Link>
        </Card>
      )}
    </div>
  );
}
