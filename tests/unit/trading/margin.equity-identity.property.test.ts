/**
 * A random walk of prices with random orders on margin (docs/decisions/070): at every step,
 *   equity = cash + Σ long market value − Σ |short market value|   (cash < 0 is the debt)
 *   cash  = starting cash + Σ cash of the fills + Σ interest and borrow-fee lines
 *   debit = max(0, −cash)
 * all to the cent and computed here, not by the domain; every accepted order that adds
 * exposure leaves buying power ≥ 0; and forced sales after a missed margin call leave equity
 * at or over the maintenance requirement (or nothing left to sell).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accrueDay,
  checkOrder,
  executeFill,
  marginStatus,
  type MarginRules,
  matchOrder,
  type Money,
  newPortfolio,
  opensPosition,
  type OrderSpec,
  type PortfolioState,
  positionOf,
  type Side,
  type TradingRules,
  valuePortfolio,
  ZERO,
} from "@/domain/trading";
import { rules as practice } from "./helpers";

const SYMBOLS = ["AAA", "BBB", "CCC"] as const;
const START = new Date("2026-03-10T00:00:00.000Z");
const cents = (value: bigint) => value as Money;

const marginArb: fc.Arbitrary<MarginRules> = fc
  .record({
    multiplier: fc.constantFrom(1.5, 2, 3, 4),
    debitRatePct: fc.constantFrom(0, 8, 12.5),
    creditRatePct: fc.constantFrom(0, 1.25),
    maintenancePct: fc.constantFrom(10, 20, 25, 30),
    callHours: fc.constantFrom(1, 24, 72),
  })
  // The maintenance margin stays under the initial one (100 % ÷ the multiple).
  .map((m) => ({ ...m, maintenancePct: Math.min(m.maintenancePct, Math.floor(100 / m.multiplier) - 1) }));

const rulesArb: fc.Arbitrary<TradingRules> = fc
  .record({ margin: marginArb, slippageBps: fc.constantFrom(0, 5, 20), flat: fc.constantFrom(0n, 100n), bps: fc.constantFrom(0, 2.5) })
  .map(({ margin, slippageBps, flat, bps }) => practice({ margin, slippageBps, commission: { flat: cents(flat), bps }, borrowFees: true }));

const actionArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom<Side>("buy", "sell", "short", "cover"),
      quantity: fc.integer({ min: 1, max: 2_000 }),
      percentOfPosition: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("tick" as const),
      symbol: fc.constantFrom(...SYMBOLS),
      // Mostly small steps, sometimes a crash or a squeeze.
      moveBps: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: -400, max: 400 }) }, { weight: 1, arbitrary: fc.integer({ min: -6_000, max: 8_000 }) }),
      hours: fc.integer({ min: 0, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("day" as const), fees: fc.tuple(...SYMBOLS.map(() => fc.integer({ min: 0, max: 100 }).map((n) => n * 5))) }) },
);

interface World {
  state: PortfolioState;
  prices: Map<string, Money>;
  now: Date;
  /** The test's own ledger of every cash movement. */
  ledger: bigint;
  startingCash: bigint;
}

function assertIdentities(world: World, rules: TradingRules): void {
  const { state, prices } = world;
  let longValue = 0n;
  let shortValue = 0n;
  for (const symbol of SYMBOLS) {
    const value = prices.get(symbol)! * BigInt(positionOf(state, symbol).quantity);
    if (value > 0n) longValue += value;
    else shortValue -= value;
  }
  const value = valuePortfolio(state, prices, rules.margin);
  expect(state.cash).toBe(world.startingCash + world.ledger);
  expect(value.equity).toBe(state.cash + longValue - shortValue);
  expect(value.longMarketValue).toBe(longValue);
  expect(value.shortMarketValue).toBe(shortValue);
  expect(value.debit).toBe(state.cash < 0n ? -state.cash : 0n);
}

/** A market order at the last price, as the engine runs a placement: check, match, execute; its cash into the test's ledger. */
function run(world: World, order: OrderSpec, rules: TradingRules, forced: boolean): boolean {
  const last = world.prices.get(order.symbol)!;
  const context = { now: world.now, prices: world.prices };
  if (!forced) {
    const check = checkOrder(world.state, order, context, rules);
    if (!check.ok) return false;
  }
  const outcome = matchOrder(order, { kind: "placement", last }, rules.slippageBps);
  if (outcome.kind !== "fill") return false;
  const executed = executeFill(world.state, { order, reservedCash: ZERO }, outcome.fill, context, rules, { forced });
  if (!executed.ok) return false;
  world.ledger += executed.applied.cashChange;
  world.state = executed.state;
  if (!forced && opensPosition(order.side)) expect(valuePortfolio(world.state, world.prices, rules.margin).buyingPower >= 0n).toBe(true);
  return true;
}

