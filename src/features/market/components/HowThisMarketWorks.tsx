/**
 * /portfolio/market/how-it-works: how the practice market makes its prices, volume, dividends,
 * splits and fills, in plain words, and the realism table measured on this install's own
 * history (GET /api/market/realism, decision 051). Linked from the market overview and from
 * the lessons on volatility, dividends and diversification.
 */
import Link from "next/link";
import { Alert, Card } from "@/components/ui";
import { HISTORY_CANDIDATES } from "@/domain/market";
import type { MarketRealismAnswer as MarketRealism, RealismAnswer } from "../types";
import styles from "./how-it-works.module.css";

/** GET /api/market/realism's answer (the route's own schema, decision 071): the report, or why there is none yet. */
export type RealismProp = RealismAnswer;
type RealismRow = MarketRealism["rows"][number];
type RealismValue = RealismRow["values"][number];

/** S11 is a volatility (a fraction shown as a percentage); every other value is a plain statistic. */
function figure(row: RealismRow, value: number | null): string {
  // Not measurable (too little data): JSON carries a NaN as null.
  if (value === null) return "—";
  if (row.id === "S11") return `${(value * 100).toFixed(1)} %`;
  return value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 });
}

function Measured({ row, value }: { row: RealismRow; value: RealismValue }) {
  return (
    <li>
      <span className={styles.of}>{value.of}</span> <span className={styles.value}>{figure(row, value.value)}</span>
    </li>
  );
}

function RealismTable({ report }: { report: MarketRealism }) {
  const held = report.rows.filter((r) => r.holds).length;
  return (
    <Card title="Measured on this market">
      <p className={styles.lead}>
        {held} of {report.rows.length} properties hold, measured on {report.days.toLocaleString("en-US")} days of daily closes ({report.from} to {report.to}) of{" "}
        {report.stocks} stocks and the TLX index. Recomputed every day.
        {report.skipped.length > 0 && ` Left out for having less than a year of history: ${report.skipped.join(", ")}.`}
      </p>
      {/* A list rather than a table: on a phone each property stacks whole, no sideways scrolling to find its figure. */}
      <ol className={styles.rows} aria-label="The stylized facts of real returns, measured on this market">
        <li className={styles.header} aria-hidden="true">
          <span>Property</span>
          <span>Statistic</span>
          <span className={styles.measuredHead}>Measured</span>
          <span>Target</span>
          <span>Holds</span>
        </li>
        {report.rows.map((row) => (
          <li key={row.id} className={styles.row}>
            <strong className={styles.property}>
              <span className={styles.id}>{row.id}</span> {row.property}
            </strong>
            <span className={styles.statistic}>{row.statistic}</span>
            <ul className={styles.values} aria-label="Measured">
              {row.values.map((v) => (
                <Measured key={v.of} row={row} value={v} />
              ))}
            </ul>
            <span className={styles.target}>
              <span className={styles.label}>Target </span>
              {row.target}
            </span>
            <span className={row.holds ? styles.holds : styles.misses}>{row.holds ? "Holds" : "Misses"}</span>
          </li>
        ))}
      </ol>
      <p className={styles.note}>
        r is a day&apos;s log return, ln(close ÷ previous close). &ldquo;Median stock&rdquo; is the median over the stocks of each stock&apos;s figure. ACF(x, k) is the correlation of a
        series with itself k days later. Real stocks show a daily excess kurtosis of about 4 to 15 and a tail index near 3 (Cont 2001, &ldquo;Empirical properties of asset
        returns&rdquo;).
      </p>
    </Card>
  );
}

