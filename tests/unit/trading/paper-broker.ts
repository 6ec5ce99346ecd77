/**
 * A tiny in-memory broker for the property tests: it runs orders and price moves through the
 * domain's public API the way the server's engine will (check → match → execute; reserve,
 * release, expire; maintenance after every tick), and keeps its own ledger of every fill so
 * the accounting identities can be checked against something the domain did not compute.
 */
import {
  adjustCash,
  checkOrder,
  executeFill,
  expiredDayOrders,
  type Fill,
  followPrice,
  maintenanceCall,
  matchOrder,
  type Money,
  newPortfolio,
  type OpenOrder,
  type OrderContext,
  type OrderSpec,
  type PortfolioState,
  reservationFor,
  reserveCash,
  releaseCash,
  reverseFill,
  type TradingRules,
} from "@/domain/trading";

export interface LedgerFill extends Fill {
  commission: bigint;
  /** Limit the order had when it filled, if any (to check "at the limit or better"). */
  limitPrice: Money | null;
  forced: boolean;
  /** A compensating fill: the index of the fill it reverses (its commission is the refund, negative). */
  reversalOf?: number;
  /** Reversed by a later compensating fill. */
  reversed?: boolean;
}

export class PaperBroker {
  state: PortfolioState;
  open: OpenOrder[] = [];
  readonly fills: LedgerFill[] = [];
  readonly rejections: string[] = [];
  /** Cash adjustments booked (signed). */
  readonly adjustments: Money[] = [];
  /** Orders accepted when placed that the same prices then refused at once: must stay empty. */
  readonly inconsistencies: string[] = [];
  private nextId = 1;

  constructor(
    readonly startingCash: Money,
    readonly prices: Map<string, Money>,
    readonly rules: TradingRules,
    public now: Date,
    readonly inactiveSymbols: ReadonlySet<string> = new Set(),
  ) {
    this.state = newPortfolio(startingCash);
  }

  private context(): OrderContext {
    return { now: this.now, prices: this.prices, inactiveSymbols: this.inactiveSymbols, openOrders: this.open };
  }

  place(order: OrderSpec): "rejected" | "filled" | "resting" {
    const check = checkOrder(this.state, order, this.context(), this.rules);
    if (!check.ok) {
      this.rejections.push(check.rejection.code);
      return "rejected";
    }
    // As placed: a trailing stop with its mark (the engine's place.ts does the same).
    const placed = check.order ?? order;
    const outcome = matchOrder(placed, { kind: "placement", last: this.prices.get(order.symbol)! }, this.rules.slippageBps);
    if (outcome.kind === "fill") {
      const executed = this.execute({ order: placed, reservedCash: 0n as Money }, outcome.fill, false);
      if (!executed) this.inconsistencies.push(`${order.side} ${order.type} accepted, then refused at the same price`);
      return executed ? "filled" : "rejected";
    }
    const resting = outcome.kind === "triggered" ? outcome.order : placed;
    const reservedCash = reservationFor(resting, this.rules);
    if (reservedCash !== check.preview.reservation) this.inconsistencies.push("the preview's reservation differs from the one held");
    this.state = reserveCash(this.state, reservedCash);
    this.open.push({ id: String(this.nextId++), placedAt: this.now, order: resting, reservedCash });
    return "resting";
  }

  /** Books a fill through executeFill and the ledger; false when it was refused. */
  private execute(open: Pick<OpenOrder, "order" | "reservedCash">, fill: Fill, forced: boolean): boolean {
    const { openOrders: _ignored, ...context } = this.context();
    const executed = executeFill(this.state, open, fill, context, this.rules, { forced });
    this.state = executed.state;
    if (!executed.ok) {
      this.rejections.push(executed.rejection.code);
      return false;
    }
    const limitPrice = open.order.type === "limit" || open.order.type === "stop-limit" ? open.order.limitPrice : null;
    this.fills.push({ ...fill, commission: executed.applied.commission, limitPrice, forced });
    return true;
  }

  /** A correction: adds or removes cash (domain adjustCash); refusals are counted like an order's. */
  adjust(amount: Money): boolean {
    const outcome = adjustCash(this.state, amount);
    if (!outcome.ok) {
      this.rejections.push(outcome.rejection.code);
      return false;
    }
    this.state = outcome.state;
    this.adjustments.push(amount);
    return true;
  }

  /** A correction: reverses the fill at `index` (domain reverseFill), the position rebuilt from the fills still standing. */
  reverse(index: number): boolean {
    const target = this.fills[index];
    if (!target || target.reversed || target.reversalOf !== undefined) return false;
    const remaining = this.fills.filter((f, i) => i !== index && f.symbol === target.symbol && !f.reversed && f.reversalOf === undefined);
    const booked = (f: LedgerFill) => ({ ...f, commission: f.commission as Money });
    const outcome = reverseFill(this.state, booked(target), remaining.map(booked));
    if (!outcome.ok) {
      this.rejections.push(outcome.rejection.code);
      return false;
    }
    this.state = outcome.state;
    target.reversed = true;
    const c = outcome.compensation;
    this.fills.push({ symbol: c.symbol, side: c.side, quantity: c.quantity, price: c.price, referencePrice: c.price, impactBps: 0, reason: "reversal", commission: c.commission, limitPrice: null, forced: false, reversalOf: index });
    return true;
  }

  tick(symbol: string, next: Money): void {
    const previous = this.prices.get(symbol)!;
    this.prices.set(symbol, next);
    const stillOpen: OpenOrder[] = [];
    for (const open of this.open) {
      if (open.order.symbol !== symbol) {
        stillOpen.push(open);
        continue;
      }
      const outcome = matchOrder(open.order, { kind: "tick", previous, next }, this.rules.slippageBps);
      if (outcome.kind === "none") {
        // A trailing stop follows the price it did not reach (decision 060); its reservation stays.
        const followed = open.order.type === "trailing-stop" ? followPrice(open.order, next) : null;
        stillOpen.push(followed ? { ...open, order: followed } : open);
      } else if (outcome.kind === "triggered") {
        if (reservationFor(outcome.order, this.rules) !== open.reservedCash) this.inconsistencies.push("a triggered stop-limit changed its reservation");
        stillOpen.push({ ...open, order: outcome.order });
      } else this.execute(open, outcome.fill, false);
    }
    this.open = stillOpen;
    this.maintain();
  }

  cancel(index: number): void {
    const open = this.open[index];
    if (!open) return;
    this.state = releaseCash(this.state, open.reservedCash);
    this.open = this.open.filter((o) => o !== open);
  }

  /** Moves the clock on and expires the day orders whose day has ended. */
  advance(ms: number): void {
    this.now = new Date(this.now.getTime() + ms);
    const expired = new Set(expiredDayOrders(this.open, this.now));
    for (const open of expired) this.state = releaseCash(this.state, open.reservedCash);
    this.open = this.open.filter((o) => !expired.has(o));
  }

  private maintain(): void {
    const call = maintenanceCall(this.state, this.prices, this.rules);
    if (!call) return;
    for (const order of call.orders) {
      const outcome = matchOrder(order, { kind: "placement", last: this.prices.get(order.symbol)! }, this.rules.slippageBps);
      if (outcome.kind === "fill") this.execute({ order, reservedCash: 0n as Money }, outcome.fill, true);
    }
  }
}
