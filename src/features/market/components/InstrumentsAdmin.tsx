/**
 * /admin/instruments: the universe with add, edit and deactivate; the server's message per
 * field. The benchmark index is listed but has no actions: it is computed, not simulated.
 */
import { useRef, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, ConfirmDialog, Field, SelectField, Skeleton } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { api, ApiError } from "@/lib/client/api";
import { decimal, money } from "@/lib/format";
import { adminStyles as styles } from "@/features/admin/components";

export interface AdminInstrumentRow {
  symbol: string;
  name: string;
  sector: string;
  kind: string;
  startingPrice: string;
  drift: number;
  volatility: number;
  beta: number;
  sectorLoading: number;
  averageDailyVolume: number;
  active: boolean;
  lastPrice: string;
  /** A constituent of the TLX benchmark. */
  inBenchmark: boolean;
}

const KIND_LABELS: Record<string, string> = { stock: "Stock", etf: "ETF", index: "Index" };

type Draft = Record<"symbol" | "name" | "sector" | "kind" | "startingPrice" | "drift" | "volatility" | "beta" | "sectorLoading" | "averageDailyVolume", string>;

const EMPTY: Draft = { symbol: "", name: "", sector: "", kind: "stock", startingPrice: "", drift: "0.07", volatility: "0.30", beta: "1", sectorLoading: "1", averageDailyVolume: "1000000" };

const draftOf = (i: AdminInstrumentRow): Draft => ({
  symbol: i.symbol,
  name: i.name,
  sector: i.sector,
  kind: i.kind,
  startingPrice: i.startingPrice,
  drift: String(i.drift),
  volatility: String(i.volatility),
  beta: String(i.beta),
  sectorLoading: String(i.sectorLoading),
  averageDailyVolume: String(i.averageDailyVolume),
});

type Status = { tone: "success" | "error"; text: string } | null;

