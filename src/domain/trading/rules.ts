/**
 * The rules a portfolio trades under. The practice portfolio uses the defaults of
 * PRODUCT.md; an event overrides them (commission, shorting, allowed instruments, limits).
 */
import type { ConductRules } from "./conduct";
import { DEFAULT_LIQUIDITY_RULES, type LiquidityRules } from "./liquidity";
import { percentFigure } from "@/lib/format";
import { cents, type Money, parseMoney, ZERO } from "./money";

export interface CommissionSchedule {
  /** Charged on every fill. */
  flat: Money;
  /** On the fill's value (price × quantity), rounded up to the cent. */
  bps: number;
}

export interface TradingRules {
  /**
   * Half the bid–ask spread, in bps: a taking fill moves this far against the trader before
   * impact (5 bps: a buy at 100.00 pays 100.05). Organisers set it per contest.
   */
  slippageBps: number;
  /** Market impact and partial fills (liquidity.ts): impact on/off and the participation limit. */
  liquidity: LiquidityRules;
  commission: CommissionSchedule;
  /** The event allows short selling (false → SHORTING_DISABLED). */
  allowShort: boolean;
  /** The person passed the lesson that unlocks short selling (false → SHORTING_LOCKED). */
  shortingUnlocked: boolean;
  /**
   * The person passed the lesson that unlocks trailing stops and orders with legs (decision
   * 065); absent = unlocked (no published lesson gates them). false → ADVANCED_ORDERS_LOCKED.
   */
  advancedOrdersUnlocked?: boolean;
  /** Largest position, in % of equity, a buy or short may leave; null = no limit. */
  maxPositionPct: number | null;
  /** null = every instrument. */
  allowedSymbols: ReadonlySet<string> | null;
  /** Orders are accepted only from start (inclusive) to end (exclusive); null = always. */
  liveWindow: { start: Date; end: Date } | null;
  /** An event's rules against gambling (./conduct.ts); absent = none (the practice portfolio). */
  conduct?: ConductRules;
  /**
   * Margin (./margin.ts, docs/decisions/070-margin-and-borrowing.md): borrowing up to a multiple
   * of equity, interest, a maintenance margin with a call and forced sales. Absent or null = no
   * margin: cash never goes below zero through a trade, and shorts keep the 30 % rule.
   */
  margin?: MarginRules | null;
  /** Shorts pay a daily borrow fee at their instrument's yearly rate (margin.ts borrowFeeBps); absent = false. */
  borrowFees?: boolean;
}

/** An organiser's (or the practice market's) margin settings. Percentages and the multiple have at most 2 decimals. */
export interface MarginRules {
  /** Buying power up to this multiple of equity (2 = 2×, Reg T); more than 1, at most 4. */
  multiplier: number;
  /** Yearly interest charged on a debit balance (cash below zero), in %. */
  debitRatePct: number;
  /** Yearly interest paid on positive cash, in %. */
  creditRatePct: number;
  /** Equity must stay at least this share of the long market value (plus 30 % of the shorts'), in %. */
  maintenancePct: number;
  /** How long a margin call may stand before the engine sells, in whole hours. */
  callHours: number;
}

/** The defaults of issue #22 §3: 2× buying power, 8 % on a debit, 0 % on cash, 25 % maintenance, a day to meet a call. */
export const DEFAULT_MARGIN: MarginRules = { multiplier: 2, debitRatePct: 8, creditRatePct: 0, maintenancePct: 25, callHours: 24 };
export const MAX_MARGIN_MULTIPLIER = 4;
export const MAX_INTEREST_PCT = 30;
export const MAX_CALL_HOURS = 168;

export const STARTING_CASH = parseMoney("100000.00");
export const DEFAULT_SLIPPAGE_BPS = 5;
export const NO_COMMISSION: CommissionSchedule = { flat: ZERO, bps: 0 };
/** A short needs its proceeds plus 50 % more (Reg T style): 150 % of its market value. */
export const SHORT_REQUIREMENT_PCT = 150;
/** Under this share of Σ |short market value|, equity triggers covering every short. */
export const MAINTENANCE_PCT = 30;

/**
 * The practice market's margin as an admin sets it (the install setting `practiceMargin`,
 * docs/decisions/073): the terms, and whether new borrowing is allowed. Switched off, the terms
 * stay for whoever still borrows under them (below), so switching off never changes a debt's
 * interest or requirement after the fact.
 */
export interface PracticeMargin {
  enabled: boolean;
  terms: MarginRules;
}

/**
 * The practice portfolio's rules: shorting allowed once the person has unlocked it; shorts pay
 * their borrow fee; margin as the admin set it (decision 073), else a cash account (decision 070).
 * With practice margin switched off, a portfolio still borrowing (`borrowing`: cash below zero,
 * or a margin call standing) keeps the terms at a multiple of 1: no new borrowing (buying power
 * is then exactly the cash formula), while its debt keeps its interest, its maintenance margin,
 * its call and forced sales until it is repaid.
 */
