/**
 * Liquidity: what an order's size does to its fill (PRODUCT.md, "Trading rules";
 * docs/decisions/056-liquidity-and-partial-fills.md).
 *
 * - Every taking fill pays half the spread (the rules' `slippageBps`) plus, beyond the depth
 *   at the touch (TOUCH_DEPTH_SHARE_OF_ADV), market impact by the square-root law: impact = Y · σ_daily · √(Q / ADV), Q the shares the order has taken
 *   so far (this part included), ADV the instrument's average daily volume, σ_daily its daily
 *   volatility, Y = IMPACT_COEFFICIENT.
 * - An order up to IMMEDIATE_SHARE_OF_ADV of the daily volume fills at once. A larger one
 *   works: it takes at most `participationPct` of the volume the market trades while it is
 *   marketable, over the following ticks, and the rest waits.
 * - A resting limit the price only touches (comes exactly to it) fills with the probability
 *   TOUCH_FILL_PROBABILITY (its place in the queue), drawn from a seed so it is repeatable.
 *
 * Pure: the engine hands in the instrument's liquidity, the tick's volume and the draw.
 */
import { integer } from "@/lib/format";
import type { PriceMove } from "./matching";
import { type Fill, matchOrder, type MatchOutcome } from "./matching";
import type { OrderSpec, TrailingStopOrder } from "./orders";
import { followPrice } from "./trailing";

/**
 * The shares quoted at the best price: an order up to this share of the daily volume (0.03 %)
 * fills at the touch and pays half the spread only. The square-root law describes orders that
 * eat into the book; a few shares never move a real quote.
 */
export const TOUCH_DEPTH_SHARE_OF_ADV = 0.0003;
/** An order up to this share of the instrument's average daily volume fills at once (1 %). */
export const IMMEDIATE_SHARE_OF_ADV = 0.01;
/** The share of the traded volume a working order may take, in % (default for every contest). */
export const DEFAULT_PARTICIPATION_PCT = 10;
/** Y of the square-root law (empirically 0.5–1 for equities). */
export const IMPACT_COEFFICIENT = 0.7;
/** A resting limit the price comes exactly to (and no further) fills with this probability. */
export const TOUCH_FILL_PROBABILITY = 0.5;
/** The simulated market trades around the clock: σ_annual / √365 is a day's volatility. */
export const DAYS_PER_YEAR = 365;

/** What the market says about one instrument's depth. */
export interface Liquidity {
  /** Shares traded on a typical day; 0 = unknown (the order then fills whole, without impact). */
  averageDailyVolume: number;
  /** Standard deviation of a day's return, as a fraction (0.0157 = 1.57 %). */
  dailyVolatility: number;
}

/** What an organiser sets for a contest (rules.ts holds the defaults). */
export interface LiquidityRules {
  /** Market impact on fills (the square-root law); off = half the spread only. */
  impact: boolean;
  /** Largest share, in %, of the volume traded while an order works that it may take (0 < p ≤ 100). */
  participationPct: number;
}

export const DEFAULT_LIQUIDITY_RULES: LiquidityRules = { impact: true, participationPct: DEFAULT_PARTICIPATION_PCT };

/** An instrument's liquidity from its stored parameters (annual volatility → daily). */
export function liquidityOf(averageDailyVolume: number, annualVolatility: number): Liquidity {
  return { averageDailyVolume: Math.max(0, Math.floor(averageDailyVolume)), dailyVolatility: Math.max(0, annualVolatility) / Math.sqrt(DAYS_PER_YEAR) };
}

/**
 * The impact of having taken `quantity` shares, in basis points, rounded UP to 0.01 bp (the
 * fill price then rounds against the trader too). Zero when impact is off or the volume unknown.
 */
