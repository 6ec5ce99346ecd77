import Link from "next/link";
import { Card, RoleBadge, useTimeFormat } from "@/components/ui";
import { VerifyEmailBanner } from "@/features/account/components";
import type { LearnerSummary } from "@/features/learn/components";
import { integer, money, percent as percentText } from "@/lib/format";
import type { Role } from "@/lib/roles";
import styles from "./dashboard.module.css";

export interface DashboardProps {
  /** `email` is null for a roster account (made by a teacher for a class), which signs in with `username`. */
  user: { name: string; email: string | null; username: string | null; roster: boolean; role: Role; emailVerified: boolean; timeZone: string | null; memberSince: string };
  adminStats: { people: number; admins: number; disabled: number } | null;
  learning: LearnerSummary;
  portfolio: { equity: string; dayChange: string; totalReturn: string | null; cash: string; holdings: number } | null;
  /** The person's places on the practice (all time, today) and XP boards; absent before the first refresh. */
  ranks?: Array<{ board: "practice:all" | "practice:day" | "xp:all"; rank: number | null; total: number; value: string | null }>;
}

const RANK_LINKS = {
  "practice:all": { label: "Practice, all time", href: "/ranking?board=practice&period=all" },
  "practice:day": { label: "Practice, today", href: "/ranking?board=practice&period=day" },
  "xp:all": { label: "Learning XP", href: "/ranking?board=xp&period=all" },
} as const;

function RanksCard({ ranks }: { ranks: NonNullable<DashboardProps["ranks"]> }) {
  return (
    <Card title="Your ranks">
      <ul className={styles.ranks}>
        {ranks.map((r) => (
          <li key={r.board}>
            <Link href={RANK_LINKS[r.board].href}>{RANK_LINKS[r.board].label}</Link>
            <span>
              {r.rank === null ? (
                <span className="muted">{r.board === "xp:all" ? "no XP yet" : "not ranked yet"}</span>
              ) : (
                <>
                  <strong>#{integer(r.rank)}</strong> <span className="muted">of {integer(r.total)}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Link href="/ranking">All leaderboards</Link>
    </Card>
  );
}

function ClassCard() {
  return (
    <Card title="Your class">
      <p>Your teacher made this account for your class. Your results stay inside the class: you are not on the public leaderboards.</p>
      <Link href="/classes">Open your class</Link>
    </Card>
  );
}

function Change({ value, percent }: { value: string | null; percent?: boolean }) {
  const n = Number(value ?? 0);
  const tone = Math.abs(n) < (percent ? 0.00005 : 0.005) ? "flat" : n > 0 ? "up" : "down";
  const text = percent ? percentText(value ?? "0") : money(value ?? "0", { signed: true });
  return (
    <span className={styles[tone]}>
      <span aria-hidden="true">{tone === "up" ? "▲ " : tone === "down" ? "▼ " : ""}</span>
      {text}
      <span className="visually-hidden"> ({tone === "up" ? "gain" : tone === "down" ? "loss" : "no change"})</span>
    </span>
  );
}

export function Dashboard({ user, adminStats, learning, portfolio, ranks }: DashboardProps) {
  const { date } = useTimeFormat();
  const nextSteps: Array<{ done: boolean; text: string; href: string; cta: string }> = [
    ...(user.email ? [{ done: user.emailVerified, text: "Confirm your email address so you can always get back into your account.", href: "/settings#email", cta: "Email settings" }] : []),
    { done: Boolean(user.timeZone), text: "Set your time zone so streaks and daily results follow your own day.", href: "/settings#profile", cta: "Set time zone" },
  ];
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <h1>Welcome, {user.name}</h1>
        <p className="muted">
          Signed in as {user.email ?? user.username} · <RoleBadge role={user.role} /> · member since {date(user.memberSince)}
        </p>
        {user.email && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
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
      {portfolio && (
        <Card title="Practice portfolio">
          <p className={styles.figures}>
            <strong>{money(portfolio.equity)}</strong> equity
          </p>
          <p>
            Today <Change value={portfolio.dayChange} />
            <br />
            Total return <Change value={portfolio.totalReturn} percent />
          </p>
          <p className="muted">
            {portfolio.holdings === 0 ? "No holdings yet" : `${portfolio.holdings} holding${portfolio.holdings === 1 ? "" : "s"}`} · {money(portfolio.cash)} cash
          </p>
          <Link href="/portfolio">Open your portfolio</Link>
        </Card>
      )}
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
      {/* A roster account is never on the global boards: its place is its class. */}
      {user.roster ? <ClassCard /> : ranks && <RanksCard ranks={ranks} />}
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
