/**
 * After ANY sequence of orders (every side and type), price moves and corrections (cash
 * adjustments, fill reversals: docs/decisions/041-corrections.md), run through the domain's
 * API as the engine runs it, the accounting identities of PRODUCT.md hold exactly:
 *   cash = starting cash − Σ buys + Σ sells − Σ commissions + Σ adjustments
 *   (a compensating fill counts as a fill of the opposite side, its commission negative)
 *   position quantity = Σ signed fills
 *   equity = cash + Σ quantity × last price
 * and cash never goes negative, buying power is cash − reserved − 1.5 × Σ |short value|.
 * The expected figures are computed here from the broker's own ledger of fills.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Money,
  ORDER_TYPES,
  type OrderSpec,
  paysCash,
  positionOf,
  type Side,
  TIMES_IN_FORCE,
  type TradingRules,
  unrealisedPnl,
  valuePortfolio,
} from "@/domain/trading";
import { PaperBroker } from "./paper-broker";

const SYMBOLS = ["AAA", "BBB", "CCC"] as const;
const START = new Date("2026-03-10T09:00:00.000Z");

const cents = (value: bigint) => value as Money;
/** A price moved by `bps`, floored to the cent, never below 0.01: the test's own arithmetic. */
const moved = (price: bigint, bps: number) => {
  const next = (price * BigInt(10_000 + bps)) / 10_000n;
  return cents(next < 1n ? 1n : next);
};

/** Everything random: costs, event rules, restricted and inactive instruments. */
const anyRulesArb: fc.Arbitrary<TradingRules> = fc.record({
  slippageBps: fc.constantFrom(0, 2.5, 5, 20),
  liquidity: fc.record({ impact: fc.boolean(), participationPct: fc.constantFrom(5, 10, 100) }),
  commission: fc.record({ flat: fc.bigInt({ min: 0n, max: 500n }).map(cents), bps: fc.constantFrom(0, 1, 2.5, 10, 30) }),
  allowShort: fc.constantFrom(true, true, true, false),
  shortingUnlocked: fc.constantFrom(true, true, false),
  maxPositionPct: fc.option(fc.constantFrom(10, 25, 50, 100), { nil: null }),
  allowedSymbols: fc.constantFrom<ReadonlySet<string> | null>(null, null, null, new Set(["AAA", "BBB"])),
  liveWindow: fc.constant(null),
});

/** Shorting open, no limits: for runs about squeezes and forced covers. */
const shortingRulesArb: fc.Arbitrary<TradingRules> = anyRulesArb.map((rules) => ({ ...rules, allowShort: true, shortingUnlocked: true, maxPositionPct: null, allowedSymbols: null }));

function placeArb(sides: readonly Side[]) {
  return fc.record({
    kind: fc.constant("place" as const),
    symbol: fc.constantFrom(...SYMBOLS),
    side: fc.constantFrom(...sides),
    type: fc.constantFrom(...ORDER_TYPES),
    quantity: fc.integer({ min: 1, max: 300 }),
    /** For a sell or cover: this % of the position instead (most random sells would find no shares). */
    percentOfPosition: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    limitOffsetBps: fc.integer({ min: -300, max: 300 }),
    stopOffsetBps: fc.integer({ min: -300, max: 300 }),
    timeInForce: fc.constantFrom(...TIMES_IN_FORCE),
  });
}

/** Mostly small moves; sometimes a gap; `squeezes` of that weight multiply a price by up to 4. */
function tickArb(squeezes: number) {
  return fc.record({
    kind: fc.constant("tick" as const),
    symbol: fc.constantFrom(...SYMBOLS),
    moveBps: fc.oneof(
      { arbitrary: fc.integer({ min: -300, max: 300 }), weight: 6 },
      { arbitrary: fc.integer({ min: -5000, max: 5000 }), weight: 2 },
      { arbitrary: fc.integer({ min: 5000, max: 30000 }), weight: squeezes },
    ),
  });
}

