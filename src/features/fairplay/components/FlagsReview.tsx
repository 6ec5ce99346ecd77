/**
 * The flags review (docs/decisions/046): an event's fair-play flags with their evidence — the
 * figures, the orders and fills involved, the times — and, for each, a review: dismiss, warn
 * or disqualify, a reason required for the last two (the person is shown it). Native radio
 * buttons, a text area and a submit button: usable from the keyboard alone.
 */
import { useId, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, TextAreaField, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { SIDE_LABEL } from "@/features/portfolio/components";
import { api, ApiError } from "@/lib/client/api";
import { decimal, integer, money, percent, percentFigure } from "@/lib/format";
import type { FlagItem, FlagsAnswer } from "../types";
import styles from "./fairplay.module.css";

export type { FlagItem, FlagsAnswer, FlagSide } from "../types";

const STATUS_LABEL: Record<FlagItem["status"], string> = { open: "Open", dismissed: "Dismissed", warned: "Warned", disqualified: "Disqualified" };
const STATUS_TONE: Record<FlagItem["status"], "danger" | "success" | "admin" | undefined> = { open: "danger", dismissed: undefined, warned: "admin", disqualified: "danger" };
interface FillEvidence {
  fillId: string;
  orderId: string;
  symbol: string;
  side: string;
  quantity: number;
  price: string;
  at: string;
}

interface OrderEvidence {
  orderId: string;
  symbol: string;
  side: string;
  type: string;
  quantity: number;
  filledQuantity: number;
  status: string;
  at: string;
}

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" ? Number(v) : null);
/** A share that has no sign (a threshold, a spread, a part of a day's volume), as a plain percent: 0.06 → "6 %". */
const share = (v: unknown) => {
  const n = num(v);
  return n === null ? "—" : percentFigure(Math.round(n * 10_000) / 100);
};

function Figures({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className={styles.figures}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EvidenceFillsTable({ caption, fills, extra }: { caption: string; fills: Array<FillEvidence & Record<string, unknown>>; extra?: { heading: string; cell: (f: FillEvidence & Record<string, unknown>) => string } }) {
  const { dateTime } = useTimeFormat();
  if (fills.length === 0) return <p className={styles.meta}>No trades.</p>;
  return (
    <DataTable caption={caption} minWidth="30rem">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Order</th>
          <th scope="col" className={numeric}>
            Quantity
          </th>
          <th scope="col" className={numeric}>
            Price
          </th>
          {extra && <th scope="col">{extra.heading}</th>}
        </tr>
      </thead>
      <tbody>
        {fills.map((f) => (
          <tr key={f.fillId}>
            <td>
              <time dateTime={f.at}>{dateTime(f.at)}</time>
            </td>
            <td>
              {SIDE_LABEL[f.side] ?? f.side} {f.symbol} <span className={styles.meta}>#{f.orderId.slice(0, 8)}</span>
            </td>
            <td className={numeric}>{integer(f.quantity)}</td>
            <td className={numeric}>{money(f.price)}</td>
            {extra && <td>{extra.cell(f)}</td>}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** The person's own orders a detector counted: time, order, what filled of it, and the detector's own column. */
function EvidenceOrdersTable({ caption, orders, extra }: { caption: string; orders: Array<OrderEvidence & Record<string, unknown>>; extra: { heading: string; cell: (o: OrderEvidence & Record<string, unknown>) => string } }) {
  const { dateTime } = useTimeFormat();
  return (
    <DataTable caption={caption} minWidth="30rem">
      <thead>
        <tr>
          <th scope="col">Placed</th>
          <th scope="col">Order</th>
          <th scope="col" className={numeric}>
            Filled of quantity
          </th>
          <th scope="col">{extra.heading}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderId}>
            <td>
              <time dateTime={o.at}>{dateTime(o.at)}</time>
            </td>
            <td>
              {SIDE_LABEL[o.side] ?? o.side} {o.symbol} <span className={styles.meta}>{o.type} · {o.status.replace("_", " ")} · #{o.orderId.slice(0, 8)}</span>
            </td>
            <td className={numeric}>
              {integer(o.filledQuantity)} of {integer(o.quantity)}
            </td>
            <td>{extra.cell(o)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function Evidence({ flag }: { flag: FlagItem }) {
  const e = flag.evidence;
  const { dateTime } = useTimeFormat();
  switch (flag.kind) {
    case "implausible-return":
      return (
        <>
          <Figures
            items={[
              ["Return", percent(num(e.totalReturn), { signed: true })],
              ["z-score against the others", decimal(num(e.zScore), 1)],
              ["Others' average", percent(num(e.peerMean), { signed: true })],
              ["Others' spread", share(e.peerSpread)],
              ["Benchmark over the event", e.benchmarkReturn === null || e.benchmarkReturn === undefined ? "—" : percent(num(e.benchmarkReturn), { signed: true })],
              ["Compared with", `${integer(num(e.peers) ?? 0)} participants`],
            ]}
          />
          <EvidenceFillsTable caption={`${flag.person.name}'s trades`} fills={(e.fills as Array<FillEvidence & Record<string, unknown>>) ?? []} />
        </>
      );
    case "mirror-trading": {
      const pairs = (e.list as Array<{ fill: FillEvidence; counterpartFill: FillEvidence }>) ?? [];
      return (
        <>
          <Figures
            items={[
              ["Mirrored pairs", integer(num(e.pairs) ?? 0)],
              [`${flag.person.name}'s fills mirrored`, `${integer(num(e.fillsMatched) ?? 0)} of ${integer(num(e.fillsTotal) ?? 0)}`],
              [`${flag.counterpart?.name ?? "Other"}'s fills mirrored`, `${integer(num(e.counterpartFillsMatched) ?? 0)} of ${integer(num(e.counterpartFillsTotal) ?? 0)}`],
              [`${flag.person.name}'s net cash on them`, money(String(e.cashFromMatched ?? "0"), { signed: true })],
              [`${flag.counterpart?.name ?? "The other"}'s net cash on them`, money(String(e.counterpartCashFromMatched ?? "0"), { signed: true })],
              ["Within", `${integer(num(e.windowMinutes) ?? 0)} minutes`],
            ]}
          />
          <p className={styles.meta}>Net cash is sells minus buys on the mirrored fills: for a position opened and closed, its profit or loss (still-open positions are not valued here).</p>
          <DataTable caption="The mirrored fills, side by side" minWidth="18rem">
            <thead>
              <tr>
                <th scope="col">{flag.person.name}</th>
                <th scope="col">{flag.counterpart?.name ?? "Other account"}</th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((p) => (
                <tr key={`${p.fill.fillId}/${p.counterpartFill.fillId}`}>
                  <MirroredFillCell fill={p.fill} />
                  <MirroredFillCell fill={p.counterpartFill} />
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      );
    }
    case "shared-address": {
      const accounts = (e.accounts as Array<{ userId: string; joinedAt: string }>) ?? [];
      return (
        <>
          <p>{integer(num(e.count) ?? accounts.length)} accounts joined from one address (the address itself is not kept, only a keyed hash of it):</p>
          <ul>
            {accounts.map((a) => (
              <li key={a.userId}>
                {flag.people[a.userId] ?? "Deleted user"}
                {a.userId === flag.person.userId && " (this flag)"} — joined <time dateTime={a.joinedAt}>{dateTime(a.joinedAt)}</time>
              </li>
            ))}
          </ul>
        </>
      );
    }
    case "replay-boundary":
      return (
        <>
          <Figures
            items={[
              ["Went their way at the next open", `${integer(num(e.favourable) ?? 0)} of ${integer(num(e.gapped) ?? 0)}`],
              ["Gap counted from", share(e.minGap)],
            ]}
          />
          <EvidenceFillsTable
            caption="Fills in the last moments of a replay day"
            fills={(e.list as Array<FillEvidence & Record<string, unknown>>) ?? []}
            extra={{ heading: "Replay day → next open", cell: (f) => `${String(f.tradingDay)} → ${String(f.nextTradingDay)} opened at ${money(String(f.nextOpen))} (${percent(num(f.gain), { signed: true })})` }}
          />
        </>
      );
    case "repeated-resets":
      return (
        <>
          <Figures
            items={[
              ["Resets", `${integer(num(e.resets) ?? 0)} in ${integer(num(e.windowDays) ?? 0)} days`],
              ["Best place now", `#${integer(num(e.rank) ?? 0)} on ${String(e.board ?? "").replace("practice:", "practice, ")}`],
            ]}
          />
          <ul>
            {((e.times as string[]) ?? []).map((t) => (
              <li key={t}>
                Reset <time dateTime={t}>{dateTime(t)}</time>
              </li>
            ))}
          </ul>
        </>
      );
    case "illiquid-sizing":
      return (
        <>
          <Figures
            items={[
              ["Large orders", `${integer(num(e.orders) ?? 0)} on ${integer(num(e.instruments) ?? 0)} ${num(e.instruments) === 1 ? "instrument" : "instruments"}`],
              ["Counted from", `${share(e.minShareOfVolume)} of a day's volume`],
            ]}
          />
          <EvidenceOrdersTable
            caption="Orders for a large share of a day's volume"
            orders={(e.list as Array<OrderEvidence & Record<string, unknown>>) ?? []}
            extra={{ heading: "Share of a day's volume", cell: (o) => `${share(o.shareOfVolume)} of ${integer(num(o.averageDailyVolume) ?? 0)}` }}
          />
        </>
      );
    case "margin-call-edge":
      return (
        <>
          <Figures
            items={[
              ["Orders while a call stood", integer(num(e.orders) ?? 0)],
              ["Of them buys or shorts", integer(num(e.adding) ?? 0)],
              ["Margin calls", integer(num(e.calls) ?? 0)],
            ]}
          />
          <EvidenceOrdersTable
            caption="Orders placed while a margin call stood"
            orders={(e.list as Array<OrderEvidence & Record<string, unknown>>) ?? []}
            extra={{ heading: "Call raised", cell: (o) => dateTime(String(o.callRaisedAt)) }}
          />
        </>
      );
    case "bracket-wash": {
      const groups = (e.list as Array<Record<string, string | number>>) ?? [];
      return (
        <>
          <Figures
            items={[
              ["Round trips", integer(num(e.groups) ?? 0)],
              ["Counted within", `${integer(num(e.windowMinutes) ?? 0)} minutes and ${share(e.maxMove)} of the entry price`],
            ]}
          />
          <DataTable caption="Brackets whose exit filled at almost the entry's price" minWidth="30rem">
            <thead>
              <tr>
                <th scope="col">Entry filled</th>
                <th scope="col">Order</th>
                <th scope="col" className={numeric}>
                  Entry → exit
                </th>
                <th scope="col">Exit</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={String(g.orderId)}>
                  <td>
                    <time dateTime={String(g.at)}>{dateTime(String(g.at))}</time>
                  </td>
                  <td>
                    {SIDE_LABEL[String(g.side)] ?? g.side} {integer(num(g.quantity) ?? 0)} {g.symbol} <span className={styles.meta}>{g.orderClass} · #{String(g.orderId).slice(0, 8)}</span>
                  </td>
                  <td className={numeric}>
                    {money(String(g.entryPrice))} → {money(String(g.exitPrice))}
                  </td>
                  <td>
                    {g.exitLeg === "take-profit" ? "Take-profit" : "Stop-loss"} after {decimal(num(g.minutes), 1)} min
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      );
    }
  }
}

type Decision = "dismiss" | "warn" | "disqualify";
type Who = "person" | "counterpart" | "both";
const VERB: Record<Decision, string> = { dismiss: "Dismiss the flag on", warn: "Warn", disqualify: "Disqualify" };

/** "Maya Kowalska", "Maya Kowalska and Leo Brandt". */
const names = (people: string[]) => (people.length <= 1 ? (people[0] ?? "") : `${people.slice(0, -1).join(", ")} and ${people[people.length - 1]}`);

/**
 * The review of a flag. A pair's flag (mirror trading) asks whom it acts on — each account, or
 * both — and the button says it: "Warn Maya Kowalska and Leo Brandt" (issue #23 §3). Only those
 * not yet disqualified are offered.
 */
function ReviewForm({ flag, practice, onDone }: { flag: FlagItem; practice: boolean; onDone: (message: string) => void }) {
  const name = useId();
  const sides = flag.sides && flag.sides.length === 2 ? flag.sides : null;
  const open = sides ? sides.filter((side) => side.status !== "disqualified") : null;
  const [decision, setDecision] = useState<Decision | "">("");
  const [who, setWho] = useState<Who>(open && open.length === 1 ? (open[0]!.userId === sides![0]!.userId ? "person" : "counterpart") : sides ? "both" : "person");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const needsReason = decision === "warn" || decision === "disqualify";
  // The flag the request names, and the people it acts on.
  const target = sides ? (who === "counterpart" ? sides[1]! : sides[0]!) : null;
  const acted = sides ? (who === "both" ? sides.map((side) => side.name) : [target!.name]) : [flag.person.name];
  const label = decision ? `${VERB[decision]} ${names(acted)}` : "Save review";
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!decision) return setError({ message: "Choose dismiss, warn or disqualify." });
    if (needsReason && reason.trim() === "") return setError({ message: "Give a reason: the person is shown it.", reason: "Give a reason: the person is shown it." });
    setBusy(true);
    setError(null);
    try {
      const id = target?.flagId ?? flag.id;
      await api(`/api/fair-play/flags/${id}`, { method: "POST", body: { decision, ...(reason.trim() && { reason }), ...(sides && who === "both" && { who: "both" }) } });
      const whom = names(acted);
      const plural = acted.length > 1;
      onDone(
        decision === "dismiss"
          ? `Dismissed the flag on ${whom}.`
          : decision === "warn"
            ? `${whom} ${plural ? "are" : "is"} warned and ${plural ? "see" : "sees"} your reason.`
            : `${whom} ${plural ? "are" : "is"} disqualified: off the board, and ${plural ? "see" : "sees"} your reason.`,
      );
    } catch (e) {
      setError(e instanceof ApiError ? { message: e.message, reason: e.fields?.reason } : { message: "The review was not saved. Try again." });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.review} onSubmit={submit} aria-label={`Review the flag on ${sides ? names(sides.map((side) => side.name)) : flag.person.name}`}>
      {sides && open && open.length > 1 && (
        <fieldset>
          <legend>Acts on</legend>
          <label>
            <input type="radio" name={`${name}-who`} value="both" checked={who === "both"} onChange={() => setWho("both")} /> Both
          </label>
          <label>
            <input type="radio" name={`${name}-who`} value="person" checked={who === "person"} onChange={() => setWho("person")} /> {sides[0]!.name} only
          </label>
          <label>
            <input type="radio" name={`${name}-who`} value="counterpart" checked={who === "counterpart"} onChange={() => setWho("counterpart")} /> {sides[1]!.name} only
          </label>
        </fieldset>
      )}
      {sides && open && open.length === 1 && <p className={styles.meta}>Acts on {open[0]!.name} (the other account is disqualified).</p>}
      <fieldset>
        <legend>Your review</legend>
        <label>
          <input type="radio" name={name} value="dismiss" checked={decision === "dismiss"} onChange={() => setDecision("dismiss")} /> Dismiss
        </label>
        <label>
          <input type="radio" name={name} value="warn" checked={decision === "warn"} onChange={() => setDecision("warn")} /> Warn
        </label>
        {!practice && (
          <label>
            <input type="radio" name={name} value="disqualify" checked={decision === "disqualify"} onChange={() => setDecision("disqualify")} /> Disqualify
          </label>
        )}
      </fieldset>
      <TextAreaField
        label={needsReason ? `Reason (required — ${acted.length > 1 ? "each of them is" : "the person is"} shown it)` : "Reason (optional for a dismissal)"}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        rows={2}
        error={error?.reason}
        hint={decision === "disqualify" ? "Disqualifying takes them off the board and out of the final standings. It cannot be undone." : undefined}
      />
      {error && !error.reason && <Alert tone="error">{error.message}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} variant={decision === "disqualify" ? "danger" : "primary"}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** Who was reviewed, how, by whom and why: one line per side of a pair, or the one person's. */
function Reviews({ flag }: { flag: FlagItem }) {
  const { dateTime } = useTimeFormat();
  const rows = flag.sides ?? [{ flagId: flag.id, userId: flag.person.userId, name: flag.person.name, status: flag.status, reviewedAt: flag.reviewedAt, reviewedBy: flag.reviewedBy, reviewReason: flag.reviewReason }];
  return (
    <>
      {rows
        .filter((side) => side.reviewedAt)
        .map((side) => (
          <p key={side.flagId} className={styles.meta}>
            {flag.sides ? `${side.name}: ` : ""}
            {side.status === "open" ? "Reviewed before" : STATUS_LABEL[side.status]} by {side.reviewedBy ?? "someone"} on <time dateTime={side.reviewedAt!}>{dateTime(side.reviewedAt!)}</time>
            {side.reviewReason && <>: “{side.reviewReason}”</>}
          </p>
        ))}
    </>
  );
}

export function FlagsReview({ url, initial, practice = false }: { url: string; initial: FlagsAnswer; practice?: boolean }) {
  const { data, mutate } = useSWR<FlagsAnswer>(url, (u: string) => api<FlagsAnswer>(u), { fallbackData: initial, refreshInterval: 30_000 });
  const { dateTime } = useTimeFormat();
  const [status, setStatus] = useState<string | null>(null);
  const [showReviewed, setShowReviewed] = useState(true);
  const items = (data ?? initial).items.filter((f) => showReviewed || f.status === "open");
  return (
    <>
      <p aria-live="polite">
        {integer((data ?? initial).open)} open {(data ?? initial).open === 1 ? "flag" : "flags"} of {integer((data ?? initial).items.length)}. The monitor looks again every half minute; a dismissed flag comes back only with new evidence.
      </p>
      {status && <Alert tone="success">{status}</Alert>}
      <div className={styles.filters}>
        <label>
          <input type="checkbox" checked={showReviewed} onChange={(e) => setShowReviewed(e.target.checked)} /> Show reviewed flags
        </label>
      </div>
      {items.length === 0 && <p>No flags{showReviewed ? "" : " waiting for review"}. Nothing the monitor looks for has happened here.</p>}
      <ul className={styles.list}>
        {items.map((flag) => (
          <li key={flag.id} className={[styles.flag, flag.status === "open" ? styles.flagOpen : ""].join(" ")}>
            <article aria-labelledby={`flag-${flag.id}`}>
              <div className={styles.head}>
                <h3 id={`flag-${flag.id}`}>
                  {flag.title}: {flag.person.name}
                  {flag.counterpart && ` and ${flag.counterpart.name}`}
                </h3>
                {flag.sides ? (
                  <span className={styles.badges}>
                    {flag.sides.map((side) => (
                      <Badge key={side.flagId} tone={STATUS_TONE[side.status]}>
                        {side.name}: {STATUS_LABEL[side.status]}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <Badge tone={STATUS_TONE[flag.status]}>{STATUS_LABEL[flag.status]}</Badge>
                )}
              </div>
              <p className={styles.meta}>
                Raised <time dateTime={flag.raisedAt}>{dateTime(flag.raisedAt)}</time>
                {flag.updatedAt !== flag.raisedAt && (
                  <>
                    {" "}
                    · evidence updated <time dateTime={flag.updatedAt}>{dateTime(flag.updatedAt)}</time>
                  </>
                )}
              </p>
              <p>{flag.explanation}</p>
              <Evidence flag={flag} />
              <Reviews flag={flag} />
              {flag.status === "open" && (
                <ReviewForm
                  flag={flag}
                  practice={practice}
                  onDone={(message) => {
                    setStatus(message);
                    void mutate();
                  }}
                />
              )}
              {(flag.status === "dismissed" || flag.status === "warned" || (flag.sides && flag.status === "disqualified" && flag.sides.some((side) => side.status !== "disqualified"))) && (
                <details className={styles.change}>
                  <summary>Change the review</summary>
                  <ReviewForm
                    flag={flag}
                    practice={practice}
                    onDone={(message) => {
                      setStatus(message);
                      void mutate();
                    }}
                  />
                </details>
              )}
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a person is told about their own reviewed flags (a warning or a disqualification, with the reason). */
export interface NoticeItem {
  title: string;
  status: "warned" | "disqualified";
  reason: string;
  at: string;
}

export function FairPlayNotices({ notices, where }: { notices: NoticeItem[]; where: "event" | "practice" }) {
  const { dateTime } = useTimeFormat();
  if (notices.length === 0) return null;
  return (
    <>
      {notices.map((n) => (
        <Alert key={`${n.title}-${n.at}`} tone={n.status === "disqualified" ? "error" : "warning"} title={n.status === "disqualified" ? "You are disqualified from this event" : where === "event" ? "A fair-play warning from the organiser" : "A fair-play warning"}>
          {n.status === "disqualified" ? "You are not on its leaderboard or in its final standings. " : ""}
          {n.title} — the reason given: “{n.reason}” <span className={styles.meta}>(<time dateTime={n.at}>{dateTime(n.at)}</time>)</span>
        </Alert>
      ))}
    </>
  );
}

/** One side of a mirrored pair: "Buy 40 BBKW at 29.32", then when. */
function MirroredFillCell({ fill }: { fill: FillEvidence }) {
  const { dateTime } = useTimeFormat();
  return (
    <td>
      {SIDE_LABEL[fill.side] ?? fill.side} {integer(fill.quantity)} {fill.symbol} at {money(fill.price)}
      <br />
      <time className={styles.meta} dateTime={fill.at}>
        {dateTime(fill.at)}
      </time>
    </td>
  );
}