export function HowThisMarketWorks({ realism }: { realism: RealismProp }) {
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link href="/portfolio/market">← Market</Link>
      </p>
      <h1>How this market works</h1>
      <p className={styles.intro}>
        Tickerlab&apos;s companies are fictional and their prices come from a simulator. It is built to behave like a real stock market — calm and stormy periods, crashes that come in
        clusters, more trading on big days — so what the lessons teach can be seen here. This page says how, and measures it.
      </p>

      {"unavailable" in realism ? <Alert tone="info">{realism.unavailable}</Alert> : <RealismTable report={realism} />}

      <div className={styles.sections}>
        <Card title="Prices">
          <p>Every price moves a little on every tick, every two seconds, around the clock. Each move is the sum of:</p>
          <ul>
            <li>
              <strong>the market</strong>, shared by every stock, so stocks tend to rise and fall together (more for a stock with a high beta);
            </li>
            <li>
              <strong>the sector</strong>, shared by the companies of one sector;
            </li>
            <li>
              <strong>the company&apos;s own news</strong>, including rare jumps: a sudden move of several percent.
            </li>
          </ul>
          <p>
            How strongly each of them moves changes over time. <strong>Storms</strong> start suddenly and calm down gradually, some within days, some over months, so a wild
            day is usually followed by more wild days and a calm month by another calm one (volatility clusters). A storm&apos;s start also knocks the price down, and its
            calming lifts it back a little: falls make the market more nervous than rises do, as in real markets (the leverage effect). Over a month the ups and downs partly
            cancel, so monthly returns look much more ordinary than daily ones.
          </p>
          <p>
            The simulator is deterministic for a secret seed drawn when the install was created, so nobody can compute tomorrow&apos;s prices. On its first start it simulates
            five years of history so charts and risk figures have room. Like any random process it sometimes misses a target by chance: about 7 of 100 five-year runs
            miss one row of the table above (most often long memory). The first start then simulates again from a related seed (at most {HISTORY_CANDIDATES} histories in
            all) and keeps the first on which every row holds. Nothing else is adjusted: the table is measured on the history you see.
          </p>
        </Card>
        <Card title="Volume">
          <p>
            Each stock trades about its average daily volume. More shares change hands when the price moves a lot and during a storm, and far more on a jump — the busiest
            days are the days with the biggest moves.
          </p>
        </Card>
        <Card title="Dividends and splits">
          <p>
            Mature companies (utilities, consumer staples and others) pay a <strong>cash dividend</strong> every quarter; young technology companies pay none. On the ex-date
            the price drops by the dividend. Whoever holds the shares at the start of the ex-date is paid on the pay date; whoever is short pays it. Your portfolio&apos;s history
            shows each payment as its own line, and it counts as return.
          </p>
          <p>
            A company whose price has grown high may <strong>split</strong> its shares, say 2 for 1: you then hold twice the shares at half the price, open orders and average
            cost are adjusted the same way, and your equity does not change. Charts show the history split-adjusted. Each instrument&apos;s page lists its past and coming
            actions.
          </p>
        </Card>
        <Card title="Fills">
          <p>
            Every share you buy comes from someone selling it. A market order pays <strong>half the spread</strong> (a few basis points: the gap between what buyers bid
            and sellers ask) and, the bigger it is, a little more: <strong>market impact</strong>, because a large order uses up the cheapest offers first. Impact grows
            with the square root of the order&apos;s size compared with what the stock trades in a day: four times the shares costs about twice as much per share, not four
            times. The trade ticket shows the impact before you send the order.
          </p>
          <p>
            An order up to 1 % of a day&apos;s volume fills at once. A bigger one <strong>fills in parts</strong>: it takes at most a share of what the market trades
            while it works (10 % unless a contest sets another limit), tick by tick, and the rest waits, shown as &ldquo;partially filled&rdquo; with how many shares
            filled and at what average price. You can cancel the rest at any time and keep what filled; a day order&apos;s rest expires at the end of the day.
          </p>
          <p>
            A <strong>limit order</strong> waiting in the book fills at its limit when the price moves through it; only when the price jumps past it (news) does it fill at
            the better price. When the price only touches the limit, it fills about half the time: other orders at that price were in the queue first. A stop order
            becomes a market order when the price touches its stop, so after a gap it fills at the new, worse price. Every fill says in words how it was priced: the
            market price it started from, the spread and impact it paid, and what is left of the order.
          </p>
          <p>Contests can set a commission per fill, the spread, the participation limit and whether impact applies.</p>
        </Card>
      </div>
    </div>
  );
}