const cancelArb = fc.record({ kind: fc.constant("cancel" as const), index: fc.nat(8) });
const advanceArb = fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 60_000, max: 30 * 3600_000 }) });
/** A cash adjustment: mostly modest, sometimes more than the portfolio holds (refused). */
const adjustArb = fc.record({
  kind: fc.constant("adjust" as const),
  amount: fc.oneof(fc.bigInt({ min: -5_000_000n, max: 5_000_000n }), fc.bigInt({ min: -500_000_000n, max: -1n })).filter((a) => a !== 0n),
});
/** A reversal of the fill this far (%) into the broker's ledger (a reversed one, a compensation or none: nothing happens). */
const reverseArb = fc.record({ kind: fc.constant("reverse" as const), at: fc.integer({ min: 0, max: 99 }) });

function scenarioArb(options: { rules: fc.Arbitrary<TradingRules>; sides: readonly Side[]; squeezes: number; inactive: readonly string[][]; corrections?: number }) {
  const corrections = options.corrections ?? 1;
  const action = fc.oneof(
    { arbitrary: placeArb(options.sides), weight: 4 },
    { arbitrary: tickArb(options.squeezes), weight: 4 },
    { arbitrary: cancelArb, weight: 1 },
    { arbitrary: advanceArb, weight: 1 },
    { arbitrary: adjustArb, weight: corrections },
    { arbitrary: reverseArb, weight: corrections },
  );
  return fc.record({
    startingCash: fc.bigInt({ min: 100_000n, max: 20_000_000n }).map(cents),
    prices: fc.tuple(...SYMBOLS.map(() => fc.bigInt({ min: 100n, max: 50_000n }))),
    rules: options.rules,
    inactive: fc.constantFrom(...options.inactive),
    actions: fc.array(action, { minLength: 5, maxLength: 80, size: "max" }),
  });
}
type Scenario = ReturnType<typeof scenarioArb> extends fc.Arbitrary<infer S> ? S : never;
type Action = Scenario["actions"][number];

function orderOf(action: Extract<Action, { kind: "place" }>, last: bigint, held: number): OrderSpec {
  const closable = action.side === "sell" ? held : action.side === "cover" ? -held : 0;
  const quantity = action.percentOfPosition !== null && closable > 0 ? Math.max(1, Math.floor((closable * action.percentOfPosition) / 100)) : action.quantity;
  const base = { symbol: action.symbol, side: action.side, quantity, timeInForce: action.timeInForce };
  const limitPrice = moved(last, action.limitOffsetBps);
  const stopPrice = moved(last, action.stopOffsetBps);
  switch (action.type) {
    case "market":
      return { ...base, type: "market" };
    case "limit":
      return { ...base, type: "limit", limitPrice };
    case "stop":
      return { ...base, type: "stop", stopPrice };
    case "stop-limit":
      return { ...base, type: "stop-limit", stopPrice, limitPrice };
    case "trailing-stop":
      // A trail of 0.01–3 % (decision 060): its mark is set when it is placed.
      return { ...base, type: "trailing-stop", trail: { percent: Math.max(1, Math.abs(action.stopOffsetBps)) / 100 }, waterMark: null };
  }
}

/** Flat + bps rounded up, recomputed independently of the domain's money module. */
function expectedCommission(notional: bigint, rules: TradingRules): bigint {
  const scaledBps = BigInt(Math.round(rules.commission.bps * 100));
  const numerator = notional * scaledBps;
  return rules.commission.flat + (numerator + 999_999n) / 1_000_000n;
}