function enforce(world: World, rules: TradingRules): void {
  const status = marginStatus(world.state, world.prices, rules, world.now);
  if (status.kind === "met") world.state = { ...world.state, marginCallAt: null };
  else if (status.kind === "call") world.state = { ...world.state, marginCallAt: status.raisedAt };
  else {
    for (const order of status.orders) expect(run(world, order, rules, true)).toBe(true);
    const after = valuePortfolio(world.state, world.prices, rules.margin);
    const anyLeft = SYMBOLS.some((s) => positionOf(world.state, s).quantity !== 0);
    // Restored, or nothing is left to sell (a debt equity cannot pay).
    expect((after.equity >= after.maintenanceRequirement && after.equity > 0n) || !anyLeft).toBe(true);
    world.state = { ...world.state, marginCallAt: null };
  }
}

describe("margin: equity = cash + positions − debt to the cent on a random walk", () => {
  it("holds at every step, with calls, forced sales, interest and borrow fees", () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.bigInt({ min: 100_000n, max: 10_000_000n }),
        fc.tuple(...SYMBOLS.map(() => fc.bigInt({ min: 500n, max: 30_000n }))),
        fc.array(actionArb, { minLength: 10, maxLength: 120 }),
        (rules, startingCash, startPrices, actions) => {
          const world: World = {
            state: newPortfolio(cents(startingCash)),
            prices: new Map(SYMBOLS.map((s, i) => [s, cents(startPrices[i]!)])),
            now: START,
            ledger: 0n,
            startingCash,
          };
          let day = 0;
          for (const action of actions) {
            if (action.kind === "order") {
              const held = positionOf(world.state, action.symbol).quantity;
              const closable = action.side === "sell" ? held : action.side === "cover" ? -held : 0;
              const quantity = action.percentOfPosition !== null && closable > 0 ? Math.max(1, Math.floor((closable * action.percentOfPosition) / 100)) : action.quantity;
              run(world, { symbol: action.symbol, side: action.side, quantity, type: "market", timeInForce: "day" }, rules, false);
            } else if (action.kind === "tick") {
              const price = world.prices.get(action.symbol)!;
              const next = (price * BigInt(10_000 + action.moveBps)) / 10_000n;
              world.prices.set(action.symbol, cents(next < 1n ? 1n : next));
              world.now = new Date(world.now.getTime() + action.hours * 3_600_000);
              enforce(world, rules);
            } else {
              day += 1;
              const accrual = accrueDay(world.state, world.prices, rules, { day: `day ${day}`, feeBps: new Map(SYMBOLS.map((s, i) => [s, action.fees[i]!])) });
              for (const line of accrual.lines) {
                // Charges are never positive, interest on cash never negative; each line to the cent of its own formula.
                if (line.kind === "borrow-fee") expect(line.amount <= 0n).toBe(true);
                world.ledger += line.amount;
              }
              world.state = accrual.state;
            }
            assertIdentities(world, rules);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a cash account's cash never goes below zero through trading (the floor without margin)", () => {
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 10, maxLength: 80 }), (actions) => {
        const rules = practice({ margin: null, borrowFees: false });
        const world: World = { state: newPortfolio(cents(1_000_000n)), prices: new Map(SYMBOLS.map((s) => [s, cents(10_000n)])), now: START, ledger: 0n, startingCash: 1_000_000n };
        for (const action of actions) {
          if (action.kind === "order") run(world, { symbol: action.symbol, side: action.side, quantity: action.quantity, type: "market", timeInForce: "day" }, rules, false);
          else if (action.kind === "tick") {
            const price = world.prices.get(action.symbol)!;
            const next = (price * BigInt(10_000 + action.moveBps)) / 10_000n;
            world.prices.set(action.symbol, cents(next < 1n ? 1n : next));
          }
          expect(world.state.cash >= 0n).toBe(true);
          assertIdentities(world, rules);
        }
      }),
      { numRuns: 100 },
    );
  });
});
