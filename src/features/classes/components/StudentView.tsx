/**
 * /classes/[id]/students/[studentId]: a teacher's read-only view of one student — each of
 * their portfolios (figures, holdings, orders with their journal notes, fills) and the
 * lessons they passed. Nothing here changes anything; the tables are the portfolio page's own.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { Signed } from "@/components/ui/Figures";
import { Holdings, OrderHistoryTable } from "@/features/portfolio/components";
import { integer, money, percent } from "@/lib/format";
import type { StudentPortfolioView, StudentViewData } from "./types";
import styles from "./classes.module.css";

/**
 * `corrections`: what goes under each portfolio's orders — the page composes the corrections
 * feature's panel there (decision 074: classes does not import corrections, which imports the
 * portfolio's tables).
 */
export function StudentView({ view, corrections }: { view: StudentViewData; corrections?: (portfolio: { id: string; studentName: string }) => ReactNode }) {
  const { date } = useTimeFormat();
  return (
    <div className={styles.sections}>
      <div className={styles.head}>
        <p className={styles.meta}>
          <Link href={`/classes/${view.class.id}`}>← {view.class.name}</Link>
        </p>
        <h1>{view.student.name || "Student"}</h1>
        <p className={styles.meta}>What this student sees on their own pages. Only a correction, with its reason, changes their portfolio.</p>
      </div>
      <TimeZoneNote />
      {view.portfolios.length === 0 && (
        <Card title="Portfolio">
          <p className={styles.meta}>This student has not opened their practice portfolio yet.</p>
        </Card>
      )}
      {view.portfolios.map((p) => (
        <PortfolioSection key={p.id} portfolio={p} studentName={view.student.name || "This student"} corrections={corrections} />
      ))}
      <Card title={`Lessons passed (${integer(view.lessons.length)})`}>
        {view.lessons.length === 0 ? (
          <p className={styles.meta}>No lessons passed yet.</p>
        ) : (
          <DataTable caption="Lessons passed" density="compact">
            <thead>
              <tr>
                <th scope="col">Lesson</th>
                <th scope="col">Course</th>
                <th scope="col">Passed</th>
                <th scope="col" className={numeric}>
                  Best score
                </th>
              </tr>
            </thead>
            <tbody>
              {view.lessons.map((l) => (
                <tr key={l.lessonId}>
                  <th scope="row">{l.title}</th>
                  <td>{l.course}</td>
                  <td>{date(l.passedAt)}</td>
                  <td className={numeric}>{l.bestScore === null ? "—" : percent(l.bestScore, { signed: false, digits: 0 })}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Card>
    </div>
  );
}

function PortfolioSection({ portfolio: p, studentName, corrections }: { portfolio: StudentPortfolioView; studentName: string; corrections?: (portfolio: { id: string; studentName: string }) => ReactNode }) {
  const title = p.event ? `Event: ${p.event.title}` : "Practice portfolio";
  const s = p.summary;
  const more = (shown: number, total: number) => (total > shown ? <p className={styles.meta}>The latest {integer(shown)} of {integer(total)}.</p> : null);
  return (
    <section aria-label={title} className={styles.sections}>
      <Card title={title}>
        {p.event && (
          <p className={styles.meta}>
            <Link href={`/events/${p.event.slug}`}>Event page</Link>
            {p.event.reportCard && (
              <>
                {" · "}
                <Link href={p.event.reportCard}>{studentName}&apos;s report card</Link>
              </>
            )}
          </p>
        )}
        <dl className={styles.figures}>
          <div>
            <dt>Equity</dt>
            <dd>{money(s.equity)}</dd>
          </div>
          <div>
            <dt>Cash</dt>
            <dd>{money(s.cash)}</dd>
          </div>
          <div>
            <dt>Return since start</dt>
            <dd>{s.totalReturn === null ? "—" : <Signed value={s.totalReturn} kind="percent" />}</dd>
          </div>
          {s.cashAdjustments !== "0.00" && (
            <div>
              <dt>Cash adjustments</dt>
              <dd>
                <Signed value={s.cashAdjustments} />
              </dd>
            </div>
          )}
          <div>
            <dt>Realised P&amp;L</dt>
            <dd>
              <Signed value={s.realisedPnl} />
            </dd>
          </div>
        </dl>
        <h3 className={styles.subhead}>Holdings</h3>
        <Holdings positions={s.positions} chartLinks={!p.event} />
      </Card>
      <Card title="Orders and journal">
        {p.orders.items.length === 0 ? <p className={styles.meta}>No orders yet.</p> : <OrderHistoryTable orders={p.orders.items} fills={p.fills.items} caption={`Orders of the ${title.toLowerCase()}`} />}
        {more(p.orders.items.length, p.orders.total)}
      </Card>
      {/* The fills, with the one thing a teacher changes here: corrections, each with a reason (docs/decisions/041-corrections.md). */}
      {corrections?.({ id: p.id, studentName })}
    </section>
  );
}