export function InstrumentsAdmin() {
  const { data, error, isLoading, mutate } = useSWR<{ items: AdminInstrumentRow[] }>("/api/admin/instruments", (url: string) => api<{ items: AdminInstrumentRow[] }>(url));
  const [editing, setEditing] = useState<AdminInstrumentRow | null>(null);
  const [pending, setPending] = useState<AdminInstrumentRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function toggle() {
    if (!pending) return;
    setBusy(true);
    try {
      await api(`/api/admin/instruments/${pending.symbol}`, { method: "PATCH", body: { active: !pending.active } });
      setStatus({ tone: "success", text: `${pending.symbol} is ${pending.active ? "deactivated" : "active again"}.` });
      await mutate();
    } catch (e) {
      setStatus({ tone: "error", text: e instanceof ApiError ? e.message : "Could not change that instrument." });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  async function saved(text: string) {
    setStatus({ tone: "success", text });
    setEditing(null);
    await mutate();
  }

  return (
    <>
      <h2>Instruments</h2>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {editing ? (
        <InstrumentForm key={editing.symbol} initial={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <InstrumentForm key="new" onSaved={saved} />
      )}
      <Card title="The universe">
        {error && <Alert tone="error">Could not load the instruments.</Alert>}
        {isLoading && <Skeleton height={120} />}
        {data && (
          <DataTable caption="Instruments" minWidth="56rem">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Name</th>
                <th scope="col">Sector</th>
                <th scope="col">Kind</th>
                <th scope="col" className={numeric}>
                  Last price
                </th>
                <th scope="col" className={numeric}>
                  Volatility
                </th>
                <th scope="col" className={numeric}>
                  Beta
                </th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) =>
                i.kind === "index" ? (
                  <tr key={i.symbol}>
                    <td>{i.symbol}</td>
                    <td>{i.name}</td>
                    <td>{i.sector}</td>
                    <td>{KIND_LABELS.index}</td>
                    <td className={numeric}>{money(i.lastPrice)}</td>
                    <td className={numeric}>—</td>
                    <td className={numeric}>—</td>
                    <td>
                      <Badge tone="success">Benchmark</Badge>
                    </td>
                    <td className="muted">Computed from its stocks on every tick: nothing to edit, and it stays because every performance chart compares with it.</td>
                  </tr>
                ) : (
                  <tr key={i.symbol}>
                    <td>{i.symbol}</td>
                    <td>{i.name}</td>
                    <td>{i.sector}</td>
                    <td>{KIND_LABELS[i.kind] ?? i.kind}</td>
                    <td className={numeric}>{money(i.lastPrice)}</td>
                    <td className={numeric}>{decimal(i.volatility)}</td>
                    <td className={numeric}>{decimal(i.beta)}</td>
                    <td>{i.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td>
                      <div className={styles.actions}>
                        <Button size="small" variant="secondary" onClick={() => setEditing(i)} aria-label={`Edit ${i.symbol}`}>
                          Edit
                        </Button>
                        <Button size="small" variant="secondary" onClick={() => setPending(i)} aria-label={`${i.active ? "Deactivate" : "Reactivate"} ${i.symbol}`}>
                          {i.active ? "Deactivate" : "Reactivate"}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </DataTable>
        )}
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.active ? "Deactivate" : "Reactivate"} ${pending.symbol}?` : ""}
        confirmLabel={pending?.active ? "Deactivate" : "Reactivate"}
        cancelLabel={pending?.active ? "Keep it trading" : "Leave it inactive"}
        tone={pending?.active ? "danger" : "primary"}
        busy={busy}
        onConfirm={() => void toggle()}
        onCancel={() => setPending(null)}
      >
        {pending?.active
          ? `Its price stops moving and it leaves the trade ticket's search. Its history stays, and you can reactivate it later.${pending.inBenchmark ? " It stays in the TLX benchmark at its last price." : ""}`
          : "The simulator moves its price again from where it stopped."}
      </ConfirmDialog>
    </>
  );
}

const toNumber = (text: string) => (text.trim() === "" ? "" : Number(text));

function InstrumentForm({ initial, onSaved, onCancel }: { initial?: AdminInstrumentRow; onSaved: (text: string) => Promise<void>; onCancel?: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = initial ? "edit" : "new";

  function change(key: keyof Draft, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    setFields(({ [key]: _gone, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    const body = {
      name: draft.name,
      sector: draft.sector,
      kind: draft.kind,
      startingPrice: draft.startingPrice,
      drift: toNumber(draft.drift),
      volatility: toNumber(draft.volatility),
      beta: toNumber(draft.beta),
      sectorLoading: toNumber(draft.sectorLoading),
      averageDailyVolume: toNumber(draft.averageDailyVolume),
    };
    try {
      if (initial) await api(`/api/admin/instruments/${initial.symbol}`, { method: "PATCH", body });
      else await api("/api/admin/instruments", { method: "POST", body: { ...body, symbol: draft.symbol } });
      setFields({});
      if (!initial) setDraft(EMPTY);
      await onSaved(initial ? `${initial.symbol} is saved.` : `${draft.symbol.trim().toUpperCase()} is added.`);
    } catch (e) {
      const serverFields = e instanceof ApiError ? e.fields : {};
      setFields(serverFields);
      if (Object.keys(serverFields).length === 0) setFormError(e instanceof ApiError ? e.message : "Could not save the instrument.");
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof Draft, label: string, extra: { hint?: string; inputMode?: "decimal" | "numeric" } = {}) => (
    <Field label={label} id={`${prefix}-${key}`} value={draft[key]} onChange={(e) => change(key, e.target.value)} error={fields[key]} hint={extra.hint} inputMode={extra.inputMode} />
  );

  return (
    <Card title={initial ? `Edit ${initial.symbol}` : "Add an instrument"}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={initial ? `Edit ${initial.symbol}` : "Add an instrument"}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className={styles.toolbar}>
          {initial ? null : field("symbol", "Symbol", { hint: "2 to 5 capital letters" })}
          {field("name", "Name")}
          {field("sector", "Sector")}
          <SelectField label="Kind" id={`${prefix}-kind`} value={draft.kind} onChange={(e) => change("kind", e.target.value)} error={fields.kind}>
            <option value="stock">Stock</option>
            <option value="etf">ETF</option>
          </SelectField>
          {field("startingPrice", "Starting price", { hint: "Like 42.50", inputMode: "decimal" })}
          {field("drift", "Annual drift", { inputMode: "decimal" })}
          {field("volatility", "Annual volatility", { inputMode: "decimal" })}
          {field("beta", "Beta", { inputMode: "decimal" })}
          {field("sectorLoading", "Sector loading", { inputMode: "decimal" })}
          {field("averageDailyVolume", "Average daily volume", { inputMode: "numeric" })}
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={busy}>
            {initial ? "Save changes" : "Add instrument"}
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
