/** Open orders (with cancel), and the history of orders and fills with filters. */
import { useState, type ReactNode } from "react";
import { Alert, Badge, Button, SelectField, Skeleton, useTimeFormat } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { ApiError, call } from "@/lib/client/api";
import { portfolioEndpoints } from "./endpoints";
import { PortfolioActionsTable } from "./CorporateActions";
import { useApplyChange, useFills, useOrders } from "./data";
import { integer, money } from "@/lib/format";
import { CLASS_LABEL, describeOrder, groupOrders, orderPrices, SIDE_LABEL, STATUS_LABEL } from "./format";
import type { Fill, Order, OrderStatus, Page } from "./types";
import styles from "./portfolio.module.css";

export function OpenOrders({ portfolioId, fallback }: { portfolioId: string; fallback?: Page<Order> }) {
  const { data, error } = useOrders(portfolioId, "open", fallback);
  const { dateTime } = useTimeFormat();
  const apply = useApplyChange();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function confirmCancel() {
    if (!cancelling) return;
    setBusy(true);
    try {
      const cancelled = await call(portfolioEndpoints.cancelOrder, { params: { id: portfolioId, orderId: cancelling.id } });
      apply({ portfolioId, orders: [cancelled], fills: [] });
      setMessage({ tone: "success", text: `Cancelled: ${describeOrder(cancelling)}.` });
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof ApiError ? e.message : "The order could not be cancelled." });
      // Filled or expired meanwhile: what the server says now.
      apply({ portfolioId, orders: null, fills: null });
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  }

  return (
    <>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {error && !data ? (
        <Alert tone="error">Open orders could not be loaded. {error instanceof Error ? error.message : ""}</Alert>
      ) : !data ? (
        <Skeleton height={60} />
      ) : data.items.length === 0 ? (
        <p className="muted">No open orders. Limit and stop orders wait here until the price reaches them.</p>
      ) : (
        <ul className={styles.orderList} aria-label="Open orders">
          {groupOrders(data.items, { legsOf: (l) => l.status === "open" || l.status === "held" || l.status === "partially_filled" }).map((g) => {
            const item = (o: Order) => (
              <>
                <div>
                  <strong>{describeOrder(o)}</strong>
                  <div className="muted">
                    {orderPrices(o)} · {o.timeInForce === "gtc" ? "good till cancelled" : "day"} · placed {dateTime(o.createdAt)}
                    {o.status === "held" && " · waits for the entry to fill"}
                    {o.reservedCash !== "0.00" && ` · ${money(o.reservedCash)} reserved`}
                  </div>
                </div>
                <Button variant="secondary" size="small" onClick={() => setCancelling(o)} aria-label={`Cancel ${describeOrder(o)}`}>
                  Cancel
                </Button>
              </>
            );
            const legs = g.legs.length > 0 && (
              <ul className={styles.legList} aria-label={`Legs of ${g.head ? describeOrder(g.head) : "the group"}`}>
                {g.legs.map((l) => (
                  <li key={l.id} className={styles.orderItem}>
                    {item(l)}
                  </li>
                ))}
              </ul>
            );
            return (
              <li key={g.key} className={g.legs.length > 0 ? styles.orderGroup : styles.orderItem} data-group={g.legs.length > 0 ? g.key : undefined}>
                {g.head ? (
                  g.legs.length > 0 ? (
                    <div className={styles.orderItem}>{item(g.head)}</div>
                  ) : (
                    item(g.head)
                  )
                ) : (
                  <div className="muted">{CLASS_LABEL[g.legs[0]!.orderClass]} exits: the entry has filled</div>
                )}
                {legs}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        tone="danger"
        busy={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && (
          <p>
            {describeOrder(cancelling)}, {orderPrices(cancelling)}. Any cash it reserves is released.
            {cancelling.parentId === null && cancelling.legs.length > 0 && " Its legs that have not filled are cancelled with it."}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

const STATUS_TONE: Record<OrderStatus, "success" | "danger" | undefined> = { open: undefined, held: undefined, partially_filled: undefined, filled: "success", cancelled: undefined, expired: undefined, rejected: "danger" };

export function History({ portfolioId }: { portfolioId: string }) {
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [symbol, setSymbol] = useState("");
  const [view, setView] = useState<"orders" | "fills" | "actions">("orders");
  const orders = useOrders(portfolioId, status);
  const fills = useFills(portfolioId);
  const wanted = symbol.trim().toUpperCase();
  const orderRows = (orders.data?.items ?? []).filter((o) => !wanted || o.symbol.includes(wanted));
  const fillRows = (fills.data?.items ?? []).filter((f) => !wanted || f.symbol.includes(wanted));
  return (
    <>
      <div className={styles.filters}>
        <SelectField label="Show" value={view} onChange={(e) => setView(e.target.value as "orders" | "fills" | "actions")}>
          <option value="orders">Orders</option>
          <option value="fills">Fills</option>
          <option value="actions">Dividends and splits</option>
        </SelectField>
        {view === "orders" && (
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | "")}>
            <option value="">All</option>
            {(["open", "held", "filled", "cancelled", "rejected", "expired"] as const).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </SelectField>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="history-symbol">
            Symbol
          </label>
          <input id="history-symbol" className={styles.input} value={symbol} onChange={(e) => setSymbol(e.target.value)} placeholder="Any" autoComplete="off" />
        </div>
      </div>
      {view === "actions" ? (
        <PortfolioActionsTable portfolioId={portfolioId} symbol={wanted} />
      ) : view === "orders" ? (
        orders.error && !orders.data ? (
          <Alert tone="error">The order history could not be loaded.</Alert>
        ) : !orders.data ? (
          <Skeleton height={80} />
        ) : orderRows.length === 0 ? (
          <p className="muted">No orders match.</p>
        ) : (
          <OrderHistoryTable orders={orderRows} fills={fills.data?.items ?? []} />
        )
      ) : fills.error && !fills.data ? (
        <Alert tone="error">The fills could not be loaded.</Alert>
      ) : !fills.data ? (
        <Skeleton height={80} />
      ) : fillRows.length === 0 ? (
        <p className="muted">No fills yet.</p>
      ) : (
        <FillsTable fills={fillRows} />
      )}
    </>
  );
}

/** One order's journal note, as text (React escapes it), line breaks kept. */
export function JournalNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p className={styles.journalNote}>
      <span className="visually-hidden">Journal: </span>
      {note}
    </p>
  );
}

/**
 * Orders, newest first, each with its fills, its refusal and its journal note: the history
 * table of the portfolio page and of a teacher's read-only view of a student.
 */
export function OrderHistoryTable({ orders, fills, caption = "Order history" }: { orders: readonly Order[]; fills: readonly Fill[]; caption?: string }) {
  const { dateTime } = useTimeFormat();
  const fillsByOrder = new Map<string, string[]>();
  for (const f of fills) {
    const commission = f.commission !== "0.00" ? ` + ${money(f.commission)} commission` : "";
    fillsByOrder.set(f.orderId, [...(fillsByOrder.get(f.orderId) ?? []), `${integer(f.quantity)} at ${money(f.price)}${commission}: ${f.reason}`]);
  }
  return (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Order</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {groupOrders(orders)
          .flatMap((g) => [...(g.head ? [g.head] : []), ...g.legs])
          .map((o) => (
          <tr key={o.id} className={o.parentId ? styles.legRow : undefined} data-parent={o.parentId ?? undefined}>
            <td className={styles.when}>{dateTime(o.createdAt)}</td>
            <td>
              {o.parentId && <span aria-hidden="true">↳ </span>}
              {describeOrder(o)}
              <div className={styles.reason}>
                {orderPrices(o)} · {o.timeInForce === "gtc" ? "GTC" : "day"}
              </div>
              {o.placedBy && <div className={styles.reason}>Placed by {o.placedBy}</div>}
              <JournalNote note={o.note} />
            </td>
            <td>
              <Badge tone={STATUS_TONE[o.status]}>{STATUS_LABEL[o.status]}</Badge>
              {fillsByOrder.get(o.id)?.map((text) => (
                <div key={text} className={styles.reason}>
                  {text}
                </div>
              ))}
              {/* The person reads the message; the stable code is for programs (it stays in the API and the CSV). */}
              {o.rejection && <div className={styles.reason}>{o.rejection.message}</div>}
              {o.reason && <div className={styles.reason}>{o.reason}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** A last column of actions on each fill (the teacher's "Reverse…", docs/decisions/041-corrections.md). */
export interface FillAction {
  /** The column's name for screen readers. */
  label: string;
  render: (fill: Fill) => ReactNode;
}

/** Fills, newest first: what was executed, at what price and why that price. */
export function FillsTable({ fills, caption = "Fills", action }: { fills: readonly Fill[]; caption?: string; action?: FillAction }) {
  const { dateTime } = useTimeFormat();
  return (
    <DataTable caption={caption} minWidth="34rem">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Fill</th>
          <th scope="col" className={numeric}>
            Price
          </th>
          <th scope="col">Why this price</th>
          {action && (
            <th scope="col">
              <span className="visually-hidden">{action.label}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {fills.map((f) => (
          <tr key={f.id}>
            <td className={styles.when}>{dateTime(f.createdAt)}</td>
            <td>
              {SIDE_LABEL[f.side]} {integer(f.quantity)} {f.symbol}
            </td>
            <td className={numeric}>
              {money(f.price)}
              {f.commission.startsWith("-") ? (
                <div className="muted">{money(f.commission.slice(1))} commission refunded</div>
              ) : (
                f.commission !== "0.00" && <div className="muted">+ {money(f.commission)} commission</div>
              )}
            </td>
            <td className={styles.reason}>
              {/* Corrections (docs/decisions/041-corrections.md): both rows of a reversal stay, marked. */}
              {f.reversalOf && <Badge>Correction</Badge>}
              {f.reversedBy && <Badge tone="danger">Reversed</Badge>} {f.reason}
            </td>
            {action && <td>{action.render(f)}</td>}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
