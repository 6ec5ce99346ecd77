/**
 * The browser's live revaluation: the summary the server sent, valued again at the quotes
 * that arrived since — with the domain's own functions (valuePortfolio, unrealisedPnl,
 * exactReturn) on exact Money, never floats. Only a portfolio priced "live" (the practice
 * market) moves with quotes: a replay's figures come from its marks, an ended event's are final.
 */
import {
  absMoney,
  addMoney,
  exactReturn,
  formatMoney,
  formatRatio,
  type Money,
  moneyRatio,
  multiplyMoney,
  parseMoney,
  parseUnits,
  type PortfolioState,
  type Position,
  restorePosition,
  returnSinceStart,
  subtractMoney,
  unrealisedPnl,
  valuePortfolio,
} from "@/domain/trading";
import type { Quotes } from "@/features/market/components";
import type { Summary } from "./types";

/** The summary as the domain's state (cash, reservations, the open positions). */
export function stateOfSummary(summary: Summary): PortfolioState {
  return {
    cash: parseMoney(summary.cash),
    reservedCash: parseMoney(summary.reservedCash),
    positions: new Map(
      summary.positions.map((p) => [p.symbol, restorePosition({ quantity: p.quantity, costBasis: parseMoney(p.costBasis), realisedPnl: parseMoney(p.realisedPnl) })] as [string, Position]),
    ),
  };
}

/** The summary re-valued at the live prices (display only; the server stays the source of truth). */
export function withQuotes(summary: Summary, quotes: Quotes): Summary {
  if (summary.pricing !== "live" || !summary.positions.some((p) => quotes[p.symbol])) return summary;
  const state = stateOfSummary(summary);
  const prices = new Map<string, Money>(summary.positions.map((p) => [p.symbol, parseMoney(quotes[p.symbol]?.price ?? p.lastPrice)]));
  const value = valuePortfolio(state, prices, summary.rules.margin);
  let unrealised = parseMoney("0.00");
  const positions = summary.positions.map((p) => {
    const last = prices.get(p.symbol)!;
    const position = state.positions.get(p.symbol)!;
    const marketValue = multiplyMoney(last, p.quantity);
    const pnl = unrealisedPnl(position, last);
    unrealised = addMoney(unrealised, pnl);
    // The server's day change (from the previous close, or from the price paid for shares bought
    // today: domain positionDayChange) plus what the live price moved since it was computed.
    const dayChange = addMoney(parseMoney(p.dayChange), multiplyMoney(subtractMoney(last, parseMoney(p.lastPrice)), p.quantity));
    return {
      ...p,
      lastPrice: formatMoney(last),
      marketValue: formatMoney(marketValue),
      unrealisedPnl: formatMoney(pnl),
      dayChange: formatMoney(dayChange),
      weight: value.equity > 0n ? formatRatio(moneyRatio(absMoney(marketValue), value.equity)) : null,
    };
  });
  // Today's change is the server's (equity since 00:00 UTC) plus what the live prices added.
  const moved = subtractMoney(value.equity, parseMoney(summary.equity));
  const dayChange = addMoney(parseMoney(summary.dayChange), moved);
  const dayStart = subtractMoney(parseMoney(summary.equity), parseMoney(summary.dayChange));
  return {
    ...summary,
    positions,
    equity: formatMoney(value.equity),
    longMarketValue: formatMoney(value.longMarketValue),
    shortMarketValue: formatMoney(value.shortMarketValue),
    buyingPower: formatMoney(value.buyingPower),
    ...(summary.margin && { margin: { ...summary.margin, maintenanceRequirement: formatMoney(value.maintenanceRequirement) } }),
    unrealisedPnl: formatMoney(unrealised),
    dayChange: formatMoney(dayChange),
    dayChangePct: summary.dayChangePct === null ? null : formatRatio(exactReturn(dayStart, value.equity)),
    // Time-weighted (decision 057): the units carry every cash adjustment, so none reads as a gain.
    totalReturn: formatRatio(returnSinceStart(parseMoney(summary.startingCash), { equity: value.equity, units: parseUnits(summary.units) })),
  };
}
