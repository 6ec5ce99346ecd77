/**
 * /leagues: the person's weekly league (docs/decisions/045-leagues.md) — tier, group, place,
 * what it takes to move up, the group's table with its promotion and demotion places, and how
 * points are earned. Served from the precomputed standings; refetched every minute.
 */
import Link from "next/link";
import useSWR from "swr";
import { Alert, Card, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import {
  DIVERSIFICATION_MAX_HOLDINGS,
  DIVERSIFICATION_POINTS,
  JOURNAL_MAX_ORDERS,
  JOURNAL_POINTS,
  LEAGUE_GROUP_SIZE,
  LEAGUE_TIERS,
  ordinal,
  RISK_MAX_UNITS,
  RISK_POINTS,
  tierName,
} from "@/domain/leagues";
import { fetcherOf } from "@/lib/client/api";
import type { LeagueRow, LeagueView } from "../types";
import { leagueEndpoints } from "./endpoints";
import styles from "./leagues.module.css";

export interface LeagueProps {
  initial: LeagueView;
}

const ARRIVAL: Record<string, string> = {
  new: "You joined this week.",
  up: "You moved up last week.",
  down: "You moved down last week.",
  stay: "You stayed in this tier last week.",
};

const ZONE_LABEL: Record<LeagueRow["zone"], string> = { up: "Promotion place", down: "Demotion place", stay: "" };

export function League({ initial }: LeagueProps) {
  const { data } = useSWR(leagueEndpoints.me.path, fetcherOf(leagueEndpoints.me), { fallbackData: initial, refreshInterval: 60_000 });
  const view = data ?? initial;
  const time = useTimeFormat();
  // Monday 00:00 UTC, and the same instant in the viewer's zone when that is not UTC.
  const ends = time.timeZone === "UTC" ? `on Monday, ${time.dateTime(view.weekEnd)} UTC` : `on Monday 00:00 UTC (${time.dateTime(view.weekEnd)} in ${time.timeZone})`;
  return (
    <div className={styles.layout}>
      <h1>Your league</h1>
      {view.status === "in-league" ? (
        <>
          <section className={styles.summary} aria-label="Your place">
            <div className={styles.tierBadge} data-tier={LEAGUE_TIERS[view.tier.level]}>
              <span className={styles.tierName}>{view.tier.name}</span>
              <span className={styles.tierLabel}>
                {view.scope === "class" ? "class league" : "league"}, group {view.group}
              </span>
            </div>
            <div className={styles.place}>
              <p className={styles.placeLine}>
                <strong>
                  {ordinal(view.own.rank)} of {view.rows.length}
                </strong>{" "}
                with <strong>{view.own.points}</strong> {view.own.points === 1 ? "point" : "points"}
              </p>
              <p className={styles.hint} data-testid="league-hint">
                {view.hint}
              </p>
              <p className={styles.parts}>
                Learning {view.own.learning} · Journal {view.own.journal} · Spread {view.own.diversification} · Risk-adjusted {view.own.risk}
              </p>
              <p className="muted">
                The week ends {ends}. {ARRIVAL[view.arrival]}
              </p>
            </div>
          </section>
          <DataTable caption={`${view.tier.name} league, group ${view.group}: places this week`} className={styles.table} background="page">
            <thead>
              <tr>
                <th scope="col" className={`${numeric} ${styles.rank}`}>
                  Place
                </th>
                <th scope="col">Name</th>
                <th scope="col" className={numeric}>
                  Points
                </th>
                <th scope="col" className={`${numeric} ${styles.part}`}>
                  Learning
                </th>
                <th scope="col" className={`${numeric} ${styles.part}`}>
                  Journal
                </th>
                <th scope="col" className={`${numeric} ${styles.part}`}>
                  Spread
                </th>
                <th scope="col" className={`${numeric} ${styles.part}`}>
                  Risk-adjusted
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.rank} className={[row.you && styles.you, row.zone === "up" && styles.zoneUp, row.zone === "down" && styles.zoneDown].filter(Boolean).join(" ")}>
                  <td className={`${numeric} ${styles.rank}`}>
                    {row.zone !== "stay" && (
                      <span className={row.zone === "up" ? styles.arrowUp : styles.arrowDown} aria-hidden="true">
                        {row.zone === "up" ? "▲" : "▼"}
                      </span>
                    )}{" "}
                    {row.rank}
                    {ZONE_LABEL[row.zone] && <span className="visually-hidden"> ({ZONE_LABEL[row.zone]})</span>}
                  </td>
                  <td className={styles.name}>
                    {row.name}
                    {row.you && <span className={styles.youBadge}> (you)</span>}
                  </td>
                  <td className={numeric}>{row.points}</td>
                  <td className={`${numeric} ${styles.part}`}>{row.learning}</td>
                  <td className={`${numeric} ${styles.part}`}>{row.journal}</td>
                  <td className={`${numeric} ${styles.part}`}>{row.diversification}</td>
                  <td className={`${numeric} ${styles.part}`}>{row.risk}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <p className={`muted ${styles.legend}`}>
            {view.promote > 0 && (
              <span className={styles.arrowUp} aria-hidden="true">
                ▲{" "}
              </span>
            )}
            {view.promote > 0 ? `The top ${view.promote} with points move up to ${view.tier.above}` : "This is the top tier: nobody moves up from here"}
            {" · "}
            {view.demote > 0 && (
              <span className={styles.arrowDown} aria-hidden="true">
                ▼{" "}
              </span>
            )}
            {view.demote > 0 ? `the bottom ${view.demote} move down to ${view.tier.below}` : "nobody moves down from this tier"}. Places are recomputed every minute.
          </p>
        </>
      ) : (
        <Alert tone="info" title={view.status === "opted-out" ? "You left the leagues" : view.status === "no-class" ? "No class league yet" : view.queued ? "Waiting for more people" : "Join this week's league"}>
          {view.status === "opted-out" ? (
            <>
              You are in no league. To join again (at your last tier), turn off “Leave the weekly leagues” in <Link href="/settings#preferences">Settings</Link>.
            </>
          ) : view.status === "no-class" ? (
            <>Your account meets only its class in a league; it joins one when your teacher adds you to a class.</>
          ) : view.queued ? (
            <>
              You are in line for this week&apos;s league. A league starts with at least {view.minSize} people, so nobody plays alone: yours starts as soon as enough
              people of your tier are active. This week ends {ends}.
            </>
          ) : (
            <>
              You join a league at your first activity of the week: finish a lesson in <Link href="/learn">Learn</Link> or place an order in your{" "}
              <Link href="/portfolio">practice portfolio</Link>. This week ends {ends}.
            </>
          )}
        </Alert>
      )}
      <Card title="How leagues work">
        <ul className={styles.rules}>
          <li>
            Each week (Monday 00:00 to Monday 00:00 UTC) you meet up to {LEAGUE_GROUP_SIZE} people of your tier, matched by how active they were last week. Tiers, lowest first:{" "}
            {LEAGUE_TIERS.map((_, i) => tierName(i)).join(", ")}.
          </li>
          <li>
            <strong>Learning:</strong> 1 point per XP earned this week.
          </li>
          <li>
            <strong>Journal:</strong> {JOURNAL_POINTS} points per practice order placed this week with a journal note (up to {JOURNAL_MAX_ORDERS} orders).
          </li>
          <li>
            <strong>Spread:</strong> {DIVERSIFICATION_POINTS} points per effective holding in your practice portfolio now (equal-sized positions count fully, small ones less; up to{" "}
            {DIVERSIFICATION_MAX_HOLDINGS}).
          </li>
          <li>
            <strong>Risk-adjusted:</strong> {RISK_POINTS} points per whole unit of your portfolio’s Sharpe ratio over the last seven days (up to {RISK_MAX_UNITS}). Return alone earns
            nothing.
          </li>
          <li>Equal points: the longer-standing account is ahead. Don’t want to take part? Leave the leagues in <Link href="/settings#preferences">Settings</Link>.</li>
        </ul>
      </Card>
    </div>
  );
}

