/**
 * THE return of a portfolio: time-weighted, so money put in or taken out (a teacher's cash
 * adjustment) is never counted as a gain or a loss (docs/decisions/057-time-weighted-return.md).
 * Every reader of "return" — the portfolio summary and the browser's live revaluation, the
 * performance chart and its figures, the practice and event boards (their SQL does the same
 * arithmetic, `flowAdjustedSql`), frozen standings, report cards, leagues and the class
 * dashboard — measures it through this module. Dividends are return, not flows (decision 052).
 *
 * How: a portfolio keeps **units**, like a fund. It opens with as many units as its starting
 * cash (each worth 1.00); a flow of D when the equity is E buys (or sells) units at the unit
 * value of that moment, E / units, so the unit value does not move with the flow. The unit
 * value equity / units is the time-weighted performance index; the return between two moments
 * is the ratio of its two values, less 1. Every snapshot stores the units of its instant.
 *
 * Exact: units are decimals with 8 places (bigint of 1e-8 units). Between two moments with the
 * same units (no flow between them, the usual case) the return is `exactReturn` of the two
 * equities, unchanged; across a flow the earlier equity is first carried to the later units
 * (`carriedTo`: equity × later units / earlier units, to the nearest cent).
 */
import { exactReturn } from "./analytics";
import { type Money, subtractMoney } from "./money";

declare const unitsBrand: unique symbol;
/** Units in 1e-8 (a decimal with 8 places): numeric(24, 8) in the database. */
export type Units = bigint & { readonly [unitsBrand]: "Units" };

const UNIT_PLACES = 8;
const UNIT_SCALE = 10n ** BigInt(UNIT_PLACES);
const CENTS_TO_UNITS = UNIT_SCALE / 100n;
const UNITS = /^([+-])?(\d+)(?:\.(\d{1,8}))?$/;

export class UnitsFormatError extends Error {
  constructor(readonly input: string) {
    super(`"${input}" is not a number of units with at most ${UNIT_PLACES} decimals.`);
    this.name = "UnitsFormatError";
  }
}

export function parseUnits(text: string): Units {
  const match = UNITS.exec(text);
  if (!match) throw new UnitsFormatError(text);
  const [, sign, whole, fraction = ""] = match;
  const value = BigInt(whole!) * UNIT_SCALE + BigInt(fraction.padEnd(UNIT_PLACES, "0"));
  return (sign === "-" ? -value : value) as Units;
}

/** "100000.00000000": the database's and the wire's form. */
export function formatUnits(units: Units): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % UNIT_SCALE).toString().padStart(UNIT_PLACES, "0");
  return `${negative ? "-" : ""}${abs / UNIT_SCALE}.${fraction}`;
}

/** The units a portfolio opens with: one per unit of starting cash (each worth 1.00). */
export const openingUnits = (startingCash: Money): Units => ((startingCash as bigint) * CENTS_TO_UNITS) as Units;

/** Stored units, or, where none were stored (no flow yet: null), the opening units of the starting cash. */
export const unitsOr = (stored: string | null | undefined, startingCash: Money): Units => (stored === null || stored === undefined ? openingUnits(startingCash) : parseUnits(stored));

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator > 0n === denominator > 0n ? quotient + 1n : quotient;
}

/**
 * The units after a flow of `flow` (+ in, − out) made when the equity was `equityBefore`: the
 * flow buys units at the unit value of that moment, so the unit value is the same after it.
 * Rounded up to 1e-8 (more units, a lower unit value: against the trader). With an equity that
 * is not positive there is no unit value to buy at: the units stay (such a portfolio has no
 * return to protect; its return is null anyway).
 */
export function unitsAfterFlow(units: Units, equityBefore: Money, flow: Money): Units {
  if (equityBefore <= 0n || units <= 0n) return units;
  return ceilDiv(units * ((equityBefore as bigint) + (flow as bigint)), equityBefore) as Units;
}

/** An equity and the units of the same instant. */
export interface Capital {
  equity: Money;
  units: Units;
}

/**
 * `from`'s equity carried to `units` (to the nearest cent): what it would have been with the flows made since (the
 * baseline a return or a gain is measured from). Unchanged when the units are the same.
 */
export function carriedTo(from: Capital, units: Units): Money {
  if (from.units === units || from.units <= 0n) return from.equity;
  return nearestDiv((from.equity as bigint) * units, from.units) as Money;
}

/**
 * numerator / denominator (> 0) to the nearest integer, half away from zero. To the nearest, not
 * up: the units were already rounded against the trader, and an equity carried across a flow
 * made at that very equity must come back to the cent (+500.00 on 100,000.00 is 100,500.00).
 */
function nearestDiv(numerator: bigint, denominator: bigint): bigint {
  return numerator >= 0n ? (2n * numerator + denominator) / (2n * denominator) : -((-2n * numerator + denominator) / (2n * denominator));
}

/**
 * THE return between two moments, time-weighted: (to.equity / to.units) / (from.equity /
 * from.units) − 1, unrounded (boards compare exact figures; `formatRatio` rounds to show).
 * Null when the baseline is not positive.
 */
export function timeWeightedReturn(from: Capital, to: Capital): number | null {
  return exactReturn(carriedTo(from, to.units), to.equity);
}

/** The return since the portfolio opened with `startingCash` (`to.units` carry every flow since). */
export function returnSinceStart(startingCash: Money, to: Capital): number | null {
  return timeWeightedReturn({ equity: startingCash, units: openingUnits(startingCash) }, to);
}

/** What was gained (or lost) between two moments, not counting the flows between them. */
export function gainBetween(from: Capital, to: Capital): Money {
  return subtractMoney(to.equity, carriedTo(from, to.units));
}

/**
 * A series of equities as one performance line: each point carried to the last point's units.
 * The last point is its own equity; earlier points are what they would have been with every
 * flow since, so a deposit is no jump, and any return, drawdown or risk figure taken from the
 * line is time-weighted. With no flow in the series, the equities as they are.
 */
export function flowAdjustedSeries(points: readonly Capital[]): Money[] {
  if (points.length === 0) return [];
  const last = points[points.length - 1]!.units;
  return points.map((p) => carriedTo(p, last));
}
