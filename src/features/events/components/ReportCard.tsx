/**
 * /events/[slug]/report: a participant's report card after the event — return against the
 * benchmark, risk, diversification day by day, best and worst trade, every trade with its
 * journal note, final holdings and the lessons passed during the event. It prints on one page
 * (the print stylesheet in events.module.css drops the app's frame and tightens the type).
 */
import Link from "next/link";
import { Button, useTimeFormat } from "@/components/ui";
import { Sparkline } from "@/components/ui/Sparkline";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { Signed } from "@/components/ui/Figures";
import { describeOrder, Holdings, JournalNote, riskText } from "@/features/portfolio/components";
import { calendarDate, integer, money, percent } from "@/lib/format";
import type { ReportCardIndexView, ReportCardTrade, ReportCardView } from "./types";
import styles from "./events.module.css";

const ratio = (value: string | null) => (value === null ? "—" : percent(value, { signed: false }));

export function ReportCard({ card }: { card: ReportCardView }) {
  const { dateTimeYear, dateTime } = useTimeFormat();
  const m = card.metrics;
  const equity = card.points.map((p) => Number(p.equity));
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <div className={styles.reportHead}>
        <div>
          <p className={styles.meta}>
            <Link href={`/events/${card.event.slug}`}>{card.event.title}</Link> · {dateTimeYear(card.event.startsAt)} – {dateTimeYear(card.event.endsAt)}
          </p>
          <h1 id="report-title">Report card{card.participant.you ? "" : `: ${card.participant.name || "participant"}`}</h1>
          {card.participant.team && <p className={styles.meta}>Team {card.participant.team}: the team&apos;s shared portfolio.</p>}
          {card.participant.removed && <p className={styles.meta}>Removed from the event by its organiser: not on the final board.</p>}
        </div>
        <Button variant="secondary" className={styles.noPrint} onClick={() => window.print()}>
          Print
        </Button>
      </div>

      <section aria-labelledby="report-results" className={styles.reportBlock}>
        <h2 id="report-results">Results</h2>
        <dl className={styles.reportFigures}>
          <div>
            <dt>Final equity</dt>
            <dd>{money(card.finalEquity)}</dd>
          </div>
          <div>
            <dt>Return</dt>
            <dd>{m.totalReturn === null ? "—" : <Signed value={m.totalReturn} kind="percent" />}</dd>
          </div>
          <div>
            <dt>Benchmark ({card.benchmark.symbol})</dt>
            <dd>{m.benchmarkReturn === null ? "—" : <Signed value={m.benchmarkReturn} kind="percent" />}</dd>
          </div>
          <div>
            <dt>Final rank</dt>
            <dd>{card.rank === null ? "—" : integer(card.rank)}</dd>
          </div>
          <div>
            <dt>Volatility (annualised)</dt>
            <dd>{riskText(m.risk.volatility, "percent")}</dd>
          </div>
          <div>
            <dt>Max drawdown</dt>
            <dd>{ratio(m.maxDrawdown)}</dd>
          </div>
          <div>
            <dt>Sharpe ratio</dt>
            <dd>{riskText(m.risk.sharpe, "number")}</dd>
          </div>
          <div>
            <dt>Journal entries</dt>
            <dd>{integer(card.journalEntries)}</dd>
          </div>
        </dl>
        {equity.length > 1 && (
          <Sparkline
            values={equity}
            baseline={Number(card.startingCash)}
            width={320}
            height={48}
            className={styles.reportCurve}
            label={`Equity from ${money(card.startingCash)} to ${money(card.finalEquity)} over the event; the dashed line is the starting cash.`}
          />
        )}
        {m.risk.sharpe.reason && <p className={styles.meta}>Volatility and Sharpe: {m.risk.sharpe.reason.message} (hourly returns over the event).</p>}
      </section>

      <div className={styles.reportTwo}>
        <section aria-labelledby="report-best" className={styles.reportBlock}>
          <h2 id="report-best">Best and worst trade</h2>
          {card.best ? (
            <dl className={styles.reportTrades}>
              <TradeLine label="Best" trade={card.best} />
              {card.worst && <TradeLine label="Worst" trade={card.worst} />}
            </dl>
          ) : (
            <p className={styles.meta}>No position was sold or covered during the event, so no trade has a realised result.</p>
          )}
        </section>
        <section aria-labelledby="report-diversification" className={styles.reportBlock}>
          <h2 id="report-diversification">Diversification</h2>
          <DataTable caption="Holdings at the end of each day" density="compact">
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col" className={numeric}>
                  Holdings
                </th>
                <th scope="col" className={numeric}>
                  Largest position
                </th>
              </tr>
            </thead>
            <tbody>
              {card.diversification.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{calendarDate(d.day)}</th>
                  <td className={numeric}>{integer(d.holdings)}</td>
                  <td className={numeric}>{ratio(d.largestShare)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <p className={styles.meta}>Largest position: its share of the money invested (cost), at the end of the day.</p>
        </section>
      </div>

      <section aria-labelledby="report-trades" className={styles.reportBlock}>
        <h2 id="report-trades">Trades and journal</h2>
        {card.trades.length === 0 ? (
          <p className={styles.meta}>No trades during the event.</p>
        ) : (
          <DataTable caption="Trades with their journal notes" density="compact" minWidth="36rem">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Trade and journal</th>
                <th scope="col" className={numeric}>
                  Realised P&amp;L
                </th>
              </tr>
            </thead>
            <tbody>
              {card.trades.map((t) => (
                <tr key={t.order.id}>
                  <td>{dateTime(t.order.createdAt)}</td>
                  <td>
                    {describeOrder(t.order)} at {t.fills.map((f) => money(f.price)).join(", ")}
                    <JournalNote note={t.order.note} />
                  </td>
                  <td className={numeric}>{t.realisedPnl === null ? "—" : <Signed value={t.realisedPnl} arrow={false} />}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>

      {/* Full width: the holdings table has seven columns, which half a 1280 px page cut off. */}
      <section aria-labelledby="report-holdings" className={styles.reportBlock}>
        <h2 id="report-holdings">Final holdings</h2>
        {card.holdings.length === 0 ? <p className={styles.meta}>Nothing held at the end: all cash.</p> : <Holdings positions={card.holdings} chartLinks={false} />}
      </section>
      <section aria-labelledby="report-lessons" className={styles.reportBlock}>
        <h2 id="report-lessons">Lessons passed during the event</h2>
        {card.lessons.length === 0 ? (
          <p className={styles.meta}>None during the event.</p>
        ) : (
          <ul className={styles.reportLessons}>
            {card.lessons.map((l) => (
              <li key={l.lessonId}>
                {l.title} <span className={styles.meta}>({l.course}{l.bestScore !== null && `, ${percent(l.bestScore, { signed: false, digits: 0 })}`})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

function TradeLine({ label, trade }: { label: string; trade: ReportCardTrade }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {describeOrder(trade.order)}: <Signed value={trade.realisedPnl} />
        <JournalNote note={trade.order.note} />
      </dd>
    </div>
  );
}

/**
 * /events/[slug]/report for the event's managers (a class contest's teacher, its organiser, an
 * admin) who took no part: the final board with every participant's card a link away.
 */
export function ReportCardList({ index }: { index: ReportCardIndexView }) {
  const { dateTimeYear } = useTimeFormat();
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <p className={styles.meta}>
        <Link href={`/events/${index.event.slug}`}>{index.event.title}</Link> · {dateTimeYear(index.event.startsAt)} – {dateTimeYear(index.event.endsAt)}
      </p>
      <h1 id="report-title">Report cards</h1>
      {index.items.length === 0 ? (
        <p className={styles.meta}>Nobody took part, so there is no report card.</p>
      ) : (
        <DataTable caption="Report cards, in the final standings' order" density="compact" background="page">
          <thead>
            <tr>
              <th scope="col" className={numeric}>
                Rank
              </th>
              <th scope="col">Participant</th>
              <th scope="col">Report card</th>
            </tr>
          </thead>
          <tbody>
            {index.items.map((item) => (
              <tr key={item.userId}>
                <td className={numeric}>
                  {integer(item.rank)}
                  {item.tied > 1 && "="}
                </td>
                <th scope="row">{item.name}</th>
                <td>{item.href ? <Link href={item.href} aria-label={`Report card of ${item.name}`}>Open</Link> : <span className={styles.meta}>Account deleted</span>}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </article>
  );
}
