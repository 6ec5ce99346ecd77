/**
 * A week's league points (docs/decisions/045-leagues.md): learning and good practice, never
 * raw return. Four parts, each computed by exactly these rules here and by the league refresh
 * in SQL (src/features/leagues/server/refresh.ts; tests/integration/leagues.test.ts checks
 * they agree):
 *
 * - learning: every XP point earned this week (the learn feature's xp_events);
 * - journal: JOURNAL_POINTS for each practice order placed this week with a journal note
 *   (orders.note, not blank) that was not rejected, at most JOURNAL_MAX_ORDERS a week;
 * - diversification: DIVERSIFICATION_POINTS per effective holding of the practice portfolio
 *   now, at most DIVERSIFICATION_MAX_HOLDINGS: the effective number of holdings is
 *   ⌊(Σv)² / Σv²⌋ over the positions' market values v (the trading engine's marks), an exact
 *   integer (ten equal positions count 10, one big and nine crumbs count 1);
 * - risk-adjusted: RISK_POINTS per whole unit of the practice portfolio's Sharpe ratio over the
 *   last seven days (the daily 00:00 UTC snapshots, today's included: THE risk figures'
 *   Sharpe annualised from daily steps), 0 when negative or undefined, at most RISK_MAX_UNITS.
 *   It changes once a UTC day, so the refresh computes it once a day.
 */
import { MS_PER_YEAR, parseMoney, periodReturns, sharpeOfReturns, timeWeightedReturn, type Amount, type Money, type Units } from "../trading";
import { SHARPE_RANKING_DECIMALS } from "../ranking/sharpe";

export const JOURNAL_POINTS = 10;
export const JOURNAL_MAX_ORDERS = 10;
export const DIVERSIFICATION_POINTS = 5;
export const DIVERSIFICATION_MAX_HOLDINGS = 10;
export const RISK_POINTS = 5;
export const RISK_MAX_UNITS = 10;
/** The Sharpe part's window: this many days back from today's 00:00 UTC, one snapshot a day. */
export const RISK_WINDOW_DAYS = 7;
export const DAY_MS = 86_400_000;

export interface PointsFacts {
  /** XP earned since the week began. */
  xp: number;
  /** Practice orders placed since the week began with a journal note, not rejected. */
  journaledOrders: number;
  /** Effective number of holdings now (`effectiveHoldings`). */
  effectiveHoldings: number;
  /** The week's Sharpe ratio (`leagueSharpe`), null when undefined. */
  sharpe: number | null;
}

export interface LeaguePoints {
  learning: number;
  journal: number;
  diversification: number;
  risk: number;
  total: number;
}

export const journalPoints = (orders: number): number => JOURNAL_POINTS * Math.min(JOURNAL_MAX_ORDERS, Math.max(0, Math.floor(orders)));

export const diversificationPoints = (effective: number): number => DIVERSIFICATION_POINTS * Math.min(DIVERSIFICATION_MAX_HOLDINGS, Math.max(0, Math.floor(effective)));

export const riskPoints = (sharpe: number | null): number => (sharpe === null ? 0 : RISK_POINTS * Math.min(RISK_MAX_UNITS, Math.max(0, Math.floor(sharpe))));

export function leaguePoints(facts: PointsFacts): LeaguePoints {
  const learning = Math.max(0, Math.floor(facts.xp));
  const journal = journalPoints(facts.journaledOrders);
  const diversification = diversificationPoints(facts.effectiveHoldings);
  const risk = riskPoints(facts.sharpe);
  return { learning, journal, diversification, risk, total: learning + journal + diversification + risk };
}

/**
 * ⌊(Σv)² / Σv²⌋ for the positions' absolute market values (any fixed scale: cents, or the
 * price's decimals), exactly; 0 with nothing held.
 */
export function effectiveHoldings(values: readonly bigint[]): number {
  const held = values.map((v) => (v < 0n ? -v : v)).filter((v) => v > 0n);
  if (held.length === 0) return 0;
  const sum = held.reduce((a, b) => a + b, 0n);
  const squares = held.reduce((a, b) => a + b * b, 0n);
  return Number((sum * sum) / squares);
}

const SCALE = 10 ** SHARPE_RANKING_DECIMALS;

/**
 * The league's Sharpe ratio of an equity series with one value a day (oldest first: the
 * snapshots at `riskWindow`'s instants that exist), annualised from daily steps and compared at
 * the ranking's precision (SHARPE_RANKING_DECIMALS) so the SQL and this agree on whole units.
 * With the portfolio's `units` of each day (decision 057), each day's return is time-weighted:
 * a teacher's deposit or withdrawal is not a day's gain.
 */
export function leagueSharpe(series: readonly Amount[], units?: readonly Units[]): number | null {
  const returns = units
    ? series.slice(1).map((equity, i) => timeWeightedReturn({ equity: toMoney(series[i]!), units: units[i]! }, { equity: toMoney(equity), units: units[i + 1]! }))
    : periodReturns(series);
  const perDay = sharpeOfReturns(returns);
  if (perDay === null) return null;
  const value = perDay * Math.sqrt(MS_PER_YEAR / DAY_MS);
  if (!Number.isFinite(value)) return null;
  return (Math.sign(value) * Math.floor(Math.abs(value) * SCALE + 0.5)) / SCALE + 0;
}

const toMoney = (amount: Amount): Money => (typeof amount === "string" ? parseMoney(amount) : amount);

/** The instants of the Sharpe part's daily snapshots: today's 00:00 UTC and the RISK_WINDOW_DAYS − 1 before, oldest first. */
export function riskWindow(now: Date): Date[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: RISK_WINDOW_DAYS }, (_, i) => new Date(today - (RISK_WINDOW_DAYS - 1 - i) * DAY_MS));
}
