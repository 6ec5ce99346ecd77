/**
 * A portfolio's summary (GET /api/portfolio, /api/portfolios/{id}): its figures valued by the
 * one valuation (the engine's holdingsOf: the view's prices, the domain's arithmetic), its
 * holdings, and the rules it trades under, so the trade ticket previews an order with the
 * domain's own checkOrder under exactly those rules.
 */
import {
  absMoney,
  formatMoney,
  type Money,
  moneyRatio,
  multiplyMoney,
  parseMoney,
  formatRatio,
  subtractMoney,
  totalReturn,
  unrealisedPnl,
  ZERO,
} from "@/domain/trading";
import { featureGate, SHORT_SELLING } from "@/features/learn";
import { listInstrumentsBySymbol } from "@/features/market";
import { holdingsOf, type PortfolioRow, resolveContexts, systemNotices } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { equityAt } from "./snapshots";

const ratio = formatRatio;

/** 00:00 UTC of `at`'s day: the practice market's day starts there. */
const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * What today's change is measured from: the equity snapshot at 00:00 UTC (or the last one
 * before it), the starting cash of a portfolio opened today, or null when neither exists
 * (an older portfolio on a server that took no snapshot yet).
 */
async function startOfDayEquity(db: DbOrTx, portfolio: PortfolioRow, now: Date): Promise<Money | null> {
  const dayStart = startOfUtcDay(now);
  if (portfolio.createdAt >= dayStart) return parseMoney(portfolio.startingCash);
  const equity = await equityAt(db, portfolio.id, dayStart);
  return equity === null ? null : parseMoney(equity);
}

/** How long the notice of an automatic cover stays on the portfolio page. */
const NOTICE_DAYS = 7;

/**
 * How the portfolio's figures move: with the practice market's quotes (the browser revalues
 * them live), on a replay's clock (refetched), or not at all (an ended event's final figures).
 */
export type Pricing = "live" | "replay" | "final";

export async function portfolioSummary(db: DbOrTx, portfolio: PortfolioRow, now = new Date()) {
  const context = (await resolveContexts(db, [portfolio], { now })).get(portfolio.id)!;
  const source = context.priceSource;
  const pricing: Pricing = context.final ? "final" : source.kind === "replay" ? "replay" : "live";
  const [holdings, notices, gate] = await Promise.all([
    holdingsOf(db, portfolio),
    systemNotices(db, portfolio.id, new Date(now.getTime() - NOTICE_DAYS * 86_400_000)),
    featureGate(db, SHORT_SELLING, portfolio.userId),
  ]);
  const { state, prices, valuation: value } = holdings;
  const symbols = [...state.positions.keys()];
  const practiceInfo = source.kind === "practice" ? await listInstrumentsBySymbol(db, symbols) : new Map();
  // A replay's "day" is its dataset's trading day; the practice market's is the UTC day.
  const dayBaseline = pricing === "live" ? await startOfDayEquity(db, portfolio, now) : null;

  let realised = ZERO;
  let unrealised = ZERO;
  let positionsDayChange = ZERO;
  const open = [...state.positions]
    .map(([symbol, position]) => {
      realised = (realised + position.realisedPnl) as Money;
      const last = prices.get(symbol);
      if (position.quantity === 0 || last === undefined) return null;
      const info = practiceInfo.get(symbol);
      const described = source.describe?.(symbol);
      const previousClose = pricing === "final" ? last : source.kind === "replay" ? (source.previousClose?.(symbol, now) ?? last) : info ? parseMoney(info.previousClose) : last;
      const marketValue = multiplyMoney(last, position.quantity);
      const pnl = unrealisedPnl(position, last);
      unrealised = (unrealised + pnl) as Money;
      const change = multiplyMoney(subtractMoney(last, previousClose), position.quantity);
      positionsDayChange = (positionsDayChange + change) as Money;
      return {
        symbol,
        name: described?.name ?? info?.name ?? symbol,
        sector: described?.sector ?? info?.sector ?? "",
        quantity: position.quantity,
        costBasis: formatMoney(position.costBasis),
        averageCost: formatMoney(position.averageCost),
        lastPrice: formatMoney(last),
        marketValue: formatMoney(marketValue),
        unrealisedPnl: formatMoney(pnl),
        realisedPnl: formatMoney(position.realisedPnl),
        dayChange: formatMoney(change),
        weight: value.equity > 0n ? ratio(moneyRatio(absMoney(marketValue), value.equity)) : null,
      };
    })
    .filter((p) => p !== null)
    .sort((a, b) => a.symbol.localeCompare(b.symbol));

  const rules = context.rules("buy");
  return {
    id: portfolio.id,
    kind: portfolio.kind,
    eventId: portfolio.eventId,
    pricing,
    startingCash: formatMoney(parseMoney(portfolio.startingCash)),
    cash: formatMoney(value.cash),
    reservedCash: formatMoney(value.reservedCash),
    longMarketValue: formatMoney(value.longMarketValue),
    shortMarketValue: formatMoney(value.shortMarketValue),
    equity: formatMoney(value.equity),
    buyingPower: formatMoney(value.buyingPower),
    totalReturn: ratio(totalReturn(parseMoney(portfolio.startingCash), value.equity)),
    /**
     * Practice: equity now − equity at 00:00 UTC (without a snapshot from before today,
     * Σ quantity × (last − previous close) of the positions held now). A replay: against the
     * replayed day's previous close. An ended event: nothing moves any more.
     */
    dayChange: formatMoney(pricing === "final" ? ZERO : dayBaseline === null ? positionsDayChange : subtractMoney(value.equity, dayBaseline)),
    dayChangePct: dayBaseline === null ? null : ratio(totalReturn(dayBaseline, value.equity)),
    /** Where a practice portfolio's day (and dayChange) starts: 00:00 UTC today. Null for a replay or an ended event. */
    dayStart: pricing === "live" ? startOfUtcDay(now).toISOString() : null,
    realisedPnl: formatMoney(realised),
    unrealisedPnl: formatMoney(unrealised),
    positions: open,
    notices,
    /** The rules this portfolio trades under: the trade ticket previews with exactly these. */
    rules: {
      slippageBps: rules.slippageBps,
      commission: { flat: formatMoney(rules.commission.flat), bps: rules.commission.bps },
      allowShort: rules.allowShort,
      shorting: gate,
      maxPositionPct: rules.maxPositionPct,
      allowedSymbols: rules.allowedSymbols ? [...rules.allowedSymbols].sort() : null,
      window: rules.liveWindow ? { start: rules.liveWindow.start.toISOString(), end: rules.liveWindow.end.toISOString() } : null,
    },
    createdAt: portfolio.createdAt.toISOString(),
  };
}

export type PortfolioSummary = Awaited<ReturnType<typeof portfolioSummary>>;