export function impactBps(quantity: number, liquidity: Liquidity | null | undefined, rules: Pick<LiquidityRules, "impact">): number {
  if (!rules.impact || !liquidity || liquidity.averageDailyVolume <= 0 || quantity <= 0) return 0;
  if (quantity <= Math.floor(liquidity.averageDailyVolume * TOUCH_DEPTH_SHARE_OF_ADV)) return 0;
  const fraction = IMPACT_COEFFICIENT * liquidity.dailyVolatility * Math.sqrt(quantity / liquidity.averageDailyVolume);
  // Capped well under 10,000 bps so a price can never turn negative, whatever an admin types.
  return Math.min(5000, Math.ceil(fraction * 10_000 * 100 - 1e-9) / 100);
}

/** The largest order that fills at once: 1 % of the average daily volume (everything when it is unknown). */
export function immediateLimit(liquidity: Liquidity | null | undefined): number {
  if (!liquidity || liquidity.averageDailyVolume <= 0) return Number.MAX_SAFE_INTEGER;
  return Math.max(1, Math.floor(liquidity.averageDailyVolume * IMMEDIATE_SHARE_OF_ADV));
}

/** Does an order of this size work in parts (more than 1 % of the daily volume)? */
export function worksInParts(quantity: number, liquidity: Liquidity | null | undefined): boolean {
  return quantity > immediateLimit(liquidity);
}

/** Shares a working order may have taken in all once `volumeSeen` shares have traded while it worked. */
export function participationAllowance(volumeSeen: number, participationPct: number): number {
  // Integer maths on hundredths of a percent: floor(volume × pct / 100) exactly.
  const pctHundredths = BigInt(Math.round(participationPct * 100));
  return Number((BigInt(Math.max(0, Math.floor(volumeSeen))) * pctHundredths) / 10_000n);
}

/**
 * A repeatable draw in [0, 1) from a text seed (the order's id and the tick's instant): the
 * touch of a resting limit fills when it is under TOUCH_FILL_PROBABILITY. FNV-1a, then a
 * 32-bit mix: uniform enough for a coin, and the same on every machine.
 */
