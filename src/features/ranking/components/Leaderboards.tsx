/**
 * /ranking: practice, XP and event boards, 50 rows a page, the viewer's own row always in
 * view (pinned under the table when it is on another page), rank change since the day
 * began, "updated N s ago". The board lives in the address (?board=&period=&page=): a board can
 * be linked, and each choice of tab, period or page is a history entry the back button returns to,
 * all within this page (shallow routing: the board is fetched, the page is not served again).
 */
import Link from "next/link";
import { type NextRouter, useRouter } from "next/router";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { Alert, Button, Card, Pager, SelectField } from "@/components/ui";
import { DataTable, numeric, PinnedRows } from "@/components/ui/DataTable";
import { Tab as TabButton, TabList, TabPanel, Tabs } from "@/components/ui/Tabs";
import { boardMetricSentence, type ExplainedBoard } from "@/domain/ranking";
import { ApiError, fetcherOf } from "@/lib/client/api";
import { decimal, integer, percent, withUnit } from "@/lib/format";
import type { EventChoice, RankingPage, RankingRow } from "../types";
import { rankingEndpoints } from "./endpoints";
import styles from "./ranking.module.css";

export interface LeaderboardsProps {
  initial: RankingPage;
  query: { board: string; period: string; page: number };
  events: EventChoice[];
}

type Tab = "practice" | "xp" | "events";
const TABS: Array<{ id: Tab; label: string }> = [
  { id: "practice", label: "Practice" },
  { id: "xp", label: "Learning XP" },
  { id: "events", label: "Events" },
];
const PRACTICE_PERIODS = [
  { id: "day", label: "Today" },
  { id: "week", label: "This week" },
  { id: "month", label: "This month" },
  { id: "all", label: "All time" },
];
const XP_PERIODS = [
  { id: "all", label: "All time" },
  { id: "week", label: "This week" },
];

const tabOf = (board: string): Tab => (board.startsWith("event:") ? "events" : board === "xp" ? "xp" : "practice");

type BoardQuery = LeaderboardsProps["query"];

/**
 * The board the address names when this page offers it (the back button may bring any earlier
 * one), else the board the server chose for the address the page was served at.
 */
