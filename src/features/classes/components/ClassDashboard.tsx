/**
 * The class dashboard on the teacher's class page: one row per student — last activity,
 * trades this week, lessons passed, journal entries, and the practice portfolio's return and
 * risk over the last 7 days — each name opening the student's read-only view. Figures come
 * from GET /api/classes/{id}/dashboard (their owners on the server); this only formats them.
 */
import Link from "next/link";
import useSWR from "swr";
import { Alert, Skeleton, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { Signed } from "@/components/ui/Figures";
import { riskText } from "@/features/portfolio/components";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { classEndpoints } from "./endpoints";
import { integer, money, percent } from "@/lib/format";
import styles from "./classes.module.css";

const ratio = (value: string | null | undefined) => (value == null ? "—" : percent(value, { signed: false }));

export function ClassDashboard({ classId }: { classId: string }) {
  const { data, error } = useSWR(endpointUrl(classEndpoints.dashboard, { params: { id: classId } }), fetcherOf(classEndpoints.dashboard));
  const { dateTime } = useTimeFormat();
  if (error && !data) return <Alert tone="error">The dashboard could not be loaded. Reload the page to try again.</Alert>;
  if (!data) return <Skeleton height={120} />;
  if (data.students.length === 0) return <p className={styles.meta}>The dashboard fills in once students have joined.</p>;
  return (
    <>
      <p className={styles.meta}>
        Trades are counted since Monday 00:00 UTC. Return and risk are the practice portfolio&apos;s over the last 7 days (volatility and Sharpe annualised, as on the
        portfolio page); “—” until there are enough hourly snapshots.
      </p>
      <DataTable caption="Class dashboard" density="compact" minWidth="52rem">
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Last activity</th>
            <th scope="col" className={numeric}>
              Trades this week
            </th>
            <th scope="col" className={numeric}>
              Lessons passed
            </th>
            <th scope="col" className={numeric}>
              Journal entries
            </th>
            <th scope="col" className={numeric}>
              Equity
            </th>
            <th scope="col" className={numeric}>
              Return (7 days)
            </th>
            <th scope="col" className={numeric}>
              Volatility
            </th>
            <th scope="col" className={numeric}>
              Max drawdown
            </th>
            <th scope="col" className={numeric}>
              Sharpe
            </th>
          </tr>
        </thead>
        <tbody>
          {data.students.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <Link href={`/classes/${classId}/students/${s.id}`}>{s.name || "Student"}</Link>
              </th>
              <td>{s.lastActivityAt ? dateTime(s.lastActivityAt) : <span className={styles.meta}>Not yet</span>}</td>
              <td className={numeric}>{integer(s.tradesThisWeek)}</td>
              <td className={numeric}>{integer(s.lessonsPassed)}</td>
              <td className={numeric}>{integer(s.journalEntries)}</td>
              <td className={numeric}>{s.practice ? money(s.practice.equity) : "—"}</td>
              <td className={numeric}>{s.practice?.metrics.totalReturn != null ? <Signed value={s.practice.metrics.totalReturn} kind="percent" arrow={false} /> : "—"}</td>
              <td className={numeric} title={s.practice?.metrics.risk.volatility.reason?.message}>{riskText(s.practice?.metrics.risk.volatility, "percent")}</td>
              <td className={numeric}>{ratio(s.practice?.metrics.maxDrawdown)}</td>
              <td className={numeric} title={s.practice?.metrics.risk.sharpe.reason?.message}>{riskText(s.practice?.metrics.risk.sharpe, "number")}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
