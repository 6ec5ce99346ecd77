/**
 * Order classes (docs/decisions/065-bracket-oco-oto.md): an order with legs of its own.
 *
 * - **bracket**: an entry (a market or limit buy or short) and two exits, a take-profit limit
 *   and a stop-loss stop (or stop-limit), on the closing side (sell after a buy, cover after a
 *   short). The exits wait ("held") until the entry fills, then work for what it filled.
 * - **oto** (one triggers other): an entry and exactly one of the two exits.
 * - **oco** (one cancels other): two exits for shares already held, the take-profit limit as
 *   the parent and the stop-loss as its leg, both working at once.
 *
 * The rules of the group after anything happens to one of its orders are `settleGroup`'s:
 * the first exit to fill (even a part of it) cancels the other exit and the entry's rest; a
 * partial fill of the entry sizes the exits to what filled; an entry that closes with nothing
 * filled cancels the exits; a person cancelling the parent cancels every order of the group
 * that has not filled. Pure: values in, changes out; the engine writes them.
 */
import { displayMoney, formatMoney, type Money, tryParseMoney } from "./money";
import { checkOrder, type OrderContext, type PlacementCheck, type PortfolioState } from "./portfolio";
import type { TradingRules } from "./rules";
import { type OrderInput, type OrderSpec, rejection, type Rejection, type RejectionCode, type Side, validateOrder } from "./orders";

export const ORDER_CLASSES = ["simple", "bracket", "oco", "oto"] as const;
export type OrderClass = (typeof ORDER_CLASSES)[number];

/** An order's place in its group: the entry of a bracket or OTO, or one of the exits. */
export const LEG_ROLES = ["entry", "take-profit", "stop-loss"] as const;
export type LegRole = (typeof LEG_ROLES)[number];
export type ExitRole = Exclude<LegRole, "entry">;

/** The two exits as the request sends them: prices as decimal strings, unchecked. */
export interface ClassInput {
  orderClass?: string | null;
  takeProfit?: { limitPrice?: string | null } | null;
  stopLoss?: { stopPrice?: string | null; limitPrice?: string | null } | null;
}

/** A validated order with its class: the parent, and the exits it carries. */
export interface ClassedOrder {
  orderClass: OrderClass;
  /** The entry (bracket, oto), the take-profit (oco), or the order itself (simple). */
  parent: OrderSpec;
  parentRole: LegRole | null;
  /** The exits on the closing side, sized like the parent until the entry fills. */
  legs: Array<{ role: ExitRole; order: OrderSpec }>;
}

export type ClassValidation = { ok: true; order: ClassedOrder } | { ok: false; rejection: Rejection };

/** The side that closes what `side` opens: a buy is closed by a sell, a short by a cover. */
export function closingSide(side: Side): Side {
  return side === "buy" ? "sell" : side === "short" ? "cover" : side;
}

/** The order types the rule gates behind the advanced-orders lesson (decision 065): trailing stops and every class but simple. */
export function isAdvancedOrder(order: { type: string; orderClass?: string | null }): boolean {
  return order.type === "trailing-stop" || (order.orderClass ?? "simple") !== "simple";
}

const present = (value: string | null | undefined): value is string => value !== undefined && value !== null && value !== "";

function fail(code: RejectionCode, message: string, field: string): ClassValidation {
  return { ok: false, rejection: rejection(code, message, field) };
}

function legPrice(text: string | null | undefined, field: string): Money | Rejection {
  const price = present(text) ? tryParseMoney(text) : null;
  if (price === null || price <= 0n) return rejection("INVALID_PRICE", `${field} must be a positive amount with at most 2 decimals, like "101.25" (got "${text ?? ""}").`, field);
  return price;
}

const isRejection = (value: Money | Rejection): value is Rejection => typeof value === "object";

/**
 * Turns raw input into an order with its class and legs, or the first thing wrong with it
 * (each message names the field). The parent is validated by validateOrder, the one owner
 * of a single order's input.
 */
