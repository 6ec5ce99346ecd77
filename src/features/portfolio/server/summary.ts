/**
 * A portfolio's summary (GET /api/portfolio, /api/portfolios/{id}): its figures valued by the
 * one valuation (the engine's holdingsOf: the view's prices, the domain's arithmetic), its
 * holdings, and the rules it trades under, so the trade ticket previews an order with the
 * domain's own checkOrder under exactly those rules.
 */
import {
  absMoney,
  type Capital,
  formatMoney,
  formatUnits,
  gainBetween,
  openingUnits,
  type Money,
  moneyRatio,
  multiplyMoney,
  parseMoney,
  positionDayChange,
  formatRatio,
  returnSinceStart,
  timeWeightedReturn,
  unitsOr,
  unrealisedPnl,
  type DayFill,
  dailyDebitInterest,
  marginDeadline,
  ZERO,
} from "@/domain/trading";
import { ADVANCED_ORDERS, featureGate, SHORT_SELLING } from "@/features/learn";
import { listInstrumentsBySymbol } from "@/features/market";
import { borrowFeesOf, chargesSince, fillsSince, holdingsOf, netAdjustments, type PortfolioRow, resolveContexts, systemNotices } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { equityAt } from "./snapshots";

const ratio = formatRatio;

/** 00:00 UTC of `at`'s day: the practice market's day starts there. */
const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * What today's change is measured from: the equity snapshot at 00:00 UTC (or the last one
 * before it), the starting cash of a portfolio opened today, or null when neither exists
 * (an older portfolio on a server that took no snapshot yet) — with the units of that moment,
 * so a cash adjustment made today is not counted as today's gain (decision 057).
 */