function boardInAddress(address: NextRouter["query"], events: EventChoice[], served: BoardQuery): BoardQuery {
  const board = typeof address.board === "string" ? address.board : undefined;
  const offered =
    board === "practice" || board === "xp" || events.some((e) => `event:${e.slug}` === board) || (board === "event:" && events.length === 0);
  if (!board || !offered) return served;
  const periods = board === "practice" ? PRACTICE_PERIODS : board === "xp" ? XP_PERIODS : [];
  const asked = typeof address.period === "string" ? address.period : "all";
  const period = periods.length === 0 ? "" : periods.some((p) => p.id === asked) ? asked : "all";
  const page = Number(address.page ?? 1);
  return { board, period, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function figure(row: RankingRow, metric: RankingPage["metric"]): string {
  if (metric === "xp") return withUnit(integer(Number(row.value ?? 0)), "XP");
  // Without a day of history there is no Sharpe ratio yet: such rows follow, by return (decision 053).
  if (metric === "sharpe") return row.value === null ? "not yet" : decimal(row.value);
  return percent(row.value);
}

function Change({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <span className={styles.flat}>
        <span aria-hidden="true">new</span>
        <span className="visually-hidden">new since yesterday</span>
      </span>
    );
  }
  if (value === 0) {
    return (
      <span className={styles.flat}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no change since yesterday</span>
      </span>
    );
  }
  const up = value > 0;
  const places = Math.abs(value);
  return (
    <span className={up ? styles.up : styles.down}>
      <span aria-hidden="true">
        {up ? "▲" : "▼"} {places}
      </span>
      <span className="visually-hidden">
        {up ? "up" : "down"} {places} {places === 1 ? "place" : "places"} since yesterday
      </span>
    </span>
  );
}

function useSecondsSince(iso: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  if (!iso || now === null) return null;
  return Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
}

function Updated({ page }: { page: RankingPage }) {
  const seconds = useSecondsSince(page.computedAt);
  if (page.event?.status === "ended") return <span>Final standings</span>;
  if (!page.computedAt) return <span>Not ranked yet</span>;
  if (seconds === null) return <span>Updated recently</span>;
  const text = seconds < 60 ? withUnit(seconds, "s") : seconds < 3600 ? withUnit(Math.floor(seconds / 60), "min") : withUnit(Math.floor(seconds / 3600), "h");
  return <span>Updated {text} ago</span>;
}

/** The board on screen, as the one sentence that explains its metric names it. */
function explained(tab: Tab, period: string, metric: RankingPage["metric"]): ExplainedBoard {
  if (tab === "xp") return { kind: "xp", period: period === "week" ? "week" : "all" };
  if (tab === "events") return { kind: "event", metric: metric === "sharpe" ? "sharpe" : "return" };
  const known = ["day", "week", "month", "all"] as const;
  return { kind: "practice", period: known.find((p) => p === period) ?? "all" };
}

/** A rank, marked "=" when others share it ("2=": tied for 2nd; decision 053). */
function SharedRank({ row }: { row: RankingRow }) {
  if (row.tied <= 1) return <>{integer(row.rank)}</>;
  return (
    <span title={`Tied with ${integer(row.tied - 1)} other${row.tied === 2 ? "" : "s"}`}>
      {integer(row.rank)}
      <span aria-hidden="true">=</span>
      <span className="visually-hidden"> (tied with {integer(row.tied - 1)})</span>
    </span>
  );
}

function Row({ row, metric, showSecond }: { row: RankingRow; metric: RankingPage["metric"]; showSecond: boolean }) {
  return (
    <tr className={row.isYou ? styles.you : undefined} aria-current={row.isYou ? "true" : undefined}>
      <td className={`${numeric} ${styles.rank}`}>
        <SharedRank row={row} />
      </td>
      <td className={styles.change}>
        <Change value={row.rankChange} />
      </td>
      <td className={styles.name}>
        {row.name}
        {row.isYou && <span className={styles.youBadge}> (you)</span>}
      </td>
      <td className={numeric}>{figure(row, metric)}</td>
      {showSecond && <td className={`${numeric} ${styles.secondary}`}>{percent(row.totalReturn)}</td>}
    </tr>
  );
}

export function Leaderboards({ initial, query, events }: LeaderboardsProps) {
  const router = useRouter();
  const state = boardInAddress(router.query, events, query);
  const tab = tabOf(state.board);
  const key = `/api/rankings?${new URLSearchParams({ board: state.board, ...(state.period && { period: state.period }), page: String(state.page) })}`;
  const initialKey = `/api/rankings?${new URLSearchParams({ board: query.board, ...(query.period && { period: query.period }), page: String(query.page) })}`;
  const noEvents = tab === "events" && events.length === 0;
  const { data, error, isLoading } = useSWR(noEvents ? null : key, fetcherOf(rankingEndpoints.page), {
    fallbackData: key === initialKey ? initial : undefined,
    keepPreviousData: true,
    // Live event boards are refreshed every 5 s on the server; practice and XP every minute.
    refreshInterval: (latest) => (latest?.event?.status === "live" ? 5000 : latest?.event ? 0 : 30_000),
  });

  function go(next: Partial<BoardQuery>) {
    const merged = { ...state, page: 1, ...next };
    const params = new URLSearchParams({ board: merged.board, ...(merged.period && { period: merged.period }), ...(merged.page > 1 && { page: String(merged.page) }) });
    void router.push(`/ranking?${params}`, undefined, { shallow: true, scroll: false });
  }

  function selectTab(next: Tab) {
    if (next === tab) return;
    if (next === "practice") go({ board: "practice", period: "all" });
    else if (next === "xp") go({ board: "xp", period: "all" });
    else go({ board: events[0] ? `event:${events[0].slug}` : "event:", period: "" });
  }

  const page = data;
  const periods = tab === "practice" ? PRACTICE_PERIODS : tab === "xp" ? XP_PERIODS : [];
  const metric = page?.metric ?? "return";
  const periodLabel = PRACTICE_PERIODS.find((p) => p.id === (state.period || "all"))?.label.toLowerCase() ?? "all time";
  const valueHeading = metric === "xp" ? "XP" : metric === "sharpe" ? "Sharpe ratio" : tab === "practice" ? `Return, ${periodLabel}` : "Return";
  const secondHeading = tab === "practice" ? "All-time return" : "Return";
  // A second column only when it says something the first does not: the all-time return beside
  // a period's, or the return beside a Sharpe ratio (an event ranked by return shows it once).
  const showSecond = metric === "sharpe" || (tab === "practice" && (state.period || "all") !== "all");
  const columns = showSecond ? 5 : 4;
  const ownOffPage = page?.own && !page.items.some((r) => r.isYou);
  const loadError = error instanceof ApiError ? error.message : error ? "Could not load this board. Please try again." : null;

  return (
    <div className={styles.layout}>
      <h1>Rankings</h1>
      <Tabs selected={`ranking-${tab}`} onSelect={(id) => selectTab(id.slice("ranking-".length) as Tab)} manual>
        <TabList label="Leaderboards">
          {TABS.map((t) => (
            <TabButton key={t.id} id={`ranking-${t.id}`}>
              {t.label}
            </TabButton>
          ))}
        </TabList>
        <TabPanel tab={`ranking-${tab}`} className={styles.panel}>
          <div className={styles.toolbar}>
            {periods.length > 0 && (
              <div role="group" aria-label="Period" className={styles.periods}>
                {periods.map((p) => (
                  <button key={p.id} type="button" className={styles.period} aria-pressed={(state.period || "all") === p.id} onClick={() => go({ period: p.id })}>
                    {p.label}
                  </button>
                ))}
              </div>
            )}
            {tab === "events" && events.length > 0 && (
              <SelectField label="Event" value={state.board.slice("event:".length)} onChange={(e) => go({ board: `event:${e.target.value}`, period: "" })}>
                {events.map((event) => (
                  <option key={event.slug} value={event.slug}>
                    {event.title} ({event.status === "live" ? "live" : "ended"})
                  </option>
                ))}
              </SelectField>
            )}
            {page && !noEvents && (
              <p className={`muted ${styles.updated}`} aria-live="polite">
                <Updated page={page} />
              </p>
            )}
          </div>

          {noEvents ? (
            <Card>
              <p>
                No live or ended events to show yet. Join one from the <Link href="/events">events page</Link> and its board appears here.
              </p>
            </Card>
          ) : loadError ? (
            <Alert tone="error">{loadError}</Alert>
          ) : !page ? (
            <p aria-busy="true">Loading the board…</p>
          ) : (
            <>
              <p className={`muted ${styles.ownSummary}`} data-testid="board-metric">
                {page.event?.classContest ? "Your class's contest: only the class sees this board. " : tab !== "events" ? "The public board: everyone's, except accounts made for a class. " : ""}
                {boardMetricSentence(explained(tab, state.period, page.metric))}
              </p>
              {page.own ? (
                <p className={styles.ownSummary}>
                  You are <strong>#{integer(page.own.rank)}</strong> of {integer(page.total)}
                  {page.own.tied > 1 && <> (tied with {integer(page.own.tied - 1)} other{page.own.tied === 2 ? "" : "s"})</>}
                  {page.own.value !== null && <> · {figure(page.own, metric)}</>}
                  {ownOffPage && (
                    <>
                      {" "}
                      <Button size="small" variant="secondary" onClick={() => go({ page: page.own!.page })}>
                        Show my page
                      </Button>
                    </>
                  )}
                </p>
              ) : (
                <p className={`muted ${styles.ownSummary}`} data-testid="not-on-board">
                  {page.notOnBoard === "class-account" ? (
                    <>
                      Your account was made by your teacher for your class, so it is never on the public boards: your results count in your class and on its
                      contests&apos; boards{events.length > 0 ? " (under Events)" : ""}. <Link href="/classes">Open your class</Link>
                    </>
                  ) : page.notOnBoard === "not-in-event" ? (
                    "You are not on this board: you have not joined this event."
                  ) : tab === "events" ? (
                    page.event?.status === "ended" ? "You are not on the final standings." : "You are not on this board yet: it is refreshed every few seconds."
                  ) : tab === "xp" ? (
                    "You are not on this board yet: pass a lesson's quiz to earn XP."
                  ) : (
                    "You are not on this board yet: it is refreshed every minute."
                  )}
                </p>
              )}
              <DataTable caption={`${page.event ? `${page.event.title} leaderboard` : tab === "xp" ? "Learning XP leaderboard" : "Practice portfolio leaderboard"}, page ${page.page} of ${page.pages}`} className={styles.table} background="page" aria-busy={isLoading}>
                <thead>
                  <tr>
                    <th scope="col" className={`${numeric} ${styles.rank}`}>
                      Rank
                    </th>
                    <th scope="col" className={styles.change}>
                      <span aria-hidden="true">±</span>
                      <span className="visually-hidden">Change since yesterday</span>
                    </th>
                    <th scope="col">Name</th>
                    <th scope="col" className={numeric}>
                      {valueHeading}
                    </th>
                    {showSecond && (
                      <th scope="col" className={`${numeric} ${styles.secondary}`}>
                        {secondHeading}
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {page.items.length === 0 && (
                    <tr>
                      <td colSpan={columns} className="muted">
                        {page.event?.status === "upcoming" ? "The event has not started yet." : page.total === 0 ? "Nobody is on this board yet." : "No rows on this page."}
                      </td>
                    </tr>
                  )}
                  {page.items.map((row) => (
                    <Row key={row.place} row={row} metric={metric} showSecond={showSecond} />
                  ))}
                </tbody>
                {ownOffPage && page.own && (
                  <PinnedRows columns={columns}>
                    <Row row={page.own} metric={metric} showSecond={showSecond} />
                  </PinnedRows>
                )}
              </DataTable>
              {page.pages > 1 && <Pager page={page.page} pages={page.pages} onPage={(n) => go({ page: n })} />}
            </>
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}