export function validateClassedOrder(input: OrderInput & ClassInput): ClassValidation {
  const asked = present(input.orderClass) ? input.orderClass : "simple";
  if (!(ORDER_CLASSES as readonly string[]).includes(asked)) return fail("INVALID_ORDER_CLASS", `orderClass must be one of ${ORDER_CLASSES.join(", ")}.`, "orderClass");
  const orderClass = asked as OrderClass;
  const hasTp = input.takeProfit !== undefined && input.takeProfit !== null;
  const hasSl = input.stopLoss !== undefined && input.stopLoss !== null;

  if (orderClass === "simple") {
    if (hasTp || hasSl) {
      const field = hasTp ? "takeProfit" : "stopLoss";
      return fail("LEGS_NOT_APPLICABLE", `${field} is for orders with legs (orderClass "bracket", "oco" or "oto"); a simple order takes none.`, field);
    }
    const single = validateOrder(input);
    return single.ok ? { ok: true, order: { orderClass, parent: single.order, parentRole: null, legs: [] } } : single;
  }

  // Which exits each class needs.
  if (orderClass !== "oto") {
    if (!hasTp) return fail("TAKE_PROFIT_REQUIRED", `An ${orderClass} order needs takeProfit: {limitPrice}.`, "takeProfit");
    if (!hasSl) return fail("STOP_LOSS_REQUIRED", `An ${orderClass} order needs stopLoss: {stopPrice, limitPrice?}.`, "stopLoss");
  } else {
    if (hasTp && hasSl) return fail("OTO_ONE_LEG", "An oto order takes one exit: takeProfit or stopLoss, not both (a bracket has both).", "stopLoss");
    if (!hasTp && !hasSl) return fail("TAKE_PROFIT_REQUIRED", "An oto order needs one exit: takeProfit: {limitPrice} or stopLoss: {stopPrice, limitPrice?}.", "takeProfit");
  }

  const tp = hasTp ? legPrice(input.takeProfit!.limitPrice, "takeProfit.limitPrice") : null;
  if (tp !== null && isRejection(tp)) return { ok: false, rejection: tp };
  const stop = hasSl ? legPrice(input.stopLoss!.stopPrice, "stopLoss.stopPrice") : null;
  if (stop !== null && isRejection(stop)) return { ok: false, rejection: stop };
  const stopLimit = hasSl && present(input.stopLoss!.limitPrice) ? legPrice(input.stopLoss!.limitPrice, "stopLoss.limitPrice") : null;
  if (stopLimit !== null && isRejection(stopLimit)) return { ok: false, rejection: stopLimit };

  if (orderClass === "oco") {
    // Two exits for shares already held: the take-profit is the parent, a limit at takeProfit.limitPrice.
    if (input.side !== "sell" && input.side !== "cover") return fail("CLASS_SIDE_NOT_APPLICABLE", `An oco order closes a position: its side is sell or cover (got "${input.side}").`, "side");
    if (input.type !== "limit") return fail("CLASS_TYPE_NOT_APPLICABLE", `An oco order is a limit (its take-profit) with a stop (its stop-loss): type "limit" (got "${input.type}").`, "type");
    if (present(input.limitPrice) && tryParseMoney(input.limitPrice) !== tp) {
      return fail("LEG_PRICE_CONFLICT", "An oco order's limit price is its takeProfit.limitPrice: send it once, there.", "limitPrice");
    }
  } else {
    // bracket, oto: the entry opens a position that the exits close.
    if (input.side !== "buy" && input.side !== "short") return fail("CLASS_SIDE_NOT_APPLICABLE", `A ${orderClass} order opens a position: its side is buy or short (got "${input.side}"); to protect shares you hold, use oco.`, "side");
    if (input.type !== "market" && input.type !== "limit") return fail("CLASS_TYPE_NOT_APPLICABLE", `A ${orderClass} order's entry is a market or limit order (got "${input.type}").`, "type");
  }

  const parentInput = orderClass === "oco" ? { ...input, limitPrice: formatMoney(tp!) } : input;
  const parent = validateOrder(parentInput);
  if (!parent.ok) return parent;
  const entry = parent.order;
  const exitSide = orderClass === "oco" ? entry.side : closingSide(entry.side);
  // A sell exits above (take-profit) and below (stop-loss); a cover the other way round.
  const up = exitSide === "sell";
  if (tp !== null && stop !== null && (up ? tp <= stop : tp >= stop)) {
    return fail(
      "LEG_PRICES_CROSSED",
      `takeProfit.limitPrice (${displayMoney(tp)}) must be ${up ? "above" : "below"} stopLoss.stopPrice (${displayMoney(stop)}): ${up ? "a sale takes its profit higher and stops its loss lower" : "a cover takes its profit lower and stops its loss higher"}.`,
      "takeProfit.limitPrice",
    );
  }
  if (stop !== null && stopLimit !== null && (up ? stopLimit > stop : stopLimit < stop)) {
    return fail("LEG_PRICES_CROSSED", `stopLoss.limitPrice (${displayMoney(stopLimit)}) must be at or ${up ? "below" : "above"} stopLoss.stopPrice (${displayMoney(stop)}).`, "stopLoss.limitPrice");
  }
  // A limit entry: the exits sit on either side of the price it buys (or shorts) at.
  if (entry.type === "limit" && orderClass !== "oco") {
    const crossed = legsCrossing(entry.limitPrice, exitSide, tp, stop);
    if (crossed) return { ok: false, rejection: crossed };
  }

  // Legs take the time in force the request asked (a market entry is recorded as a day order; its exits need not be).
  const timeInForce = input.timeInForce === "gtc" ? "gtc" : "day";
  const base = { symbol: entry.symbol, side: exitSide, quantity: entry.quantity, timeInForce } as const;
  const legs: ClassedOrder["legs"] = [];
  if (tp !== null && orderClass !== "oco") legs.push({ role: "take-profit", order: { ...base, type: "limit", limitPrice: tp } });
  if (stop !== null) {
    legs.push({ role: "stop-loss", order: stopLimit !== null ? { ...base, type: "stop-limit", stopPrice: stop, limitPrice: stopLimit } : { ...base, type: "stop", stopPrice: stop } });
  }
  return { ok: true, order: { orderClass, parent: orderClass === "oco" ? { ...entry, timeInForce } : entry, parentRole: orderClass === "oco" ? "take-profit" : "entry", legs } };
}