export function seededDraw(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** An order as it works: its spec (the whole quantity), what it has taken and the volume it has seen. */
export interface WorkingOrder {
  spec: OrderSpec;
  filledQuantity: number;
  /** Shares the market traded while this order was marketable (and working in parts). */
  volumeSeen: number;
}

/** What the market did for this order: the move, the shares traded in it, whether it was a jump. */
export interface MarketEvent {
  move: PriceMove;
  /** Shares traded in the move (0 when an order is placed: nothing has traded while it worked). */
  volume: number;
  /** The simulator reported a jump: a limit crossed by it fills at the new, better price. */
  jump?: boolean;
  /** The draw for a touched resting limit, in [0, 1) (seededDraw). */
  touchDraw?: number;
}

export type ExecutionPlan =
  /**
   * Nothing fills now. `working`: the order is marketable but waits for volume (its `volumeSeen` grew).
   * `trail`: a trailing stop whose mark (and so its stop) this price moved, as it is now (trailing.ts).
   */
  | { kind: "none"; volumeSeen: number; working: boolean; reason?: string; trail?: TrailingStopOrder }
  /** A stop-limit touched whose limit is out of reach: it rests as this limit. */
  | Extract<MatchOutcome, { kind: "triggered" }>
  /** `fill.quantity` shares now; `done` when nothing is left. `triggered`: a stop turned into a working market order. */
  | { kind: "fill"; fill: Fill; filledQuantity: number; volumeSeen: number; done: boolean; triggered: boolean };

const n = integer;

/**
 * Decides what a working order does on one market event: fills whole (small), a part
 * (large: the participation limit of the volume seen), or waits; at what price (half spread +
 * impact for a taker, the limit for a crossed resting limit), with every figure on the fill.
 */
export function planExecution(order: WorkingOrder, event: MarketEvent, liquidity: Liquidity | null | undefined, rules: { slippageBps: number; liquidity?: LiquidityRules }): ExecutionPlan {
  const plan = planFill(order, event, liquidity, rules);
  // A trailing stop the price did not reach follows it: the mark moves on the new price only after the stop was judged.
  const spec = order.spec;
  if (plan.kind === "none" && spec.type === "trailing-stop" && event.move.kind === "tick") {
    const trail = followPrice(spec, event.move.next);
    if (trail) return { ...plan, trail };
  }
  return plan;
}

// Module-level, not closures of planFill: a tick calls it for every working order.
function none(volumeSeen: number, working: boolean, reason?: string): ExecutionPlan {
  return { kind: "none", volumeSeen, working, ...(reason && { reason }) };
}

function pricingFor(taken: number, event: MarketEvent, liquidity: Liquidity | null | undefined, rules: { slippageBps: number }, lr: LiquidityRules) {
  return { slippageBps: rules.slippageBps, impactBps: impactBps(taken, liquidity, lr), jump: event.jump ?? false, touchFills: (event.touchDraw ?? 0) < TOUCH_FILL_PROBABILITY };
}

function planFill(order: WorkingOrder, event: MarketEvent, liquidity: Liquidity | null | undefined, rules: { slippageBps: number; liquidity?: LiquidityRules }): ExecutionPlan {
  const lr = rules.liquidity ?? DEFAULT_LIQUIDITY_RULES;
  const remaining = order.spec.quantity - order.filledQuantity;
  if (remaining <= 0) return none(order.volumeSeen, false);

  if (!worksInParts(order.spec.quantity, liquidity)) {
    const outcome = matchOrder({ ...order.spec, quantity: remaining }, event.move, pricingFor(remaining, event, liquidity, rules, lr));
    if (outcome.kind === "none") return none(order.volumeSeen, false);
    if (outcome.kind === "triggered") return outcome;
    return { kind: "fill", fill: outcome.fill, filledQuantity: order.spec.quantity, volumeSeen: order.volumeSeen, done: true, triggered: false };
  }

  // Large: is it marketable on this event at all? (priced as if it took the rest, which never
  // makes a limit reachable that a smaller part would not reach). A market order always is: no
  // probe (a tick's thousand working market orders each built a fill and its reason for it).
  if (order.spec.type !== "market") {
    const probe = matchOrder({ ...order.spec, quantity: remaining }, event.move, pricingFor(order.filledQuantity + 1, event, liquidity, rules, lr));
    if (probe.kind === "none") return none(order.volumeSeen, false);
    if (probe.kind === "triggered") return probe;
  }
  const volumeSeen = order.volumeSeen + Math.max(0, Math.floor(event.volume));
  const allowed = participationAllowance(volumeSeen, lr.participationPct) - order.filledQuantity;
  const part = Math.min(remaining, allowed);
  const asMarket = order.spec.type === "stop" || order.spec.type === "trailing-stop";
  const pct = `${n(lr.participationPct)} % of the volume traded`;
  if (part < 1) {
    return none(volumeSeen, true, `${n(order.spec.quantity)} shares are more than 1 % of a day's volume (${n(liquidity!.averageDailyVolume)}): the order fills in parts, at most ${pct} while it works`);
  }
  const outcome = matchOrder({ ...order.spec, quantity: part }, event.move, pricingFor(order.filledQuantity + part, event, liquidity, rules, lr));
  // A limit the part's impact would push past is not filled now: it waits for a better price or more volume.
  if (outcome.kind !== "fill") return none(volumeSeen, true);
  const filledQuantity = order.filledQuantity + part;
  const done = filledQuantity === order.spec.quantity;
  const story = done
    ? `; ${n(filledQuantity)} of ${n(order.spec.quantity)} now filled, at most ${pct}`
    : `; ${n(filledQuantity)} of ${n(order.spec.quantity)} filled, the rest waits: ${pct}`;
  const fill: Fill = { ...outcome.fill, reason: `${order.spec.side === "buy" || order.spec.side === "cover" ? "bought" : "sold"} ${n(part)} (${outcome.fill.reason})${story}` };
  return { kind: "fill", fill, filledQuantity, volumeSeen, done, triggered: asMarket };
}
