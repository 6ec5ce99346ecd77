/**
 * The trade ticket: instrument, side, type, quantity, prices when relevant, time in force, a
 * preview that is the domain's own checkOrder under the portfolio's rules (rulebook.ts: the
 * same commission, slippage, limits and locks the server applies, so a refusal shows before
 * submitting), and a submission that carries an Idempotency-Key so a double click or a retry
 * never places twice.
 */
import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field, SelectField, TextAreaField } from "@/components/ui";
import { accrualOf, addMoney, borrowFeeBps, describeTrail, formatMoney, negateMoney, parseMoney, stopOf, subtractMoney } from "@/domain/trading";
import { integer, money, percentFigure, withUnit } from "@/lib/format";
import type { AnswerOf } from "@/lib/api/endpoint";
import type { ErrorAnswer } from "@/lib/api/answers";
import { endpointUrl } from "@/lib/client/api";
import { JOURNAL_NOTE_MAX, JOURNAL_NOTE_TOO_LONG } from "@/lib/validation/journal";
import { portfolioEndpoints } from "./endpoints";
import { CLASS_LABEL, fromCents, SIDE_LABEL, toCents, trailText, TYPE_LABEL } from "./format";
import { InstrumentCombobox } from "./InstrumentCombobox";
import { previewOrder } from "./rulebook";
import type { Fill, Instrument, Order, OrderType, Side, Summary } from "./types";
import { figureStyles } from "@/components/ui/Figures";
import styles from "./portfolio.module.css";

const REJECTION_TITLES: Record<string, string> = {
  INSUFFICIENT_FUNDS: "Not enough buying power.",
  INSUFFICIENT_SHARES: "You do not have enough shares.",
  SHORTING_DISABLED: "Short selling is off.",
  SHORTING_LOCKED: "Short selling is locked.",
  SHORT_WHILE_LONG: "You hold this instrument.",
  BUY_WHILE_SHORT: "You are short this instrument.",
  POSITION_LIMIT: "That position would be too large.",
  EVENT_NOT_LIVE: "The event is not live.",
  INSTRUMENT_NOT_ALLOWED: "Not tradable here.",
  INSTRUMENT_INACTIVE: "No longer traded.",
  MIN_HOLDINGS: "Keep more holdings.",
  MAX_TRADES_PER_DAY: "No more orders today.",
  MIN_HOLD_TIME: "Held too briefly.",
  MIN_SHARE_PRICE: "Share price too low.",
  UNKNOWN_INSTRUMENT: "Unknown instrument.",
  INVALID_QUANTITY: "Check the quantity.",
  INVALID_PRICE: "Check the price.",
  LIMIT_PRICE_REQUIRED: "A limit price is needed.",
  STOP_PRICE_REQUIRED: "A stop price is needed.",
  TRAIL_REQUIRED: "A trail is needed.",
  TRAIL_CONFLICT: "One trail only.",
  INVALID_TRAIL: "Check the trail.",
  QUANTITY_OR_NOTIONAL: "Shares or dollars.",
  INVALID_NOTIONAL: "Check the amount.",
  NOTIONAL_NOT_APPLICABLE: "Dollars only for buys.",
  NOTIONAL_TOO_SMALL: "Not enough for one share.",
  LEGS_NOT_APPLICABLE: "No exits on a simple order.",
  TAKE_PROFIT_REQUIRED: "A take-profit is needed.",
  STOP_LOSS_REQUIRED: "A stop-loss is needed.",
  OTO_ONE_LEG: "One exit only.",
  CLASS_SIDE_NOT_APPLICABLE: "Check the side.",
  CLASS_TYPE_NOT_APPLICABLE: "Check the order type.",
  LEG_PRICE_CONFLICT: "One limit price only.",
  LEG_PRICES_CROSSED: "Check the exit prices.",
  ADVANCED_ORDERS_LOCKED: "Advanced orders are locked.",
  IDEMPOTENCY_KEY_REUSED: "Please submit again.",
  RATE_LIMITED: "Slow down a little.",
  NETWORK: "No connection.",
};

type OrderClass = Order["orderClass"];