/**
 * The exits against the price they must sit either side of (the entry's limit, or the price
 * now when placed): a take-profit that would fill at once, or a stop-loss already touched, is
 * refused, naming the field. Null when they are on the right sides.
 */
export function legsCrossing(reference: Money, exitSide: Side, takeProfit: Money | null, stop: Money | null): Rejection | null {
  const up = exitSide === "sell";
  if (takeProfit !== null && (up ? takeProfit <= reference : takeProfit >= reference)) {
    return rejection("LEG_PRICES_CROSSED", `takeProfit.limitPrice (${displayMoney(takeProfit)}) must be ${up ? "above" : "below"} ${displayMoney(reference)}: it would ${exitSide} at once.`, "takeProfit.limitPrice");
  }
  if (stop !== null && (up ? stop >= reference : stop <= reference)) {
    return rejection("LEG_PRICES_CROSSED", `stopLoss.stopPrice (${displayMoney(stop)}) must be ${up ? "below" : "above"} ${displayMoney(reference)}: it would trigger at once.`, "stopLoss.stopPrice");
  }
  return null;
}

/** A classed order at the price it is placed at: its exits must not fill or trigger at once (checked against the entry's expected price or the price now). */
export function classedAtPlacement(order: ClassedOrder, last: Money): Rejection | null {
  if (order.orderClass === "simple") return null;
  const exits = order.orderClass === "oco" ? [{ role: "take-profit" as const, order: order.parent }, ...order.legs] : order.legs;
  const tp = exits.find((l) => l.role === "take-profit")?.order;
  const sl = exits.find((l) => l.role === "stop-loss")?.order;
  const reference = order.orderClass !== "oco" && order.parent.type === "limit" ? order.parent.limitPrice : last;
  return legsCrossing(
    reference,
    exits[0]!.order.side,
    tp && tp.type === "limit" ? tp.limitPrice : null,
    sl && (sl.type === "stop" || sl.type === "stop-limit") ? sl.stopPrice : null,
  );
}

/**
 * The whole check of a new order with its class, for the engine and the ticket's preview
 * alike: the lesson gate for the advanced types, the parent's own check (checkOrder), and
 * the exits against the price it is placed at.
 */
