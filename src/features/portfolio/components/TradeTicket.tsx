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
import { formatMoney, negateMoney } from "@/domain/trading";
import { integer, money, percent } from "@/lib/format";
import { JOURNAL_NOTE_MAX, JOURNAL_NOTE_TOO_LONG } from "@/lib/validation/journal";
import { fromCents, SIDE_LABEL, toCents, TYPE_LABEL } from "./format";
import { InstrumentCombobox } from "./InstrumentCombobox";
import { previewOrder } from "./rulebook";
import type { Fill, Instrument, Order, OrderType, Side, Summary } from "./types";
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
  IDEMPOTENCY_KEY_REUSED: "Please submit again.",
  RATE_LIMITED: "Slow down a little.",
  NETWORK: "No connection.",
};

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
  const [limitPrice, setLimitPrice] = useState("");
  const [stopPrice, setStopPrice] = useState("");
  const [timeInForce, setTimeInForce] = useState<"day" | "gtc">("day");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** One key per submission of this ticket's content; kept across a network retry. */
  const pending = useRef<{ key: string; body: string } | null>(null);

  const instrument = instruments.find((i) => i.symbol === symbol);
  const needsLimit = type === "limit" || type === "stop-limit";
  const needsStop = type === "stop" || type === "stop-limit";
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
  const limit = needsLimit ? toCents(limitPrice) : null;
  const stop = needsStop ? toCents(stopPrice) : null;
  const preview = instrument
    ? previewOrder({
        summary,
        instruments,
        openOrders,
        input: { symbol, side, type, quantity: qty, limitPrice: needsLimit ? limitPrice.trim() : null, stopPrice: needsStop ? stopPrice.trim() : null, timeInForce },
        now: new Date(),
      })
    : null;
  const checked = preview?.kind === "checked" ? preview.check : null;
  const estimate = checked?.preview ?? null;
  const refusal = checked && !checked.ok ? checked.rejection : null;
  const held = summary.positions.find((p) => p.symbol === symbol)?.quantity ?? 0;
  const { rules } = summary;
  const shortingLocked = side === "short" && rules.allowShort && !rules.shorting.unlocked;

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!instrument) found.symbol = "Pick an instrument from the list.";
    if (!Number.isInteger(qty) || qty < 1) found.quantity = "Enter a whole number of shares, 1 or more.";
    if (needsLimit && (limit === null || limit <= 0n)) found.limitPrice = 'Enter a limit price like "101.25".';
    if (needsStop && (stop === null || stop <= 0n)) found.stopPrice = 'Enter a stop price like "99.50".';
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
    const body = JSON.stringify({
      symbol,
      side,
      type,
      quantity: qty,
      limitPrice: needsLimit ? fromCents(limit!) : undefined,
      stopPrice: needsStop ? fromCents(stop!) : undefined,
      // The field is hidden for a market order: send what it shows, not a choice left over from an earlier order.
      timeInForce: type === "market" ? "day" : timeInForce,
      note: note.trim() || undefined,
    });
    if (!pending.current || pending.current.body !== body) pending.current = { key: crypto.randomUUID(), body };
    setBusy(true);
    setOutcome(null);
    try {
      let response: Response;
      try {
        response = await fetch(`/api/portfolios/${portfolioId}/orders`, {
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
      const data = (await response.json().catch(() => null)) as { order?: Order; fill?: Fill | null; error?: { code: string; message: string; fields?: Record<string, string> } } | null;
      pending.current = null;
      if (response.status === 201 && data?.order) {
        const o = data.order;
        onPlaced?.({ order: o, fill: data.fill ?? null });
        // The note belongs to the order just placed; the next trade gets its own.
        setNote("");
        const verb = SIDE_LABEL[o.side]!.toLowerCase();
        if (data.fill) {
          const done = { buy: "Bought", sell: "Sold", short: "Shorted", cover: "Covered" }[o.side];
          const commission = data.fill.commission !== "0.00" ? ` Commission ${money(data.fill.commission)}.` : "";
          setOutcome({ tone: "success", text: `${done} ${data.fill.quantity} ${o.symbol} at ${money(data.fill.price)}.${commission} ${data.fill.reason}` });
        } else {
          setOutcome({ tone: "info", text: `${TYPE_LABEL[o.type]} order to ${verb} ${o.quantity} ${o.symbol} placed: it waits in Open orders until the price reaches it.` });
        }
        return;
      }
      const error = data?.error;
      if (response.status === 422 && error) {
        setOutcome({ tone: "error", title: REJECTION_TITLES[error.code] ?? "Order refused.", text: error.message });
        if (data?.order) onPlaced?.({ order: data.order, fill: null });
      } else if (response.status === 400 && error?.fields) {
        setErrors(error.fields);
        setOutcome({ tone: "error", title: "Check the order.", text: error.message });
      } else if (response.status === 401) {
        setOutcome({ tone: "error", title: "Signed out.", text: "Your session ended. Sign in again to trade." });
      } else if (response.status === 429) {
        setOutcome({ tone: "error", title: REJECTION_TITLES.RATE_LIMITED!, text: error?.message ?? "Too many orders at once. Wait a moment and try again." });
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
      <div className={styles.ticketRow}>
        <SelectField label="Order type" value={type} onChange={(e) => change(() => setType(e.target.value as OrderType))}>
          {(["market", "limit", "stop", "stop-limit"] as const).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </SelectField>
        <Field label="Quantity" inputMode="numeric" value={quantity} onChange={(e) => change(() => setQuantity(e.target.value))} error={errors.quantity} />
      </div>
      {(needsStop || needsLimit) && (
        <div className={styles.ticketRow}>
          {needsStop && <Field label="Stop price" inputMode="decimal" placeholder={instrument?.lastPrice} value={stopPrice} onChange={(e) => change(() => setStopPrice(e.target.value))} error={errors.stopPrice} />}
          {needsLimit && <Field label="Limit price" inputMode="decimal" placeholder={instrument?.lastPrice} value={limitPrice} onChange={(e) => change(() => setLimitPrice(e.target.value))} error={errors.limitPrice} />}
        </div>
      )}
      {type !== "market" && (
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
                ? `Estimated price (incl. ${percent(rules.slippageBps / 10_000, { signed: false })} slippage)`
                : type === "stop"
                  ? "Estimated price once triggered"
                  : estimate.immediate
                    ? "Price now (within your limit)"
                    : "Worst price (your limit)"}
            </dt>
            <dd>{money(formatMoney(estimate.price))}</dd>
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
            <dd className={estimate.buyingPowerAfter < 0n ? styles.down : undefined}>
              {money(formatMoney(estimate.buyingPowerAfter))}
              {estimate.buyingPowerAfter < 0n && <span> (not enough)</span>}
            </dd>
          </dl>
        ) : (
          !refusal && <p className="muted">{instrument ? "Fill in the quantity and prices to see the estimate." : "Pick an instrument to see the estimate."}</p>
        )}
        {refusal && !shortingLocked && (
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
