/**
 * /events/[slug]: the event's description and rules, a countdown, joining (a code field for
 * private events, prefilled from an invite link's ?code=), the live leaderboard, and once
 * joined the event portfolio with the same components as /portfolio.
 */
import Link from "next/link";
import { useRouter } from "next/router";
import { useState, type FormEvent, type ReactNode } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, Field, Pager, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { DataTable, numeric, PinnedRows } from "@/components/ui/DataTable";
import { Markdown } from "@/components/ui/Markdown";
import { exactReturn, formatMoney, formatRatio, parseMoney, subtractMoney } from "@/domain/trading";
import { PortfolioOverview } from "@/features/portfolio/components";
import type { Instrument, Order, Page, Summary } from "@/features/portfolio/components";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { decimal, integer, money } from "@/lib/format";
import { CountdownText, timeLeft, useRefreshWhenDue, useServerClock } from "./countdown";
import { boardMetricSentence } from "@/domain/ranking";
import { PHASE_LABEL, rulesInWords, standingReturn } from "./format";
import { eventEndpoints } from "./endpoints";
import type { EventDetail, ReplayView, StandingsView } from "./types";
import styles from "./events.module.css";
import { TeamPanel } from "./TeamPanel";

export interface EventPageProps {
  slug: string;
  event: EventDetail | null;
  code: string | null;
  serverNow: string;
  portfolio: { summary: Summary; instruments: Instrument[]; openOrders: Page<Order> } | null;
  /** A replay event's clock and prices when the page was rendered; null on the practice market. */
  replay: ReplayView | null;
  /** For the event's organiser and admins, the open fair-play flags (docs/decisions/046); null for the others. */
  fairPlay?: { openFlags: number | null };
  /**
   * What other features tell the viewer about this event (their fair-play warnings), composed by
   * the page: the events feature shows it under the title without depending on fair play.
   */
  notices?: ReactNode;
  /** The corrections made to the viewer's event portfolio, composed by the page like `notices`. */
  corrections?: ReactNode;
}

/** A replay's instruments in the trade ticket's shape, at the replay's prices. */
export function replayInstruments(replay: ReplayView): Instrument[] {
  return replay.instruments
    .filter((i) => i.price !== null)
    .map((i) => {
      const previous = i.previousClose ?? i.price!;
      const change = subtractMoney(parseMoney(i.price!), parseMoney(previous));
      return {
        symbol: i.symbol,
        name: i.name,
        sector: i.sector,
        kind: "stock",
        active: true,
        lastPrice: i.price!,
        previousClose: previous,
        dayChange: formatMoney(change),
        dayChangePct: formatRatio(exactReturn(previous, i.price!)),
        updatedAt: replay.at,
      };
    });
}

/** Polls the replay every 3 s while the event runs: the SSE stream carries practice quotes only. */
function useReplay(slug: string, code: string | null, fallbackData: ReplayView | null, live: boolean) {
  const url = endpointUrl(eventEndpoints.replay, { params: { slug }, query: { code } });
  return useSWR(fallbackData ? url : null, fetcherOf(eventEndpoints.replay), {
    fallbackData: fallbackData ?? undefined,
    refreshInterval: live ? 3000 : 0,
    keepPreviousData: true,
  });
}