export function checkClassedOrder(state: PortfolioState, order: ClassedOrder, context: OrderContext, rules: TradingRules): PlacementCheck {
  if (rules.advancedOrdersUnlocked === false && isAdvancedOrder({ type: order.parent.type, orderClass: order.orderClass })) {
    const field = order.orderClass === "simple" ? "type" : "orderClass";
    return { ok: false, rejection: rejection("ADVANCED_ORDERS_LOCKED", "Pass the lesson on advanced orders to unlock trailing stops, brackets, OCO and OTO.", field), preview: null, order: null };
  }
  const check = checkOrder(state, order.parent, context, rules);
  if (!check.ok || order.orderClass === "simple") return check;
  const last = context.prices.get(order.parent.symbol)!;
  const crossed = classedAtPlacement(order, last);
  return crossed ? { ok: false, rejection: crossed, preview: check.preview, order: check.order } : check;
}

// ---------------------------------------------------------------------------------------
// The group's life

export type MemberStatus = "open" | "held" | "filled" | "cancelled" | "rejected" | "expired";

/** One order of a group as the engine has it now (after this pass's changes). */
export interface GroupMember {
  id: string;
  role: LegRole;
  /** The parent has none. */
  parentId: string | null;
  status: MemberStatus;
  quantity: number;
  filledQuantity: number;
}

/** What becomes of one member: opened or resized (an exit), or cancelled with the reason in words. */
export type MemberChange = { id: string; kind: "size"; quantity: number } | { id: string; kind: "cancel"; reason: string };

const working = (m: GroupMember) => m.status === "open" || m.status === "held";
const EXIT_NAMES: Record<LegRole, string> = { entry: "entry", "take-profit": "take-profit", "stop-loss": "stop-loss" };

/**
 * What the rest of a group becomes, from its members as they are now. Idempotent: run again
 * on its own result, it changes nothing. `cancelledByPerson` is the parent a person just
 * cancelled: every member that has not filled goes with it.
 */
export function settleGroup(members: readonly GroupMember[], options: { cancelledByPerson?: string } = {}): MemberChange[] {
  const changes: MemberChange[] = [];
  const parent = members.find((m) => m.parentId === null);
  if (options.cancelledByPerson !== undefined && parent && options.cancelledByPerson === parent.id) {
    for (const m of members) {
      if (m.id !== parent.id && working(m) && m.filledQuantity === 0) changes.push({ id: m.id, kind: "cancel", reason: `Cancelled with its ${EXIT_NAMES[parent.role]}: the order it belongs to was cancelled.` });
    }
    return changes;
  }
  const exits = members.filter((m) => m.role !== "entry");
  const first = exits.find((m) => m.filledQuantity > 0);
  if (first) {
    // The first exit to fill, even in part, owns the exit: two exits working for the same shares could close them twice.
    for (const m of members) {
      if (m.id === first.id || !working(m)) continue;
      const why = m.role === "entry" ? "the rest of the entry is cancelled" : `the ${EXIT_NAMES[m.role]} is cancelled`;
      changes.push({ id: m.id, kind: "cancel", reason: `The ${EXIT_NAMES[first.role]} filled first: ${why}.` });
    }
    return changes;
  }
  const entry = members.find((m) => m.role === "entry");
  if (!entry) return changes;
  if (entry.filledQuantity > 0) {
    // The exits close what the entry bought (or shorted) so far, and follow it as it fills.
    for (const m of exits) if (working(m) && (m.status === "held" || m.quantity !== entry.filledQuantity)) changes.push({ id: m.id, kind: "size", quantity: entry.filledQuantity });
    return changes;
  }
  if (!working(entry)) {
    for (const m of exits) if (working(m)) changes.push({ id: m.id, kind: "cancel", reason: `The entry was ${entry.status} before any of it filled: nothing to close.` });
  }
  return changes;
}

/**
 * Open exits of one group promise the same shares once: the shares an OCO or a bracket's two
 * exits would sell are counted once when a new sell asks what is still free.
 */
export function promisedOnce<T extends { order: OrderSpec; group?: string | null }>(openOrders: readonly T[]): T[] {
  const largest = new Map<string, T>();
  const rest: T[] = [];
  for (const o of openOrders) {
    if (!o.group) rest.push(o);
    else {
      const seen = largest.get(o.group);
      if (!seen || seen.order.quantity < o.order.quantity) largest.set(o.group, o);
    }
  }
  return [...rest, ...largest.values()];
}
