/**
 * The home page: the practice portfolio with its last day of equity, open orders, "my events"
 * with live countdowns and ranks, today's movers, learning and ranks. A new account sees what
 * to do next in every card that would otherwise be empty
 * (docs/decisions/036-market-overview-and-dashboard.md).
 */
import Link from "next/link";
import { Badge, Card, RoleBadge, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { Sparkline } from "@/components/ui/Sparkline";
import { VerifyEmailBanner } from "@/features/account/components";
import { CountdownText, PHASE_LABEL, timeLeft, useRefreshWhenDue, useServerClock, type EventView } from "@/features/events/components";
import { Signed } from "@/components/ui/Figures";
import { barScale, ChangeBar, DaySparkline } from "@/features/market/components";
import { describeOrder, orderPrices } from "@/features/portfolio/components";
import { integer, marketDaySince, money } from "@/lib/format";
import { hasRole } from "@/lib/roles";
import type { DashboardProps, MoverView, MyEventView } from "../types";
import styles from "./dashboard.module.css";

const RANK_LINKS = {
  "practice:all": { label: "Practice, all time", href: "/ranking?board=practice&period=all" },
  "practice:day": { label: "Practice, today", href: "/ranking?board=practice&period=day" },
  "xp:all": { label: "Learning XP", href: "/ranking?board=xp&period=all" },
} as const;

function ClassCard() {
  return (
    <Card title="Your class">
      <p>Your teacher made this account for your class. Your results stay inside the class: you are not on the public leaderboards.</p>
      <Link href="/classes">Open your class</Link>
    </Card>
  );
}

/** The open assignments of the person's classes, soonest due first, with how far they are (the server's progress). */
function AssignmentsCard({ assignments }: { assignments: DashboardProps["assignments"] }) {
  const { dateTime, timeZone } = useTimeFormat();
  return (
    <Card title="Assignments">
      {assignments.items.length === 0 ? (
        <p>No open assignments right now. When your teacher sets one, it appears here with its due date.</p>
      ) : (
        <ul className={styles.list} aria-label="Open assignments">
          {assignments.items.map((a) => {
            const done = a.tasksDone === a.tasksTotal;
            return (
              <li key={a.id}>
                <span className={styles.eventTitle}>
                  <Link href={`/classes/${a.classId}`}>{a.title}</Link> {done && <Badge tone="success">Done</Badge>}
                </span>
                <span className={styles.meta}>
                  {a.className} · due {dateTime(a.dueAt)} ({timeZone})
                </span>
                <span className={styles.progress}>
                  <progress value={a.tasksDone} max={a.tasksTotal} aria-label={`${a.title}: ${a.tasksDone} of ${a.tasksTotal} tasks done`} />
                  <span>
                    {integer(a.tasksDone)} of {integer(a.tasksTotal)} task{a.tasksTotal === 1 ? "" : "s"} done
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {assignments.total > assignments.items.length && <p className={styles.hint}>{integer(assignments.total - assignments.items.length)} more open on your class page.</p>}
      <Link href="/classes">{assignments.items.length === 1 ? "Open your class" : "Your classes"}</Link>
    </Card>
  );
}

/**
 * The teacher's path, on the first page an organiser or admin sees (issue #23 §3): from nothing
 * to a class with accounts, an assignment and a contest, in the words the class page uses.
 */
function TeachCard({ admin }: { admin: boolean }) {
  return (
    <Card title="Teach a class">
      <ol className={styles.teachSteps} aria-label="The teacher's path">
        <li>
          Create a class under <Link href="/classes">Classes</Link>.
        </li>
        <li>Paste your students&apos; names (or upload a CSV): each gets an account with a username and password, no email needed. Print the login sheet.</li>
        <li>In the class, set an assignment under Assignments, and start a contest under Contests: “Enrol everyone” puts the whole class in.</li>
        <li>Follow the class under Dashboard and Gradebook (one-click CSV). When a contest ends, each student&apos;s report card is a link under Contests and on the roster.</li>
      </ol>
      {admin && <p className="muted">To let a colleague teach, make them an organiser under Admin → People: they stay signed in, and Classes appears on their next page.</p>}
      <Link href="/classes">Open your classes</Link>
    </Card>
  );
}

function RanksCard({ ranks }: { ranks: DashboardProps["ranks"] }) {
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

/** Equity over the last day: drawn once there are a few points (a snapshot every 5 minutes) and it moved. */
function EquityCurve({ curve }: { curve: DashboardProps["portfolio"]["curve"] }) {
  const { dateTime } = useTimeFormat();
  if (curve.equity.length < 3) {
    return <p className={styles.hint}>Your equity curve draws itself here as the market runs: a point every 5 minutes.</p>;
  }
  if (curve.equity.every((e) => e === curve.equity[0])) {
    return <p className={styles.hint}>Your equity has not moved since {dateTime(curve.from)}: it moves once you hold shares.</p>;
  }
  const first = curve.equity[0]!;
  const last = curve.equity[curve.equity.length - 1]!;
  // In the neutral colour: the curve covers the last 24 hours, "Today" since 00:00 UTC, and a
  // green line next to a red "Today" would contradict itself.
  return (
    <figure className={styles.curve}>
      <Sparkline
        values={curve.equity.map(Number)}
        baseline={Number(first)}
        width={280}
        height={56}
        className={styles.curveLine}
        label={`Equity since ${dateTime(curve.from)}: from ${money(first)} to ${money(last)}`}
      />
      <figcaption>Equity since {dateTime(curve.from)}</figcaption>
    </figure>
  );
}

function PortfolioCard({ portfolio }: { portfolio: DashboardProps["portfolio"] }) {
  const { timeZone } = useTimeFormat();
  return (
    <Card title="Practice portfolio">
      <p className={styles.figures}>
        <strong>{money(portfolio.equity)}</strong> equity
      </p>
      <EquityCurve curve={portfolio.curve} />
      <p>
        Today <Signed value={portfolio.dayChange} /> <span className={styles.meta}>{marketDaySince(portfolio.dayStart, timeZone)}</span>
        Total return <Signed value={portfolio.totalReturn} kind="percent" />
      </p>
      <p className="muted">
        {portfolio.holdings === 0 ? "No holdings yet" : `${integer(portfolio.holdings)} holding${portfolio.holdings === 1 ? "" : "s"}`} · {money(portfolio.cash)} cash
      </p>
      <Link href="/portfolio">{portfolio.holdings === 0 ? "Place your first trade" : "Open your portfolio"}</Link>
    </Card>
  );
}

function OpenOrdersCard({ orders }: { orders: DashboardProps["openOrders"] }) {
  const { dateTime } = useTimeFormat();
  return (
    <Card title="Open orders">
      {orders.items.length === 0 ? (
        <>
          <p>No open orders.</p>
          <p className={styles.hint}>A limit or stop order waits here until the price reaches it; a market order fills at once. Try one from the trade ticket.</p>
          <Link href="/portfolio#trade">Go to the trade ticket</Link>
        </>
      ) : (
        <>
          <ul className={styles.list} aria-label="Open orders">
            {orders.items.map((o) => (
              <li key={o.id}>
                <strong>{describeOrder(o)}</strong>
                <span className={styles.meta}>
                  {orderPrices(o)} · {o.timeInForce === "gtc" ? "good till cancelled" : "day"} · placed {dateTime(o.createdAt)}
                </span>
              </li>
            ))}
          </ul>
          <Link href="/portfolio">{orders.total > orders.items.length ? `All ${integer(orders.total)} open orders` : "Manage them on your portfolio"}</Link>
        </>
      )}
    </Card>
  );
}

/** When an event starts or ends, in words and in the person's zone, with the ticking countdown. */
function EventClock({ event, now }: { event: EventView; now: number | null }) {
  const { dateTimeYear } = useTimeFormat();
  if (event.phase === "ended") return <span className={styles.meta}>Ended {dateTimeYear(event.endsAt)}</span>;
  const upcoming = event.phase === "upcoming";
  return (
    <span className={styles.meta}>
      {upcoming ? "Starts in" : "Ends in"} <CountdownText left={timeLeft(event.countdown, now)} className={styles.countdown} /> ·{" "}
      {dateTimeYear(upcoming ? event.startsAt : event.endsAt)}
    </span>
  );
}

function EventTitle({ event }: { event: EventView }) {
  return (
    <span className={styles.eventTitle}>
      <Link href={`/events/${event.slug}`}>{event.title}</Link> <Badge tone={event.phase === "live" ? "success" : undefined}>{PHASE_LABEL[event.status]}</Badge>
    </span>
  );
}

function RankText({ event }: { event: MyEventView }) {
  if (event.phase === "upcoming") return <span className={styles.meta}>Ranked once it starts · {integer(event.participants)} joined</span>;
  if (event.rank === null) return <span className={styles.meta}>{event.phase === "ended" ? "Not ranked" : "Ranked within a few seconds"}</span>;
  return (
    <span className={styles.rank}>
      {event.phase === "ended" ? "Final rank" : "Rank"} <strong>#{integer(event.rank)}</strong> <span className="muted">of {integer(event.ranked)}</span>
    </span>
  );
}

function EventsCard({ events, serverNow }: { events: DashboardProps["events"]; serverNow: string }) {
  const now = useServerClock(serverNow);
  const shown: EventView[] = [...events.mine, ...events.open];
  const due = shown.some((e) => {
    const left = timeLeft(e.countdown, now);
    return left !== null && left <= 0;
  });
  useRefreshWhenDue(due, serverNow);
  return (
    <Card title="My events">
      {events.mine.length > 0 ? (
        <ul className={styles.list} aria-label="My events">
          {events.mine.map((e) => (
            <li key={e.id}>
              <EventTitle event={e} />
              <EventClock event={e} now={now} />
              <RankText event={e} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p>You have not joined an event yet.</p>
          {events.open.length > 0 ? (
            <>
              <p className={styles.hint}>Contests run for a set time with their own cash and leaderboard. Open to join now:</p>
              <ul className={styles.list} aria-label="Events you can join">
                {events.open.map((e) => (
                  <li key={e.id}>
                    <EventTitle event={e} />
                    <EventClock event={e} now={now} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.hint}>No event is open right now. Organisers announce contests on the Events page; a join code from one opens a private event.</p>
          )}
        </>
      )}
      <Link href="/events">{events.mine.length > 0 ? "All events" : "Browse events"}</Link>
    </Card>
  );
}

function MoverList({ items, label, scale, start }: { items: MoverView[]; label: string; scale: number; start: string }) {
  return (
    <div>
      <h3 className={styles.subhead}>{label}</h3>
      {items.length === 0 ? (
        <p className={styles.hint}>{label === "Gainers" ? "Nothing is up today yet." : "Nothing is down today yet."}</p>
      ) : (
        <ul className={styles.movers} aria-label={`Today's ${label.toLowerCase()}`}>
          {items.map((i) => (
            <li key={i.symbol}>
              <Link href={`/portfolio/instruments/${i.symbol}`} className={styles.moverName}>
                <strong>{i.symbol}</strong>
                <span>{i.name}</span>
              </Link>
              <DaySparkline symbol={i.symbol} previousClose={i.previousClose} closes={i.closes} dayChangePct={i.dayChangePct} start={start} width={72} height={28} />
              <span className={styles.moverFigures}>
                <span className={styles.price}>{money(i.lastPrice)}</span>
                <Signed value={i.dayChangePct} kind="percent" />
                <ChangeBar fraction={i.dayChangePct} scale={scale} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MoversCard({ movers }: { movers: DashboardProps["movers"] }) {
  const scale = barScale([...movers.gainers, ...movers.losers].map((i) => i.dayChangePct));
  return (
    <Card title="Today's movers">
      <div className={styles.moverColumns}>
        <MoverList items={movers.gainers} label="Gainers" scale={scale} start={movers.start} />
        <MoverList items={movers.losers} label="Losers" scale={scale} start={movers.start} />
      </div>
      <Link href="/portfolio/market">The whole market</Link>
    </Card>
  );
}

export function Dashboard({ user, adminStats, learning, portfolio, ranks, openOrders, assignments, events, movers, serverNow }: DashboardProps) {
  const { date } = useTimeFormat();
  const nextSteps: Array<{ done: boolean; text: string; href: string; cta: string }> = [
    ...(user.email ? [{ done: user.emailVerified, text: "Confirm your email address so you can always get back into your account.", href: "/settings#email", cta: "Email settings" }] : []),
    // The streak is the one "day" that follows the person's zone; the market's day, today's change and the daily boards run from 00:00 UTC (issue #23 §4).
    { done: Boolean(user.timeZone), text: "Set your time zone so your learning streak counts your own days and every time shows in your zone.", href: "/settings#profile", cta: "Set time zone" },
  ];
  const stepsCard = (
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
  );
  const stepsLeft = nextSteps.some((s) => !s.done);
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <h1>Welcome, {user.name}</h1>
        <p className="muted">
          Signed in as {user.email ?? user.username} · <RoleBadge role={user.role} /> · member since {date(user.memberSince)}
        </p>
        {user.email && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
        <TimeZoneNote />
      </div>
      {(assignments.total > 0 || user.roster) && <AssignmentsCard assignments={assignments} />}
      {stepsLeft && stepsCard}
      {hasRole(user.role, "organiser") && !user.roster && <TeachCard admin={hasRole(user.role, "admin")} />}
      <PortfolioCard portfolio={portfolio} />
      <OpenOrdersCard orders={openOrders} />
      <EventsCard events={events} serverNow={serverNow} />
      <div className={styles.span2}>
        <MoversCard movers={movers} />
      </div>
      <Card title="Learning">
        <p className={styles.figures}>
          <strong>{integer(learning.xp)} XP</strong> · level {learning.level} · {learning.streak.current}-day streak
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
      {user.roster ? <ClassCard /> : <RanksCard ranks={ranks} />}
      {!stepsLeft && stepsCard}
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