async function startOfDayCapital(db: DbOrTx, portfolio: PortfolioRow, now: Date): Promise<Capital | null> {
  const dayStart = startOfUtcDay(now);
  const starting = parseMoney(portfolio.startingCash);
  if (portfolio.createdAt >= dayStart) return { equity: starting, units: openingUnits(starting) };
  const snapshot = await equityAt(db, portfolio.id, dayStart);
  return snapshot === null ? null : { equity: parseMoney(snapshot.equity), units: unitsOr(snapshot.units, starting) };
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
  const rules = context.rules("buy");
  const [holdings, notices, gate, advancedGate, adjustments, charges] = await Promise.all([
    // Buying power and the maintenance requirement under the portfolio's margin, if any (decision 070).
    holdingsOf(db, portfolio, { margin: rules.margin }),
    systemNotices(db, portfolio.id, new Date(now.getTime() - NOTICE_DAYS * 86_400_000)),
    featureGate(db, SHORT_SELLING, portfolio.userId),
    featureGate(db, ADVANCED_ORDERS, portfolio.userId),
    netAdjustments(db, portfolio.id),
    chargesSince(db, portfolio.id, new Date(now.getTime() - NOTICE_DAYS * 86_400_000)),
  ]);
  const { state, prices, valuation: value } = holdings;
  const current: Capital = { equity: value.equity, units: holdings.units };
  const symbols = [...state.positions.keys()];
  const practiceInfo = source.kind === "practice" ? await listInstrumentsBySymbol(db, symbols) : new Map();
  // A replay's "day" is its dataset's trading day; the practice market's is the UTC day.
  const dayBaseline = pricing === "live" ? await startOfDayCapital(db, portfolio, now) : null;
  // The day's fills: a position opened (or grown) today changes from the price paid, not from the previous close.
  const dayFrom = pricing === "live" ? startOfUtcDay(now) : pricing === "replay" ? source.dayStart?.(now) : undefined;
  const dayFills = new Map<string, DayFill[]>();
  if (dayFrom) for (const f of await fillsSince(db, portfolio.id, dayFrom)) dayFills.set(f.symbol, [...(dayFills.get(f.symbol) ?? []), f]);

  let realised = ZERO;
  let unrealised = ZERO;
  let positionsDayChange = ZERO;
  const open = [...state.positions]
    .map(([symbol, position]) => {
      realised = (realised + position.realisedPnl) as Money;
      const last = prices.get(symbol);
      const info = practiceInfo.get(symbol);
      if (position.quantity === 0 || last === undefined) {
        // Closed today: what its sale made or lost since the day began is part of the day too.
        const closedToday = pricing === "replay" && position.quantity === 0 ? dayFills.get(symbol) : undefined;
        // No previous close: nothing was held before the replay's first day, so none is needed.
        const close = source.previousClose?.(symbol, now) ?? ZERO;
        if (closedToday) positionsDayChange = (positionsDayChange + positionDayChange({ quantity: 0, last: close, previousClose: close, fills: closedToday })) as Money;
        return null;
      }
      const described = source.describe?.(symbol);
      const previousClose = pricing === "final" ? last : source.kind === "replay" ? (source.previousClose?.(symbol, now) ?? last) : info ? parseMoney(info.previousClose) : last;
      const marketValue = multiplyMoney(last, position.quantity);
      const pnl = unrealisedPnl(position, last);
      unrealised = (unrealised + pnl) as Money;
      const change = pricing === "final" ? ZERO : positionDayChange({ quantity: position.quantity, last, previousClose, fills: dayFills.get(symbol) ?? [] });
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

  // What each short pays to borrow its shares (decision 070): its instrument's yearly fee.
  const shorts = open.filter((p) => p.quantity < 0).map((p) => p.symbol);
  const fees = rules.borrowFees && shorts.length > 0 && source.kind === "practice" ? await borrowFeesOf(db, shorts) : new Map<string, number>();
  const positions = open.map((p) => ({ ...p, borrowFeePct: fees.has(p.symbol) ? (fees.get(p.symbol)! / 100).toFixed(2) : null }));
  const call = rules.margin && state.marginCallAt ? { raisedAt: state.marginCallAt.toISOString(), deadline: marginDeadline(state.marginCallAt, rules.margin).toISOString() } : null;
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
    /** Time-weighted since the start (decision 057): a teacher's cash adjustment is not a gain. */
    totalReturn: ratio(returnSinceStart(parseMoney(portfolio.startingCash), current)),
    /** The portfolio's units (decision 057): the browser's live revaluation measures the return with them. */
    units: formatUnits(holdings.units),
    /** Net cash a teacher's (or an admin's) adjustments put in (+) or took out (−): shown as its own line, never as return. */
    cashAdjustments: formatMoney(adjustments),
    /**
     * Practice: equity now − equity at 00:00 UTC, less any cash adjusted in since (without a
     * snapshot from before today, Σ quantity × (last − previous close) of the positions held
     * now). A replay: the positions' changes over the replayed day, each from the previous close or,
     * for shares bought that day, from the price paid (domain `positionDayChange`). An ended event: nothing moves any more.
     */
    dayChange: formatMoney(pricing === "final" ? ZERO : dayBaseline === null ? positionsDayChange : gainBetween(dayBaseline, current)),
    dayChangePct: dayBaseline === null ? null : ratio(timeWeightedReturn(dayBaseline, current)),
    /** Where a practice portfolio's day (and dayChange) starts: 00:00 UTC today. Null for a replay or an ended event. */
    dayStart: pricing === "live" ? startOfUtcDay(now).toISOString() : null,
    realisedPnl: formatMoney(realised),
    unrealisedPnl: formatMoney(unrealised),
    positions,
    /** What the portfolio borrows: −cash when cash is below zero (margin, or a short's dividend or fee), else 0.00. */
    debitBalance: formatMoney(value.debit),
    /**
     * Margin (decision 070), null without: the equity the portfolio must keep, today's interest on
     * its debit, and the standing margin call with its deadline (null: none).
     */
    margin: rules.margin
      ? {
          maintenanceRequirement: formatMoney(value.maintenanceRequirement),
          dailyInterest: formatMoney(dailyDebitInterest(value.cash, rules.margin)),
          call,
        }
      : null,
    /** The interest and borrow-fee ledger lines of the last 7 days, newest first, each with its reason (decision 070). */
    charges,
    notices,
    /** The rules this portfolio trades under: the trade ticket previews with exactly these. */
    rules: {
      slippageBps: rules.slippageBps,
      liquidity: rules.liquidity,
      commission: { flat: formatMoney(rules.commission.flat), bps: rules.commission.bps },
      allowShort: rules.allowShort,
      shorting: gate,
      /** Trailing stops and orders with legs: locked while a published lesson unlocks them and the person passed none (decision 065). */
      advancedOrders: advancedGate,
      maxPositionPct: rules.maxPositionPct,
      allowedSymbols: rules.allowedSymbols ? [...rules.allowedSymbols].sort() : null,
      window: rules.liveWindow ? { start: rules.liveWindow.start.toISOString(), end: rules.liveWindow.end.toISOString() } : null,
      /** Margin terms (decision 070): multiple, yearly rates in %, maintenance in %, hours to meet a call; null = a cash account. */
      margin: rules.margin ?? null,
      /** Shorts pay their instrument's daily borrow fee. */
      borrowFees: rules.borrowFees ?? false,
    },
    createdAt: portfolio.createdAt.toISOString(),
  };
}

export type PortfolioSummary = Awaited<ReturnType<typeof portfolioSummary>>;
