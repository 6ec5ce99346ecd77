/**
 * The trade ticket's preview is the domain's own `checkOrder` under the rules the server says
 * this portfolio trades under (the summary's `rules`): the same commission, slippage, short
 * collateral, position limit, allowed instruments, event window and short-selling lock the
 * engine applies. So the preview of a market order at an unchanged price is the fill, to the
 * cent, and a refusal shows before anyone submits.
 */
import {
  checkClassedOrder,
  type ClassInput,
  DEFAULT_LIQUIDITY_RULES,
  type Liquidity,
  liquidityOf,
  type Money,
  type OrderInput,
  type PlacementCheck,
  parseMoney,
  promisedOnce,
  type TradingRules,
  type Rejection,
  validateClassedOrder,
  validateOrder,
} from "@/domain/trading";
import type { Instrument, Order, Summary } from "./types";
import { stateOfSummary } from "./valuation";

/** The summary's rules as the domain's. */
export function rulesOfSummary(rules: Summary["rules"]): TradingRules {
  return {
    slippageBps: rules.slippageBps,
    liquidity: rules.liquidity ?? DEFAULT_LIQUIDITY_RULES,
    commission: { flat: parseMoney(rules.commission.flat), bps: rules.commission.bps },
    allowShort: rules.allowShort,
    shortingUnlocked: rules.shorting.unlocked,
    ...(rules.advancedOrders && { advancedOrdersUnlocked: rules.advancedOrders.unlocked }),
    maxPositionPct: rules.maxPositionPct,
    allowedSymbols: rules.allowedSymbols ? new Set(rules.allowedSymbols) : null,
    liveWindow: rules.window ? { start: new Date(rules.window.start), end: new Date(rules.window.end) } : null,
    margin: rules.margin ?? null,
    borrowFees: rules.borrowFees ?? false,
  };
}

export type Preview = { kind: "incomplete"; rejection: Rejection | null } | { kind: "checked"; check: PlacementCheck };

/**
 * What the order would do now: the domain's check of the input (as the server validates it)
 * against the portfolio as the page shows it, at the instruments' prices on the page.
 */
export function previewOrder(options: { summary: Summary; instruments: readonly Instrument[]; openOrders: readonly Order[]; input: OrderInput & ClassInput; now: Date }): Preview {
  const validation = validateClassedOrder(options.input);
  if (!validation.ok) return { kind: "incomplete", rejection: validation.rejection };
  const prices = new Map<string, Money>();
  for (const i of options.instruments) prices.set(i.symbol, parseMoney(i.lastPrice));
  // Held symbols are valued at the page's prices too (an instrument the list no longer offers included).
  for (const p of options.summary.positions) if (!prices.has(p.symbol)) prices.set(p.symbol, parseMoney(p.lastPrice));
  const inactiveSymbols = new Set(options.instruments.filter((i) => !i.active).map((i) => i.symbol));
  const openOrders = options.openOrders
    .filter((o) => o.status === "open" || o.status === "partially_filled")
    .flatMap((o) => {
      // What is still to fill is what the order still promises.
      // A trailing stop's stop is its own (not sent as stopPrice); a dollar-amount order promises the shares it resolved to.
      const trailing = o.type === "trailing-stop";
      const spec = validateOrder({
        symbol: o.symbol,
        side: o.side,
        type: o.type,
        quantity: o.quantity - (o.filledQuantity ?? 0),
        limitPrice: o.limitPrice,
        stopPrice: trailing ? null : o.stopPrice,
        trailPercent: o.trailPercent ?? null,
        trailAmount: o.trailAmount ?? null,
        timeInForce: o.timeInForce,
      });
      // The exits of one group promise the same shares once (order-classes.ts), as the engine counts them.
      const group = o.leg === "take-profit" || o.leg === "stop-loss" ? (o.parentId ?? o.id) : null;
      return spec.ok ? [{ order: spec.order, group }] : [];
    });
  // Depth as the engine reads it; a replay's portfolio fills whole (its instruments have none here).
  const liquidity = new Map<string, Liquidity>();
  if (options.summary.pricing === "live") {
    for (const i of options.instruments) if (i.liquidity) liquidity.set(i.symbol, liquidityOf(i.liquidity.averageDailyVolume, i.liquidity.volatility));
  }
  const check = checkClassedOrder(stateOfSummary(options.summary), validation.order, { now: options.now, prices, inactiveSymbols, openOrders: promisedOnce(openOrders), liquidity }, rulesOfSummary(options.summary.rules));
  return { kind: "checked", check };
}