function assertIdentities(broker: PaperBroker): void {
  const { state, rules } = broker;
  let buys = 0n;
  let sells = 0n;
  let commissions = 0n;
  const quantities = new Map<string, number>();
  for (const fill of broker.fills) {
    const notional = fill.price * BigInt(fill.quantity);
    if (paysCash(fill.side)) buys += notional;
    else sells += notional;
    if (fill.reversalOf === undefined) expect(fill.commission).toBe(expectedCommission(notional, rules));
    else {
      // A compensating fill: the reversed fill's shares and price, the opposite side, its commission refunded.
      const reversed = broker.fills[fill.reversalOf]!;
      expect([fill.symbol, fill.quantity, fill.price, fill.commission]).toEqual([reversed.symbol, reversed.quantity, reversed.price, -reversed.commission]);
      expect(paysCash(fill.side)).toBe(!paysCash(reversed.side));
    }
    commissions += fill.commission;
    quantities.set(fill.symbol, (quantities.get(fill.symbol) ?? 0) + (paysCash(fill.side) ? fill.quantity : -fill.quantity));
    if (fill.limitPrice !== null && !fill.forced) {
      // Limit orders fill at the limit or better.
      expect(paysCash(fill.side) ? fill.price <= fill.limitPrice : fill.price >= fill.limitPrice).toBe(true);
    }
  }

  // cash = starting cash − Σ buys + Σ sells − Σ commissions + Σ adjustments, and never negative.
  const adjustments = broker.adjustments.reduce((total, a) => total + a, 0n);
  expect(state.cash).toBe(broker.startingCash - buys + sells - commissions + adjustments);
  expect(state.cash >= 0n).toBe(true);

  // position quantity = Σ signed fills.
  for (const symbol of SYMBOLS) expect(positionOf(state, symbol).quantity).toBe(quantities.get(symbol) ?? 0);

  // equity = cash + Σ quantity × last price = cash + long value − |short value|.
  let signedValue = 0n;
  let longValue = 0n;
  let shortValue = 0n;
  let pnl = 0n;
  for (const symbol of SYMBOLS) {
    const position = positionOf(state, symbol);
    const value = broker.prices.get(symbol)! * BigInt(position.quantity);
    signedValue += value;
    if (value > 0n) longValue += value;
    else shortValue -= value;
    pnl += position.realisedPnl + unrealisedPnl(position, broker.prices.get(symbol)!);
  }
  const valuation = valuePortfolio(state, broker.prices);
  expect(valuation.equity).toBe(state.cash + signedValue);
  expect(valuation.equity).toBe(state.cash + longValue - shortValue);
  expect(valuation.shortMarketValue).toBe(shortValue);

  // Realised + unrealised P&L (average cost) is all the equity ever gained or lost, but for
  // the cash adjusted in or out: a reversal rebuilds the position as if its fill had never been.
  expect(pnl).toBe(valuation.equity - broker.startingCash - adjustments);

  // Reservations are exactly those of the open orders; buying power as defined (1.5 × rounded up).
  const reserved = broker.open.reduce((total, o) => total + o.reservedCash, 0n);
  expect(state.reservedCash).toBe(reserved);
  expect(valuation.buyingPower).toBe(state.cash - reserved - (3n * shortValue + 1n) / 2n);

  expect(broker.inconsistencies).toEqual([]);
}

interface Totals {
  reversals: number;
  adjustments: number;
  fills: number;
  forced: number;
  rests: number;
  rejections: Map<string, number>;
  sides: Set<string>;
}

