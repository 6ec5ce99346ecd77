/**
 * The rules a portfolio trades under. The practice portfolio uses the defaults of
 * PRODUCT.md; an event overrides them (commission, shorting, allowed instruments, limits).
 */
import type { ConductRules } from "./conduct";
import { DEFAULT_LIQUIDITY_RULES, type LiquidityRules } from "./liquidity";
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
}

export const STARTING_CASH = parseMoney("100000.00");
export const DEFAULT_SLIPPAGE_BPS = 5;
export const NO_COMMISSION: CommissionSchedule = { flat: ZERO, bps: 0 };
/** A short needs its proceeds plus 50 % more (Reg T style): 150 % of its market value. */
export const SHORT_REQUIREMENT_PCT = 150;
/** Under this share of Σ |short market value|, equity triggers covering every short. */
export const MAINTENANCE_PCT = 30;

/** The practice portfolio's rules: shorting allowed once the person has unlocked it. */
export function practiceRules(options: { shortingUnlocked: boolean }): TradingRules {
  return {
    slippageBps: DEFAULT_SLIPPAGE_BPS,
    liquidity: DEFAULT_LIQUIDITY_RULES,
    commission: NO_COMMISSION,
    allowShort: true,
    shortingUnlocked: options.shortingUnlocked,
    maxPositionPct: null,
    allowedSymbols: null,
    liveWindow: null,
  };
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
  return rules;
}
