/**
 * The trade ticket's preview is the domain's own `checkOrder` under the rules the server says
 * this portfolio trades under (the summary's `rules`): the same commission, slippage, short
 * collateral, position limit, allowed instruments, event window and short-selling lock the
 * engine applies. So the preview of a market order at an unchanged price is the fill, to the
 * cent, and a refusal shows before anyone submits.
 */
import {
  checkOrder,
  type Money,
  type OrderCheck,
  type OrderInput,
  parseMoney,
  type TradingRules,
  type Rejection,
  validateOrder,
} from "@/domain/trading";
import type { Instrument, Order, Summary } from "./types";
import { stateOfSummary } from "./valuation";

/** The summary's rules as the domain's. */
export function rulesOfSummary(rules: Summary["rules"]): TradingRules {
  return {
    slippageBps: rules.slippageBps,
    commission: { flat: parseMoney(rules.commission.flat), bps: rules.commission.bps },
    allowShort: rules.allowShort,
    shortingUnlocked: rules.shorting.unlocked,
    maxPositionPct: rules.maxPositionPct,
    allowedSymbols: rules.allowedSymbols ? new Set(rules.allowedSymbols) : null,
    liveWindow: rules.window ? { start: new Date(rules.window.start), end: new Date(rules.window.end) } : null,
  };
}

export type Preview = { kind: "incomplete"; rejection: Rejection | null } | { kind: "checked"; check: OrderCheck };

/**
 * What the order would do now: the domain's check of the input (as the server validates it)
 * against the portfolio as the page shows it, at the instruments' prices on the page.
 */
export function previewOrder(options: { summary: Summary; instruments: readonly Instrument[]; openOrders: readonly Order[]; input: OrderInput; now: Date }): Preview {
  const validation = validateOrder(options.input);
  if (!validation.ok) return { kind: "incomplete", rejection: validation.rejection };
  const prices = new Map<string, Money>();
  for (const i of options.instruments) prices.set(i.symbol, parseMoney(i.lastPrice));
  // Held symbols are valued at the page's prices too (an instrument the list no longer offers included).
  for (const p of options.summary.positions) if (!prices.has(p.symbol)) prices.set(p.symbol, parseMoney(p.lastPrice));
  const inactiveSymbols = new Set(options.instruments.filter((i) => !i.active).map((i) => i.symbol));
  const openOrders = options.openOrders
    .filter((o) => o.status === "open")
    .flatMap((o) => {
      const spec = validateOrder({ symbol: o.symbol, side: o.side, type: o.type, quantity: o.quantity, limitPrice: o.limitPrice, stopPrice: o.stopPrice, timeInForce: o.timeInForce });
      return spec.ok ? [{ order: spec.order }] : [];
    });
  const check = checkOrder(stateOfSummary(options.summary), validation.order, { now: options.now, prices, inactiveSymbols, openOrders }, rulesOfSummary(options.summary.rules));
  return { kind: "checked", check };
}