/** Input refusals about the exits themselves (not a field left empty): the preview shows them at once. */
const CLASS_CODES = new Set(["LEG_PRICES_CROSSED", "LEG_PRICE_CONFLICT", "CLASS_SIDE_NOT_APPLICABLE", "CLASS_TYPE_NOT_APPLICABLE", "OTO_ONE_LEG"]);

const CLASS_HINT: Record<OrderClass, string | undefined> = {
  simple: undefined,
  bracket: "An entry with a take-profit and a stop-loss that close it; the exits wait until the entry fills.",
  oco: "Two exits for shares you hold: whichever fills first cancels the other.",
  oto: "An entry with one exit that waits until the entry fills.",
};

const TYPES_OF_CLASS: Record<OrderClass, readonly OrderType[]> = {
  simple: ["market", "limit", "stop", "stop-limit", "trailing-stop"],
  bracket: ["market", "limit"],
  oto: ["market", "limit"],
  oco: ["limit"],
};

/** The exits as the preview says them: "take-profit 110.00 · stop-loss 95.00, sized to what the entry fills". */
function exitsPreview(o: { orderClass: OrderClass; takeProfit: string | null; stopLoss: string | null; stopLimit: string | null }): string {
  const parts: string[] = [];
  if (o.takeProfit) parts.push(`take-profit ${money(o.takeProfit)}`);
  if (o.stopLoss) parts.push(`stop-loss ${money(o.stopLoss)}${o.stopLimit?.trim() ? ` (limit ${money(o.stopLimit)})` : ""}`);
  const when = o.orderClass === "oco" ? "whichever fills first cancels the other" : "they wait for the entry and close what it fills";
  return `${parts.join(" · ")}: ${when}`;
}

/** A placed order's exits in words, for the ticket's message. */
function exitsText(o: Order): string {
  const legs = o.legs.map((l) => `${l.leg === "take-profit" ? "take-profit" : "stop-loss"} ${money((l.leg === "take-profit" ? l.limitPrice : l.stopPrice) ?? "0")}`).join(" and ");
  const held = o.legs.some((l) => l.status === "held");
  const many = o.legs.length > 1;
  return held ? `Its ${legs} ${many ? "wait" : "waits"} for the entry to fill.` : `Its ${legs} ${many ? "work" : "works"} now.`;
}

type Outcome = { tone: "success" | "info"; text: string } | { tone: "error"; title: string; text: string };

export interface PlacedOrder {
  order: Order;
  fill: Fill | null;
}