function ReplayPanel({ replay }: { replay: ReplayView }) {
  return (
    <>
      <p aria-live="polite" data-testid="replay-day">
        {replay.phase === "before"
          ? `Replays from ${replay.tradingDay}: ${replay.days} trading days.`
          : replay.phase === "ended"
            ? `Replay over: it ended on ${replay.tradingDay}.`
            : `Replaying ${replay.tradingDay}, day ${replay.day} of ${replay.days}`}
      </p>
      <DataTable caption="Replay prices">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Dataset</th>
            <th scope="col" className={numeric}>
              Price
            </th>
            <th scope="col" className={numeric}>
              Previous close
            </th>
          </tr>
        </thead>
        <tbody>
          {replay.instruments.map((i) => (
            <tr key={i.symbol}>
              <td>{i.symbol}</td>
              <td>{i.name}</td>
              <td className={numeric} data-testid={`replay-price-${i.symbol}`}>
                {i.price === null ? "—" : money(i.price)}
              </td>
              <td className={numeric}>{i.previousClose === null ? "—" : money(i.previousClose)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {replay.actions.length > 0 && <ReplayActions actions={replay.actions} />}
    </>
  );
}

/** The datasets' dividends and splits: when each takes effect on the replay's clock, and whether it has. */
function ReplayActions({ actions }: { actions: ReplayView["actions"] }) {
  return (
    <>
      <h3 style={{ marginTop: "1.25rem" }}>Dividends and splits</h3>
      <p className="muted">Each takes effect as its trading day begins: the price drops by the dividend, or is divided by the split, and every holder is adjusted (a dividend owed, shares multiplied) so what each portfolio is worth is unchanged.</p>
      <DataTable caption="Dividends and splits in this replay">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Action</th>
            <th scope="col">Ex-date</th>
            <th scope="col" className={numeric}>
              Trading day
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => (
            <tr key={`${a.symbol}-${a.kind}-${a.exDate}`} data-testid={`replay-action-${a.symbol}-${a.exDate}`}>
              <td>{a.symbol}</td>
              <td>{a.kind === "dividend" ? `Dividend ${money(a.amount!)} per share, paid ${a.payDate === a.exDate ? "at the replay's end" : `on ${a.payDate}`}` : `Split ${a.ratio}`}</td>
              <td>{a.exDate}</td>
              <td className={numeric}>{integer(a.day)}</td>
              <td>{a.applied ? <Badge>Applied</Badge> : "Coming"}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}

/** Counts down on the server's clock, and reloads the page when the phase changes. */
function Countdown({ event, serverNow }: { event: EventDetail; serverNow: string }) {
  const left = timeLeft(event.countdown, useServerClock(serverNow));
  useRefreshWhenDue(left !== null && left <= 0, serverNow);
  if (event.phase === "ended") return <p>This event has ended.</p>;
  const label = event.phase === "upcoming" ? "Starts in" : "Ends in";
  return (
    <p>
      {label} <CountdownText left={left} className={styles.countdown} />
    </p>
  );
}

function JoinPanel({ event, code }: { event: EventDetail; code: string | null }) {
  const router = useRouter();
  const [value, setValue] = useState(code ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code: string } | null>(null);
  if (event.removed) return <Alert tone="warning">The organiser removed you from this event.</Alert>;
  if (event.phase === "ended") return <p className={styles.meta}>This event has ended; joining is closed.</p>;
  // A class contest's class is its invitation (the server checks the person is in it): one button, no code.
  const needsCode = event.visibility === "private" && !event.classId;
  async function join(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(eventEndpoints.join, { params: { slug: event.slug }, body: needsCode ? { code: value } : {} });
      await router.replace(`/events/${event.slug}`);
    } catch (err) {
      setError(err instanceof ApiError ? { message: err.message, code: err.code } : { message: "Could not join. Try again.", code: "" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.joinForm} onSubmit={join} aria-label="Join the event">
      {event.classId && (
        <p className={styles.meta} style={{ flexBasis: "100%" }}>
          A contest of your class: join with one click.
        </p>
      )}
      {needsCode && <Field label="Join code" name="code" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" required placeholder="ABCD-EFGH" />}
      <Button type="submit" busy={busy}>
        Join this event
      </Button>
      {error && (
        <div style={{ flexBasis: "100%" }}>
          <Alert tone="error">
            {error.message}
            {error.code === "LESSON_REQUIRED" && event.lesson && (
              <>
                {" "}
                <Link href={event.lesson.href}>Open “{event.lesson.title}”</Link>
              </>
            )}
          </Alert>
        </div>
      )}
    </form>
  );
}

function Leaderboard({ event, code }: { event: EventDetail; code: string | null }) {
  // A page of the board (50 rows) and the viewer's own row wherever it is: an event of
  // 100,000 is never sent whole every few seconds.
  const [page, setPage] = useState(1);
  const url = endpointUrl(eventEndpoints.standings, { params: { slug: event.slug }, query: { code: event.joined ? null : code, page: page > 1 ? page : null } });
  // Polls until the board the server answers is frozen (not until the page thinks it ended:
  // a reload that lands after the end would otherwise keep the last live answer for ever).
  const { data, error } = useSWR(url, fetcherOf(eventEndpoints.standings), {
    refreshInterval: (latest) => (latest?.frozen ? 0 : 3000),
    keepPreviousData: true,
  });
  if (error && !data) return <Alert tone="warning">Could not load the leaderboard.</Alert>;
  if (!data) return <p className={styles.meta}>Loading the leaderboard…</p>;
  const columns = data.metric === "sharpe" ? 5 : 4;
  const ownOffPage = data.own && !data.items.some((row) => row.you);
  return (
    <>
      <p className={styles.meta} aria-live="polite">
        {data.frozen
          ? "Final standings, frozen at the end."
          : event.phase === "ended"
            ? "The event has ended; the final standings are being written."
            : event.phase === "upcoming"
              ? "Everyone starts level; the board moves once trading opens."
              : "Live: updates every few seconds."}
      </p>
      {data.items.some((row) => row.reportCard) && <p className={styles.meta}>Each name opens that participant&apos;s report card.</p>}
      <p className={styles.meta} data-testid="board-metric">
        {boardMetricSentence({ kind: "event", metric: data.metric === "sharpe" ? "sharpe" : "return" })}
      </p>
      {data.own && data.pages > 1 && (
        <p className={styles.meta}>
          You are <strong>#{integer(data.own.rank)}</strong> of {integer(data.total)}
          {ownOffPage && (
            <>
              {" "}
              <Button size="small" variant="secondary" onClick={() => setPage(data.own!.page)}>
                Show my page
              </Button>
            </>
          )}
        </p>
      )}
      {data.total === 0 ? (
        <p>Nobody has joined yet.</p>
      ) : (
        <>
          <DataTable caption={data.pages > 1 ? `Leaderboard, page ${data.page} of ${data.pages}` : "Leaderboard"} density="compact">
            <thead>
              <tr>
                <th scope="col" className={numeric}>
                  Rank
                </th>
                <th scope="col">Name</th>
                <th scope="col" className={numeric}>
                  Return
                </th>
                {data.metric === "sharpe" && (
                  <th scope="col" className={numeric}>
                    Sharpe
                  </th>
                )}
                <th scope="col" className={numeric}>
                  Equity
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && (
                <tr>
                  <td colSpan={columns} className="muted">
                    No rows on this page.
                  </td>
                </tr>
              )}
              {data.items.map((row) => (
                <StandingRow key={`${row.rank}:${row.name}:${row.joinedAt}`} row={row} metric={data.metric} />
              ))}
            </tbody>
            {ownOffPage && data.own && (
              <PinnedRows columns={columns}>
                <StandingRow row={data.own} metric={data.metric} />
              </PinnedRows>
            )}
          </DataTable>
          {data.pages > 1 && <Pager page={data.page} pages={data.pages} onPage={setPage} />}
        </>
      )}
    </>
  );
}

function StandingRow({ row, metric }: { row: StandingsView["items"][number]; metric: StandingsView["metric"] }) {
  return (
    <tr className={row.you ? styles.you : undefined} aria-current={row.you ? "true" : undefined}>
      <td className={numeric} title={row.tied > 1 ? `Tied with ${integer(row.tied - 1)} other${row.tied === 2 ? "" : "s"}` : undefined}>
        {integer(row.rank)}
        {row.tied > 1 && (
          <>
            <span aria-hidden="true">=</span>
            <span className="visually-hidden"> (tied)</span>
          </>
        )}
      </td>
      <td className={styles.boardName}>
        {row.reportCard ? (
          <Link href={row.reportCard} aria-label={`${row.name}: report card`}>
            {row.name}
          </Link>
        ) : (
          row.name
        )}
        {row.you && " (you)"}
      </td>
      <td className={numeric}>{standingReturn(row.totalReturn)}</td>
      {metric === "sharpe" && <td className={numeric}>{row.sharpe === null ? "not yet" : decimal(row.sharpe)}</td>}
      <td className={numeric}>{money(row.equity)}</td>
    </tr>
  );
}

function PrivateGate({ slug, code }: { slug: string; code: string | null }) {
  const router = useRouter();
  const [value, setValue] = useState("");
  return (
    <>
      <h1>Event</h1>
      <Card>
        {code && <Alert tone="error">That join code does not open an event here.</Alert>}
        <p>There is no event at this address that you can see. If it is a private event, enter its join code.</p>
        <form
          className={styles.joinForm}
          onSubmit={(e) => {
            e.preventDefault();
            void router.replace(`/events/${slug}?code=${encodeURIComponent(value)}`);
          }}
        >
          <Field label="Join code" name="code" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" required placeholder="ABCD-EFGH" />
          <Button type="submit">Open</Button>
        </form>
        <p>
          <Link href="/events">All events</Link>
        </p>
      </Card>
    </>
  );
}

export function EventPage(props: EventPageProps) {
  if (!props.event) return <PrivateGate slug={props.slug} code={props.code} />;
  return <EventView {...props} event={props.event} />;
}

function EventView({ event, code, serverNow, portfolio, replay: initialReplay, fairPlay, notices, corrections }: EventPageProps & { event: EventDetail }) {
  const { data: replay } = useReplay(event.slug, event.joined ? null : code, initialReplay, event.phase === "live");
  const { dateTimeYear: when } = useTimeFormat();
  return (
    <>
      <p>
        <Link href="/events">← All events</Link>
      </p>
      <div className={styles.head}>
        <h1>{event.title}</h1>
        <div className={styles.badges}>
          <Badge tone={event.phase === "live" ? "success" : undefined}>{PHASE_LABEL[event.status]}</Badge>
          {event.visibility === "private" && <Badge>Private</Badge>}
          {event.rank !== null && <Badge tone="admin">Your rank: {event.rank}</Badge>}
        </div>
      </div>
      <p className={styles.meta}>
        <time dateTime={event.startsAt}>{when(event.startsAt)}</time> – <time dateTime={event.endsAt}>{when(event.endsAt)}</time> · {integer(event.participants)}{" "}
        {event.participants === 1 ? "participant" : "participants"}
      </p>
      <TimeZoneNote />
      {notices}
      {fairPlay && fairPlay.openFlags !== null && (
        <p>
          <Link href={`/events/${event.slug}/fair-play`}>Fair play{fairPlay.openFlags > 0 ? ` (${fairPlay.openFlags} open ${fairPlay.openFlags === 1 ? "flag" : "flags"})` : ""}</Link>
        </p>
      )}
      <Countdown event={event} serverNow={serverNow} />
      {event.manages && event.phase === "ended" && event.finalizedAt && (
        <p>
          <Link href={`/events/${event.slug}/report?all=1`}>Every participant&apos;s report card</Link>
        </p>
      )}
      <div className={styles.grid}>
        <Card title="About">
          {/* Written in Markdown by the organiser: rendered like a lesson (no raw HTML, safe links only). */}
          {event.description ? <Markdown>{event.description}</Markdown> : <p className={styles.meta}>No description.</p>}
          <h3>Rules</h3>
          <ul className={styles.rules}>
            {rulesInWords(event).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
            {event.lesson && (
              <li>
                To join, pass the lesson <Link href={event.lesson.href}>“{event.lesson.title}”</Link>
                {event.lesson.passed ? " (you have passed it)." : "."}
              </li>
            )}
          </ul>
          {event.teams ? (
            <>
              <h3>Teams</h3>
              <TeamPanel event={event} />
            </>
          ) : (
            !event.joined && (
              <>
                <h3>Join</h3>
                <JoinPanel event={event} code={code} />
              </>
            )
          )}
        </Card>
        <Card title="Leaderboard">
          <Leaderboard event={event} code={code} />
        </Card>
      </div>
      {replay && (
        <Card title="Historical replay">
          <ReplayPanel replay={replay} />
        </Card>
      )}
      {portfolio && (
        <section className={styles.portfolio} aria-label="Your event portfolio">
          {event.phase === "upcoming" && <Alert tone="info">Trading opens when the event starts.</Alert>}
          {event.phase === "ended" && (
            <Alert tone="info">
              The event has ended: orders are no longer taken.{" "}
              {event.finalizedAt && <Link href={`/events/${event.slug}/report`}>See your report card</Link>}
            </Alert>
          )}
          <PortfolioOverview
            {...portfolio}
            corrections={corrections}
            event={{ allowedSymbols: event.instruments, heading: "Your event portfolio", ...(replay && { replayInstruments: replayInstruments(replay) }) }}
          />
        </section>
      )}
    </>
  );
}