/** Plays one scenario, checking the identities after every step; adds what happened to `totals`. */
function play(scenario: Scenario, totals: Totals): void {
  const prices = new Map(SYMBOLS.map((symbol, i) => [symbol as string, cents(scenario.prices[i]!)]));
  const broker = new PaperBroker(scenario.startingCash, prices, scenario.rules, START, new Set(scenario.inactive));
  assertIdentities(broker);
  for (const action of scenario.actions) {
    if (action.kind === "place") {
      const order = orderOf(action, broker.prices.get(action.symbol)!, positionOf(broker.state, action.symbol).quantity);
      if (broker.place(order) === "resting") totals.rests += 1;
    } else if (action.kind === "tick") broker.tick(action.symbol, moved(broker.prices.get(action.symbol)!, action.moveBps));
    else if (action.kind === "cancel") broker.cancel(action.index);
    else if (action.kind === "adjust") totals.adjustments += broker.adjust(cents(action.amount)) ? 1 : 0;
    else if (action.kind === "reverse") totals.reversals += broker.reverse(Math.floor((broker.fills.length * action.at) / 100)) ? 1 : 0;
    else broker.advance(action.ms);
    assertIdentities(broker);
  }
  totals.fills += broker.fills.filter((f) => f.reversalOf === undefined).length;
  totals.forced += broker.fills.filter((f) => f.forced).length;
  for (const fill of broker.fills) totals.sides.add(fill.side);
  for (const code of broker.rejections) totals.rejections.set(code, (totals.rejections.get(code) ?? 0) + 1);
}

const newTotals = (): Totals => ({ reversals: 0, adjustments: 0, fills: 0, forced: 0, rests: 0, rejections: new Map(), sides: new Set() });

/**
 * Hundreds of generated scenarios are seconds of pure CPU, more on a busy 2-core machine:
 * these tests get a budget for the work they do, not the default 5 s meant for a quick check.
 */
const PROPERTY_BUDGET_MS = 120_000;

describe("the accounting identities", () => {
  it("hold exactly after any sequence of orders and price moves", () => {
    const totals = newTotals();
    const scenarios = scenarioArb({ rules: anyRulesArb, sides: ["buy", "buy", "short", "short", "sell", "cover"], squeezes: 1, inactive: [[], [], [], ["CCC"]] });
    fc.assert(
      fc.property(scenarios, (scenario) => play(scenario, totals)),
      { numRuns: 300 },
    );
    // The runs did exercise what they claim to: fills of every side, resting orders and
    // every rule's rejection (a broken generator would otherwise pass vacuously).
    expect(totals.fills).toBeGreaterThan(300);
    expect([...totals.sides].sort()).toEqual(["buy", "cover", "sell", "short"]);
    expect(totals.rests).toBeGreaterThan(100);
    for (const code of ["INSUFFICIENT_FUNDS", "INSUFFICIENT_SHARES", "SHORTING_DISABLED", "SHORTING_LOCKED", "POSITION_LIMIT", "INSTRUMENT_INACTIVE", "INSTRUMENT_NOT_ALLOWED"]) {
      expect(totals.rejections.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  }, PROPERTY_BUDGET_MS);

  it("hold exactly through short squeezes and the forced covers they trigger", () => {
    const totals = newTotals();
    const scenarios = scenarioArb({ rules: shortingRulesArb, sides: ["short", "short", "short", "buy", "cover"], squeezes: 4, inactive: [[]] });
    fc.assert(
      fc.property(scenarios, (scenario) => play(scenario, totals)),
      { numRuns: 200 },
    );
    expect(totals.forced).toBeGreaterThan(10);
  }, PROPERTY_BUDGET_MS);

  it("hold exactly when cash adjustments and fill reversals come among the orders", () => {
    const totals = newTotals();
    const scenarios = scenarioArb({ rules: anyRulesArb, sides: ["buy", "buy", "short", "sell", "cover"], squeezes: 1, inactive: [[]], corrections: 3 });
    fc.assert(
      fc.property(scenarios, (scenario) => play(scenario, totals)),
      { numRuns: 200 },
    );
    // Corrections were made and refused for each of their reasons (else the run proves nothing).
    expect(totals.reversals).toBeGreaterThan(50);
    expect(totals.adjustments).toBeGreaterThan(50);
    for (const code of ["ADJUSTMENT_NEGATIVE_CASH", "REVERSAL_WRONG_SIGN"]) expect(totals.rejections.get(code) ?? 0, code).toBeGreaterThan(0);
  }, PROPERTY_BUDGET_MS);
});