export function TradeTicket({
  summary,
  openOrders,
  instruments,
  initialSymbol = "",
  lockSymbol = false,
  chartLinks = true,
  onPlaced,
}: {
  /** Link the chosen instrument to its practice-market page (not for a replay's symbols). */
  chartLinks?: boolean;
  /** The portfolio as the page shows it: its holdings, cash and the rules it trades under. */
  summary: Summary;
  /** Its open orders (shares promised to open sells and covers are not available again). */
  openOrders: Order[];
  instruments: Instrument[];
  initialSymbol?: string;
  lockSymbol?: boolean;
  /** The server's answer to a placed (or recorded-and-refused) order. */
  onPlaced?: (placed: PlacedOrder) => void;
}) {
  const portfolioId = summary.id;
  const [symbol, setSymbol] = useState(initialSymbol);
  const [side, setSide] = useState<Side>("buy");
  const [type, setType] = useState<OrderType>("market");
  const [quantity, setQuantity] = useState("1");
  /** Size in whole shares, or in dollars (a buy at market or limit only; decision 060). */
  const [sizing, setSizing] = useState<"shares" | "dollars">("shares");
  const [notional, setNotional] = useState("");
  /** A trailing stop's trail: a percentage of the best price or an amount. */
  const [trailBy, setTrailBy] = useState<"percent" | "amount">("percent");
  const [trail, setTrail] = useState("5");
  const [limitPrice, setLimitPrice] = useState("");
  const [stopPrice, setStopPrice] = useState("");
  const [timeInForce, setTimeInForce] = useState<"day" | "gtc">("day");
  /** Orders with legs (decision 065): the class, and the exits' prices. */
  const [orderClass, setOrderClass] = useState<OrderClass>("simple");
  const [otoExit, setOtoExit] = useState<"take-profit" | "stop-loss">("take-profit");
  const [takeProfit, setTakeProfit] = useState("");
  const [stopLossStop, setStopLossStop] = useState("");
  const [stopLossLimit, setStopLossLimit] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** One key per submission of this ticket's content; kept across a network retry. */
  const pending = useRef<{ key: string; body: string } | null>(null);

  const instrument = instruments.find((i) => i.symbol === symbol);
  const oco = orderClass === "oco";
  const wantsTakeProfit = orderClass === "bracket" || oco || (orderClass === "oto" && otoExit === "take-profit");
  const wantsStopLoss = orderClass === "bracket" || oco || (orderClass === "oto" && otoExit === "stop-loss");
  const classInput = {
    ...(orderClass !== "simple" && { orderClass }),
    ...(wantsTakeProfit && { takeProfit: { limitPrice: takeProfit.trim() } }),
    ...(wantsStopLoss && { stopLoss: { stopPrice: stopLossStop.trim(), ...(stopLossLimit.trim() && { limitPrice: stopLossLimit.trim() }) } }),
  };
  // An OCO's limit is its take-profit's: the ticket asks for it once, there.
  const needsLimit = (type === "limit" || type === "stop-limit") && !oco;
  const needsStop = type === "stop" || type === "stop-limit";
  const trailing = type === "trailing-stop";
  const dollarsAllowed = side === "buy" && (type === "market" || type === "limit");
  const dollars = dollarsAllowed && sizing === "dollars";
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
  const amount = dollars ? toCents(notional) : null;
  const limit = needsLimit ? toCents(limitPrice) : null;
  const stop = needsStop ? toCents(stopPrice) : null;
  const trailValue = trail.trim();
  const sizeInput = dollars ? { notional: notional.trim() } : { quantity: qty };
  const trailInput = trailing ? (trailBy === "percent" ? { trailPercent: trailValue } : { trailAmount: trailValue }) : {};
  const preview = instrument
    ? previewOrder({
        summary,
        instruments,
        openOrders,
        input: { symbol, side, type, ...sizeInput, ...trailInput, ...classInput, limitPrice: needsLimit ? limitPrice.trim() : null, stopPrice: needsStop ? stopPrice.trim() : null, timeInForce },
        now: new Date(),
      })
    : null;
  const checked = preview?.kind === "checked" ? preview.check : null;
  /** The order as the engine would place it now: a trailing stop's stop and mark, the shares a dollar amount buys. */
  const placedOrder = checked?.order ?? null;
  const estimate = checked?.preview ?? null;
  // An order with legs whose exits do not fit together is refused by the rule book before any price is needed: say so as the server would.
  const classRefusal = preview?.kind === "incomplete" && preview.rejection && orderClass !== "simple" && CLASS_CODES.has(preview.rejection.code) ? preview.rejection : null;
  const refusal = checked && !checked.ok ? checked.rejection : classRefusal;
  const held = summary.positions.find((p) => p.symbol === symbol)?.quantity ?? 0;
  const { rules } = summary;
  const shortingLocked = side === "short" && rules.allowShort && !rules.shorting.unlocked;
  // Margin and borrowing, shown before the order (decision 070): what the order leaves borrowed, and a short's borrow fee.
  const borrowedAfter = rules.margin && estimate ? (() => {
    const cashAfter = addMoney(parseMoney(summary.cash), estimate.cashChange);
    return cashAfter < 0n ? negateMoney(cashAfter) : null;
  })() : null;
  // A replay's portfolios accrue nothing (their days are the dataset's): only the practice market's shorts pay the fee.
  const feeBps = side === "short" && rules.borrowFees && summary.pricing === "live" && instrument ? borrowFeeBps({ kind: instrument.kind, volatility: instrument.liquidity?.volatility ?? Number.NaN }) : 0;
  const borrowFee = feeBps > 0 && estimate ? { bps: feeBps, daily: accrualOf(estimate.notional, feeBps, 1, "up") } : null;
  const advancedLocked = (trailing || orderClass !== "simple") && rules.advancedOrders !== undefined && !rules.advancedOrders.unlocked;

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!instrument) found.symbol = "Pick an instrument from the list.";
    if (dollars) {
      if (amount === null || amount <= 0n) found.notional = 'Enter an amount like "2500.00".';
    } else if (!Number.isInteger(qty) || qty < 1) found.quantity = "Enter a whole number of shares, 1 or more.";
    if (trailing) {
      if (trailBy === "percent" && !(/^\d{1,2}(\.\d{1,2})?$/.test(trailValue) && Number(trailValue) > 0)) found.trailPercent = 'Enter a percentage above 0 and below 100, like "5".';
      if (trailBy === "amount" && !((toCents(trailValue) ?? 0n) > 0n)) found.trailAmount = 'Enter an amount like "2.50".';
    }
    if (needsLimit && (limit === null || limit <= 0n)) found.limitPrice = 'Enter a limit price like "101.25".';
    if (needsStop && (stop === null || stop <= 0n)) found.stopPrice = 'Enter a stop price like "99.50".';
    if (wantsTakeProfit && !((toCents(takeProfit) ?? 0n) > 0n)) found["takeProfit.limitPrice"] = 'Enter a take-profit price like "110.00".';
    if (wantsStopLoss && !((toCents(stopLossStop) ?? 0n) > 0n)) found["stopLoss.stopPrice"] = 'Enter a stop-loss price like "95.00".';
    if (wantsStopLoss && stopLossLimit.trim() && !((toCents(stopLossLimit) ?? 0n) > 0n)) found["stopLoss.limitPrice"] = 'Enter a price like "94.50", or leave it empty for a stop at market.';
    if (note.trim().length > JOURNAL_NOTE_MAX) found.note = JOURNAL_NOTE_TOO_LONG;
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome(null);
      return;
    }
    // The warning above already says why: a locked short is not sent to be refused and kept as a rejected order.
    if (shortingLocked) {
      setOutcome({ tone: "error", title: REJECTION_TITLES.SHORTING_LOCKED!, text: "Pass the short-selling lesson first, or pick Buy, Sell or Cover." });
      return;
    }
    if (advancedLocked) {
      setOutcome({ tone: "error", title: REJECTION_TITLES.ADVANCED_ORDERS_LOCKED!, text: "Pass the lesson on advanced orders first, or place a simple order." });
      return;
    }
    const body = JSON.stringify({
      symbol,
      side,
      type,
      ...(orderClass !== "simple" && { orderClass }),
      ...(wantsTakeProfit && { takeProfit: { limitPrice: fromCents(toCents(takeProfit)!) } }),
      ...(wantsStopLoss && { stopLoss: { stopPrice: fromCents(toCents(stopLossStop)!), ...(stopLossLimit.trim() && { limitPrice: fromCents(toCents(stopLossLimit)!) }) } }),
      ...(dollars ? { notional: fromCents(amount!) } : { quantity: qty }),
      ...(trailing && (trailBy === "percent" ? { trailPercent: trailValue } : { trailAmount: fromCents(toCents(trailValue)!) })),
      limitPrice: needsLimit ? fromCents(limit!) : undefined,
      stopPrice: needsStop ? fromCents(stop!) : undefined,
      // The field is hidden for a market order: send what it shows, not a choice left over from an earlier order.
      timeInForce: type === "market" && orderClass === "simple" ? "day" : timeInForce,
      note: note.trim() || undefined,
    });
    if (!pending.current || pending.current.body !== body) pending.current = { key: crypto.randomUUID(), body };
    setBusy(true);
    setOutcome(null);
    try {
      let response: Response;
      try {
        // By hand, not `call`: the Idempotency-Key header, and a 422 that carries the rejected order.
        response = await fetch(endpointUrl(portfolioEndpoints.placeOrder, { params: { id: portfolioId } }), {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": pending.current.key },
          body,
          credentials: "same-origin",
        });
      } catch {
        // The same key is kept: submitting again cannot place a second order.
        setOutcome({ tone: "error", title: REJECTION_TITLES.NETWORK!, text: "Could not reach the server. Your order may not have been placed; submit again to retry safely." });
        return;
      }
      // 201: the placement; 422: the error, with the rejected order when a rule refused it.
      const data = (await response.json().catch(() => null)) as (Partial<AnswerOf<typeof portfolioEndpoints.placeOrder>> & Partial<ErrorAnswer>) | null;
      // A 5xx may come after the order was placed (an instance that died after its commit, a
      // load balancer's 502): the same key is kept, so submitting again cannot place it twice.
      if (response.status < 500) pending.current = null;
      if (response.status === 201 && data?.order) {
        const o = data.order;
        onPlaced?.({ order: o, fill: data.fill ?? null });
        // The note belongs to the order just placed; the next trade gets its own.
        setNote("");
        const verb = SIDE_LABEL[o.side]!.toLowerCase();
        const exits = o.legs.length > 0 ? ` ${exitsText(o)}` : "";
        if (data.fill) {
          const done = { buy: "Bought", sell: "Sold", short: "Shorted", cover: "Covered" }[o.side];
          const commission = data.fill.commission !== "0.00" ? ` Commission ${money(data.fill.commission)}.` : "";
          setOutcome({ tone: "success", text: `${done} ${data.fill.quantity} ${o.symbol} at ${money(data.fill.price)}.${commission} ${data.fill.reason}${exits}` });
        } else {
          const follows = o.type === "trailing-stop" && o.stopPrice ? ` Its stop (${money(o.stopPrice)} now) ${trailText(o) ?? "follows the price"}.` : "";
          const what = o.orderClass !== "simple" ? `${CLASS_LABEL[o.orderClass]} (${TYPE_LABEL[o.type]!.toLowerCase()})` : TYPE_LABEL[o.type];
          setOutcome({ tone: "info", text: `${what} order to ${verb} ${o.quantity} ${o.symbol} placed: it waits in Open orders until the price reaches it.${follows}${exits}` });
        }
        return;
      }
      const error = data?.error;
      if (response.status === 422 && error) {
        setOutcome({ tone: "error", title: REJECTION_TITLES[error.code] ?? "Order refused.", text: error.message });
        // An input refusal names its field (decision 060): mark it on the ticket.
        if (error.fields) setErrors(error.fields);
        if (data?.order) onPlaced?.({ order: data.order, fill: null });
      } else if (response.status === 400 && error?.fields) {
        setErrors(error.fields);
        setOutcome({ tone: "error", title: "Check the order.", text: error.message });
      } else if (response.status === 401) {
        setOutcome({ tone: "error", title: "Signed out.", text: "Your session ended. Sign in again to trade." });
      } else if (response.status === 429) {
        setOutcome({ tone: "error", title: REJECTION_TITLES.RATE_LIMITED!, text: error?.message ?? "Too many orders at once. Wait a moment and try again." });
      } else if (response.status >= 500) {
        setOutcome({ tone: "error", title: "Something went wrong.", text: `${error?.message ?? "The server could not answer."} Your order may not have been placed; submit again to retry safely.` });
      } else {
        setOutcome({ tone: "error", title: "Something went wrong.", text: error?.message ?? "The order could not be placed. Please try again." });
      }
    } finally {
      setBusy(false);
    }
  }

  const change = (fn: () => void) => {
    fn();
    setOutcome(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Trade ticket" className={styles.ticket}>
      {lockSymbol && instrument ? (
        <p className={styles.ticketSymbol}>
          <strong>{instrument.symbol}</strong> <span className="muted">{instrument.name}</span>
          <span className={styles.ticketLast}>last {money(instrument.lastPrice)}</span>
        </p>
      ) : (
        <InstrumentCombobox instruments={instruments} value={symbol} onChange={(s) => change(() => setSymbol(s))} error={errors.symbol} />
      )}
      <fieldset className={styles.segmented}>
        <legend className={styles.label}>Side</legend>
        <div className={styles.segments}>
          {(["buy", "sell", "short", "cover"] as const).map((s) => (
            <label key={s} className={side === s ? styles.segmentOn : styles.segment}>
              <input type="radio" name="side" value={s} checked={side === s} onChange={() => change(() => setSide(s))} />
              {SIDE_LABEL[s]}
            </label>
          ))}
        </div>
      </fieldset>
      {symbol && held !== 0 && (
        <p className={styles.hint}>
          You hold {held > 0 ? `${held} shares` : `a short of ${-held} shares`} of {symbol}.
        </p>
      )}
      <SelectField
        label="Order class"
        value={orderClass}
        onChange={(e) =>
          change(() => {
            const next = e.target.value as OrderClass;
            setOrderClass(next);
            // Each class takes its own sides and types: move the ticket to the nearest that fits (the rule book still judges).
            if (next === "oco") {
              setType("limit");
              if (side === "buy" || side === "short") setSide(side === "buy" ? "sell" : "cover");
            } else if (next !== "simple") {
              if (type !== "market" && type !== "limit") setType("market");
              if (side === "sell" || side === "cover") setSide(side === "sell" ? "buy" : "short");
            }
          })
        }
        hint={CLASS_HINT[orderClass]}
      >
        {(["simple", "bracket", "oco", "oto"] as const).map((c) => (
          <option key={c} value={c}>
            {CLASS_LABEL[c]}
          </option>
        ))}
      </SelectField>
      <div className={styles.ticketRow}>
        <SelectField label="Order type" value={type} onChange={(e) => change(() => setType(e.target.value as OrderType))}>
          {TYPES_OF_CLASS[orderClass].map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </SelectField>
        {dollars ? (
          <Field label="Amount" inputMode="decimal" placeholder="2500.00" value={notional} onChange={(e) => change(() => setNotional(e.target.value))} error={errors.notional} />
        ) : (
          <Field label="Quantity" inputMode="numeric" value={quantity} onChange={(e) => change(() => setQuantity(e.target.value))} error={errors.quantity} />
        )}
      </div>
      {dollarsAllowed && (
        <fieldset className={styles.segmented}>
          <legend className={styles.label}>Size in</legend>
          <div className={`${styles.segments} ${styles.segments2}`}>
            {(["shares", "dollars"] as const).map((s) => (
              <label key={s} className={sizing === s ? styles.segmentOn : styles.segment}>
                <input type="radio" name="sizing" value={s} checked={sizing === s} onChange={() => change(() => setSizing(s))} />
                {s === "shares" ? "Shares" : "Dollars"}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {trailing && (
        <div className={styles.ticketRow}>
          <fieldset className={styles.segmented}>
            <legend className={styles.label}>Trail by</legend>
            <div className={`${styles.segments} ${styles.segments2}`}>
              {(["percent", "amount"] as const).map((t) => (
                <label key={t} className={trailBy === t ? styles.segmentOn : styles.segment}>
                  <input type="radio" name="trailBy" value={t} checked={trailBy === t} onChange={() => change(() => setTrailBy(t))} />
                  {t === "percent" ? "%" : "Amount"}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            label={trailBy === "percent" ? "Trail (%)" : "Trail amount"}
            inputMode="decimal"
            value={trail}
            onChange={(e) => change(() => setTrail(e.target.value))}
            error={trailBy === "percent" ? errors.trailPercent : errors.trailAmount}
          />
        </div>
      )}
      {trailing && (
        <p className={styles.hint}>
          {side === "sell" || side === "short"
            ? "The stop follows the highest price since you place the order, a trail below it; when the price falls back to the stop, the order sells at market."
            : "The stop follows the lowest price since you place the order, a trail above it; when the price rises back to the stop, the order buys at market."}
        </p>
      )}
      {(needsStop || needsLimit) && (
        <div className={styles.ticketRow}>
          {needsStop && <Field label="Stop price" inputMode="decimal" placeholder={instrument?.lastPrice} value={stopPrice} onChange={(e) => change(() => setStopPrice(e.target.value))} error={errors.stopPrice} />}
          {needsLimit && <Field label="Limit price" inputMode="decimal" placeholder={instrument?.lastPrice} value={limitPrice} onChange={(e) => change(() => setLimitPrice(e.target.value))} error={errors.limitPrice} />}
        </div>
      )}
      {orderClass === "oto" && (
        <fieldset className={styles.segmented}>
          <legend className={styles.label}>Exit</legend>
          <div className={`${styles.segments} ${styles.segments2}`}>
            {(["take-profit", "stop-loss"] as const).map((x) => (
              <label key={x} className={otoExit === x ? styles.segmentOn : styles.segment}>
                <input type="radio" name="otoExit" value={x} checked={otoExit === x} onChange={() => change(() => setOtoExit(x))} />
                {x === "take-profit" ? "Take-profit" : "Stop-loss"}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {(wantsTakeProfit || wantsStopLoss) && (
        <div className={styles.ticketRow}>
          {wantsTakeProfit && (
            <Field label="Take-profit limit" inputMode="decimal" placeholder={instrument?.lastPrice} value={takeProfit} onChange={(e) => change(() => setTakeProfit(e.target.value))} error={errors["takeProfit.limitPrice"] ?? errors.takeProfit} />
          )}
          {wantsStopLoss && (
            <Field label="Stop-loss stop" inputMode="decimal" placeholder={instrument?.lastPrice} value={stopLossStop} onChange={(e) => change(() => setStopLossStop(e.target.value))} error={errors["stopLoss.stopPrice"] ?? errors.stopLoss} />
          )}
        </div>
      )}
      {wantsStopLoss && (
        <Field
          label="Stop-loss limit (optional)"
          inputMode="decimal"
          hint="Empty: the stop-loss sells at market once touched. A limit never sells below it, but may not fill in a fast fall."
          value={stopLossLimit}
          onChange={(e) => change(() => setStopLossLimit(e.target.value))}
          error={errors["stopLoss.limitPrice"]}
        />
      )}
      {(type !== "market" || orderClass !== "simple") && (
        <SelectField label="Time in force" value={timeInForce} onChange={(e) => change(() => setTimeInForce(e.target.value as "day" | "gtc"))}>
          <option value="day">Day (expires at the close)</option>
          <option value="gtc">Good till cancelled</option>
        </SelectField>
      )}
      <TextAreaField
        label="Journal — why this trade? (optional)"
        name="note"
        rows={3}
        value={note}
        onChange={(e) => change(() => setNote(e.target.value))}
        error={errors.note}
        hint={`${integer(note.trim().length)} / ${integer(JOURNAL_NOTE_MAX)} characters. Seen by you and, in a class, your teachers.`}
      />
      {advancedLocked && (
        <Alert tone="warning" title={REJECTION_TITLES.ADVANCED_ORDERS_LOCKED}>
          Trailing stops, brackets, OCO and OTO unlock when you pass{" "}
          {rules.advancedOrders?.lesson ? <Link href={rules.advancedOrders.lesson.href}>the lesson “{rules.advancedOrders.lesson.title}”</Link> : "the lesson on advanced orders"} in Learn.
        </Alert>
      )}
      {shortingLocked && (
        <Alert tone="warning" title={REJECTION_TITLES.SHORTING_LOCKED}>
          Short selling unlocks when you pass {rules.shorting.lesson ? <Link href={rules.shorting.lesson.href}>the lesson “{rules.shorting.lesson.title}”</Link> : "the short-selling lesson"} in Learn.
        </Alert>
      )}
      <div className={styles.preview} aria-live="polite">
        <h3 className={styles.previewTitle}>Order preview</h3>
        {estimate ? (
          <dl className={styles.previewList}>
            <dt>
              {type === "market"
                ? `Estimated price (incl. ${estimate.impactBps ? "spread and impact" : `${withUnit(rules.slippageBps, "bps")} half-spread`})`
                : type === "stop" || type === "trailing-stop"
                  ? "Estimated price once triggered"
                  : estimate.immediate
                    ? "Price now (within your limit)"
                    : "Worst price (your limit)"}
            </dt>
            <dd>{money(formatMoney(estimate.price))}</dd>
            {placedOrder?.type === "trailing-stop" && placedOrder.waterMark !== null && (
              <>
                <dt>Stop now</dt>
                <dd data-testid="preview-trailing-stop">
                  {money(formatMoney(stopOf(placedOrder)))}
                  <div className="muted">{describeTrail(placedOrder, placedOrder.waterMark)}</div>
                </dd>
              </>
            )}
            {placedOrder?.notional !== undefined && (
              <>
                <dt>Whole shares</dt>
                <dd data-testid="preview-shares">
                  {integer(placedOrder.quantity)}
                  <div className="muted">{money(formatMoney(subtractMoney(placedOrder.notional, negateMoney(estimate.cashChange))))} stays cash</div>
                </dd>
              </>
            )}
            {orderClass !== "simple" && checked?.ok && (
              <>
                <dt>Exits</dt>
                <dd data-testid="preview-exits">{exitsPreview({ orderClass, takeProfit: wantsTakeProfit ? takeProfit : null, stopLoss: wantsStopLoss ? stopLossStop : null, stopLimit: wantsStopLoss ? stopLossLimit : null })}</dd>
              </>
            )}
            {estimate.impactBps !== undefined && estimate.impactBps > 0 && (
              <>
                <dt>Expected market impact</dt>
                <dd data-testid="preview-impact">{withUnit(estimate.impactBps, "bps")}</dd>
              </>
            )}
            <dt>Commission</dt>
            <dd data-testid="preview-commission">{money(formatMoney(estimate.commission))}</dd>
            <dt>{estimate.cashChange < 0n ? "Estimated cost" : "Estimated proceeds"}</dt>
            <dd>
              <strong>{money(formatMoney(estimate.cashChange < 0n ? negateMoney(estimate.cashChange) : estimate.cashChange))}</strong>
            </dd>
            {estimate.reservation > 0n && (
              <>
                <dt>Held back while it waits</dt>
                <dd>{money(formatMoney(estimate.reservation))}</dd>
              </>
            )}
            <dt>Buying power after</dt>
            <dd className={estimate.buyingPowerAfter < 0n ? figureStyles.down : undefined}>
              {money(formatMoney(estimate.buyingPowerAfter))}
              {estimate.buyingPowerAfter < 0n && <span> (not enough)</span>}
              {rules.margin && <div className="muted">with {rules.margin.multiplier}× margin</div>}
            </dd>
            {borrowedAfter !== null && borrowedAfter > 0n && (
              <>
                <dt>Borrowed after</dt>
                <dd data-testid="preview-borrowed">
                  {money(formatMoney(borrowedAfter))}
                  <div className="muted">at {percentFigure(rules.margin!.debitRatePct)} a year, charged daily</div>
                </dd>
              </>
            )}
            {borrowFee && (
              <>
                <dt>Borrow fee</dt>
                <dd data-testid="preview-borrow-fee">
                  {percentFigure(borrowFee.bps / 100)} a year
                  <div className="muted">about {money(formatMoney(borrowFee.daily))} a day on this short, charged daily while it is open</div>
                </dd>
              </>
            )}
          </dl>
        ) : (
          !refusal && <p className="muted">{instrument ? `Fill in the ${dollars ? "amount" : "quantity"} and prices to see the estimate.` : "Pick an instrument to see the estimate."}</p>
        )}
        {estimate?.inParts && instrument?.liquidity && (
          <p className={styles.previewNote} role="note" data-testid="preview-in-parts">
            <strong>Fills in parts.</strong> {integer(placedOrder?.quantity ?? qty)} shares are more than 1 % of a day’s volume ({integer(instrument.liquidity.averageDailyVolume)}): the order takes at most{" "}
            {percentFigure(rules.liquidity?.participationPct ?? 10)} of the shares the market trades while it works, and the rest waits. You can cancel the rest at any time
            {timeInForce === "day" ? "; a day order’s rest expires at the day’s end" : ""}.
          </p>
        )}
        {refusal && !shortingLocked && !advancedLocked && (
          <p className={styles.previewRefusal} role="note">
            <strong>{REJECTION_TITLES[refusal.code] ?? "This order would be refused."}</strong> {refusal.message}
          </p>
        )}
      </div>
      {outcome &&
        (outcome.tone === "error" ? (
          <Alert tone="error" title={outcome.title}>
            {outcome.text}
          </Alert>
        ) : (
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        ))}
      <Button type="submit" block busy={busy}>
        {busy ? "Placing order…" : `Place ${SIDE_LABEL[side]!.toLowerCase()} order`}
      </Button>
      {instrument && !lockSymbol && chartLinks && (
        <p className={styles.hint} style={{ marginTop: "0.5rem" }}>
          <Link href={`/portfolio/instruments/${instrument.symbol}`}>{instrument.symbol} chart and stats</Link>
        </p>
      )}
    </form>
  );
}