export function practiceRules(options: { shortingUnlocked: boolean; margin?: PracticeMargin | null; borrowing?: boolean }): TradingRules {
  return {
    slippageBps: DEFAULT_SLIPPAGE_BPS,
    liquidity: DEFAULT_LIQUIDITY_RULES,
    commission: NO_COMMISSION,
    allowShort: true,
    shortingUnlocked: options.shortingUnlocked,
    maxPositionPct: null,
    allowedSymbols: null,
    liveWindow: null,
    margin: practiceMarginRules(options.margin ?? null, options.borrowing ?? false),
    borrowFees: true,
  };
}

function practiceMarginRules(margin: PracticeMargin | null, borrowing: boolean): MarginRules | null {
  if (!margin) return null;
  if (margin.enabled) return margin.terms;
  return borrowing ? { ...margin.terms, multiplier: 1 } : null;
}

export class InvalidRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidRulesError";
  }
}

/** Refuses rules no order could be judged by (negative costs, a limit outside 0–100 %, …). */
export function assertValidRules(rules: TradingRules): TradingRules {
  const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
  if (!twoDecimals(rules.slippageBps) || rules.slippageBps < 0 || rules.slippageBps >= 10_000) {
    throw new InvalidRulesError("Slippage must be from 0 to under 10,000 bps, with at most 2 decimals.");
  }
  const participation = rules.liquidity.participationPct;
  if (!twoDecimals(participation) || participation <= 0 || participation > 100) {
    throw new InvalidRulesError("The participation limit must be above 0 % and at most 100 %, with at most 2 decimals.");
  }
  if (!twoDecimals(rules.commission.bps) || rules.commission.bps < 0 || rules.commission.bps >= 10_000) {
    throw new InvalidRulesError("Commission bps must be from 0 to under 10,000, with at most 2 decimals.");
  }
  if (rules.commission.flat < cents(0)) throw new InvalidRulesError("The flat commission cannot be negative.");
  if (rules.maxPositionPct !== null && (!twoDecimals(rules.maxPositionPct) || rules.maxPositionPct <= 0 || rules.maxPositionPct > 100)) {
    throw new InvalidRulesError("The position limit must be above 0 % and at most 100 %, with at most 2 decimals.");
  }
  if (rules.liveWindow && rules.liveWindow.end.getTime() <= rules.liveWindow.start.getTime()) {
    throw new InvalidRulesError("An event must end after it starts.");
  }
  if (rules.margin) {
    const problem = marginRulesProblem(rules.margin);
    if (problem) throw new InvalidRulesError(problem.message);
  }
  return rules;
}

/**
 * What is wrong with margin settings, by field (the event form shows it there), or null. The
 * maintenance margin must stay below the initial one (100 % ÷ the multiple), or every margin
 * purchase would be called at once.
 */
export function marginRulesProblem(margin: MarginRules): { field: keyof MarginRules; message: string } | null {
  const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
  const { multiplier, debitRatePct, creditRatePct, maintenancePct, callHours } = margin;
  if (!twoDecimals(multiplier) || multiplier <= 1 || multiplier > MAX_MARGIN_MULTIPLIER) {
    return { field: "multiplier", message: `The margin multiple must be above 1 and at most ${MAX_MARGIN_MULTIPLIER}, with at most 2 decimals (2 = buying power of twice the equity).` };
  }
  if (!twoDecimals(debitRatePct) || debitRatePct < 0 || debitRatePct > MAX_INTEREST_PCT) {
    return { field: "debitRatePct", message: `The interest on a debit balance must be from ${percentFigure(0)} to ${percentFigure(MAX_INTEREST_PCT)} a year, with at most 2 decimals.` };
  }
  if (!twoDecimals(creditRatePct) || creditRatePct < 0 || creditRatePct > MAX_INTEREST_PCT) {
    return { field: "creditRatePct", message: `The interest on cash must be from ${percentFigure(0)} to ${percentFigure(MAX_INTEREST_PCT)} a year, with at most 2 decimals.` };
  }
  const initialPct = 100 / multiplier;
  if (!twoDecimals(maintenancePct) || maintenancePct <= 0 || maintenancePct >= initialPct) {
    return {
      field: "maintenancePct",
      message: `The maintenance margin must be above ${percentFigure(0)} and below the initial margin of ${percentFigure(Math.floor(initialPct * 100) / 100)} (${percentFigure(100)} ÷ the multiple of ${multiplier}), with at most 2 decimals.`,
    };
  }
  if (!Number.isSafeInteger(callHours) || callHours < 1 || callHours > MAX_CALL_HOURS) {
    return { field: "callHours", message: `The time to meet a margin call must be a whole number of hours from 1 to ${MAX_CALL_HOURS}.` };
  }
  return null;
}
