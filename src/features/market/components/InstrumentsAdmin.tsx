/**
 * /admin/instruments: the universe with add, edit and deactivate; the server's message per
 * field. The benchmark index is listed but has no actions: it is computed, not simulated.
 * "Edit" brings its form into view with the focus on its first field, and "Cancel" or saving
 * returns the focus to that row's button. The sector is picked from the existing ones; a new
 * one is typed and confirmed as new (docs/decisions/037).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, Field, SelectField, Skeleton } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorText, useAction } from "@/components/ui/useAction";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { chooseSector, closeSectors } from "@/domain/market";
import { api, ApiError } from "@/lib/client/api";
import { decimal, money } from "@/lib/format";
import { adminStyles as styles } from "@/features/admin/components";
import type { AdminInstrumentList, AdminInstrumentRow } from "../types";
import formStyles from "./instruments.module.css";

/** An instrument as GET /api/admin/instruments lists it, typed by its schema (../types). */
export type { AdminInstrumentRow };

const KIND_LABELS: Record<string, string> = { stock: "Stock", etf: "ETF", index: "Index" };

/** The list and the sectors instruments have, alphabetically: what the sector list offers. */
type InstrumentList = AdminInstrumentList;

/** The sector list's choice that opens the "New sector" field: sectors are trimmed, so none starts with a space. */
const NEW_SECTOR = " new sector";

type Draft = Record<"symbol" | "name" | "sector" | "newSector" | "kind" | "startingPrice" | "drift" | "volatility" | "beta" | "sectorLoading" | "averageDailyVolume", string>;

const EMPTY: Draft = { symbol: "", name: "", sector: "", newSector: "", kind: "stock", startingPrice: "", drift: "0.07", volatility: "0.30", beta: "1", sectorLoading: "1", averageDailyVolume: "1000000" };

const draftOf = (i: AdminInstrumentRow): Draft => ({
  symbol: i.symbol,
  name: i.name,
  sector: i.sector,
  newSector: "",
  kind: i.kind,
  startingPrice: i.startingPrice,
  drift: String(i.drift),
  volatility: String(i.volatility),
  beta: String(i.beta),
  sectorLoading: String(i.sectorLoading),
  averageDailyVolume: String(i.averageDailyVolume),
});

export function InstrumentsAdmin() {
  const { data, error, isLoading, mutate } = useSWR<InstrumentList>("/api/admin/instruments", (url: string) => api<InstrumentList>(url));
  const [editing, setEditing] = useState<AdminInstrumentRow | null>(null);
  const [pending, setPending] = useState<AdminInstrumentRow | null>(null);
  const { busy, status, setStatus, run } = useAction();
  const table = useRef<HTMLTableElement>(null);
  /** The row whose Edit button gets the focus back once its form closes. */
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (editing || !returnTo.current) return;
    const button = table.current?.querySelector<HTMLButtonElement>(`button[data-edit="${returnTo.current}"]`);
    returnTo.current = null;
    button?.focus({ preventScroll: true });
    button?.scrollIntoView({ block: "center" });
  }, [editing]);

  function stopEditing() {
    if (editing) returnTo.current = editing.symbol;
    setEditing(null);
  }

  async function toggle() {
    if (!pending) return;
    await run(
      async () => {
        await api(`/api/admin/instruments/${pending.symbol}`, { method: "PATCH", body: { active: !pending.active } });
        await mutate();
      },
      { success: `${pending.symbol} is ${pending.active ? "deactivated" : "active again"}.`, failure: "Could not change that instrument.", settle: () => setPending(null) },
    );
  }

  async function saved(text: string) {
    setStatus({ tone: "success", text });
    stopEditing();
    await mutate();
  }

  return (
    <>
      <h2>Instruments</h2>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {editing ? (
        <InstrumentForm key={editing.symbol} initial={editing} sectors={data?.sectors ?? []} onSaved={saved} onCancel={stopEditing} />
      ) : (
        <InstrumentForm key="new" sectors={data?.sectors ?? []} onSaved={saved} />
      )}
      <Card title="The universe">
        {error && <Alert tone="error">Could not load the instruments.</Alert>}
        {isLoading && <Skeleton height={120} />}
        {data && (
          <DataTable caption="Instruments" minWidth="56rem" ref={table}>
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
                        <Button size="small" variant="secondary" onClick={() => setEditing(i)} aria-label={`Edit ${i.symbol}`} data-edit={i.symbol}>
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

interface FormProps {
  initial?: AdminInstrumentRow;
  /** The sectors instruments have. */
  sectors: readonly string[];
  onSaved: (text: string) => Promise<void>;
  onCancel?: () => void;
}

function InstrumentForm({ initial, sectors, onSaved, onCancel }: FormProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const { busy, status: formError, setStatus: setFormError, run } = useAction();
  /** A new sector waiting for the admin's "yes, a new one". */
  const [confirming, setConfirming] = useState<{ sector: string; closeMatches: string[] } | null>(null);
  const prefix = initial ? "edit" : "new";
  const creatingSector = draft.sector === NEW_SECTOR;

  // Opened by a row's "Edit", far below: bring the form into view and put the focus in it.
  useEffect(() => {
    if (!initial) return;
    cardRef.current?.scrollIntoView({ block: "start" });
    formRef.current?.querySelector<HTMLElement>("input, select")?.focus({ preventScroll: true });
  }, [initial]);

  function change(key: keyof Draft, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    const field = key === "newSector" ? "sector" : key;
    setFields(({ [field]: _gone, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!creatingSector) return void save(false);
    // A new sector only on purpose: the same rule as the server's, asked before sending.
    const choice = chooseSector(sectors, draft.newSector, { createNew: true });
    if (!choice.ok) {
      setFields((f) => ({ ...f, sector: choice.message }));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${prefix}-newSector`)?.focus());
      return;
    }
    if (!choice.isNew) return void save(false);
    if (choice.sector === "") return void save(true);
    setConfirming({ sector: choice.sector, closeMatches: closeSectors(sectors, choice.sector) });
  }

  async function save(newSector: boolean) {
    setConfirming(null);
    setFormError(null);
    const body = {
      name: draft.name,
      sector: creatingSector ? draft.newSector : draft.sector,
      ...(newSector && { newSector: true }),
      kind: draft.kind,
      startingPrice: draft.startingPrice,
      drift: toNumber(draft.drift),
      volatility: toNumber(draft.volatility),
      beta: toNumber(draft.beta),
      sectorLoading: toNumber(draft.sectorLoading),
      averageDailyVolume: toNumber(draft.averageDailyVolume),
    };
    await run(
      async () => {
        if (initial) await api(`/api/admin/instruments/${initial.symbol}`, { method: "PATCH", body });
        else await api("/api/admin/instruments", { method: "POST", body: { ...body, symbol: draft.symbol } });
        setFields({});
        if (!initial) setDraft(EMPTY);
        await onSaved(initial ? `${initial.symbol} is saved.` : `${draft.symbol.trim().toUpperCase()} is added.`);
      },
      {
        failure: (e) => {
          const serverFields = e instanceof ApiError ? e.fields : {};
          setFields(serverFields);
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
          return Object.keys(serverFields).length === 0 ? errorText(e, "Could not save the instrument.") : null;
        },
      },
    );
  }

  const field = (key: keyof Draft, label: string, extra: { hint?: string; inputMode?: "decimal" | "numeric"; error?: string } = {}) => (
    <Field
      label={label}
      id={`${prefix}-${key}`}
      value={draft[key]}
      onChange={(e) => change(key, e.target.value)}
      error={extra.error ?? fields[key]}
      hint={extra.hint}
      inputMode={extra.inputMode}
    />
  );

  const title = initial ? `Edit ${initial.symbol}` : "Add an instrument";
  const verb = initial ? "save" : "add";
  return (
    <div ref={cardRef} className={formStyles.anchor}>
      <Card title={title}>
        <form ref={formRef} onSubmit={submit} noValidate aria-label={title}>
          {formError && <Alert tone="error">{formError.text}</Alert>}
          <div className={formStyles.grid}>
            {initial ? null : field("symbol", "Symbol", { hint: "2 to 5 capital letters" })}
            {field("name", "Name")}
            <SelectField
              label="Sector"
              id={`${prefix}-sector`}
              value={draft.sector}
              onChange={(e) => change("sector", e.target.value)}
              error={creatingSector ? undefined : fields.sector}
              hint="Instruments of one sector move together."
            >
              {!initial && (
                <option value="" disabled>
                  Choose a sector
                </option>
              )}
              {sectors.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
              <option value={NEW_SECTOR}>New sector…</option>
            </SelectField>
            {creatingSector && field("newSector", "New sector", { hint: "No instrument has it yet: you confirm it is new.", error: fields.sector })}
            <SelectField label="Kind" id={`${prefix}-kind`} value={draft.kind} onChange={(e) => change("kind", e.target.value)} error={fields.kind}>
              <option value="stock">Stock</option>
              <option value="etf">ETF</option>
            </SelectField>
            {field("startingPrice", "Starting price", { hint: "Like 42.50", inputMode: "decimal" })}
            {field("drift", "Annual drift", { hint: "Expected yearly return: 0.07 is 7\u00a0%", inputMode: "decimal" })}
            {field("volatility", "Annual volatility", { hint: "0.30 is 30\u00a0% a year", inputMode: "decimal" })}
            {field("beta", "Beta", { hint: "1 moves with the market", inputMode: "decimal" })}
            {field("sectorLoading", "Sector loading", { hint: "How much it follows its sector, −3 to 3", inputMode: "decimal" })}
            {field("averageDailyVolume", "Average daily volume", { hint: "Shares traded on a typical day", inputMode: "numeric" })}
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
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Create the sector “${confirming.sector}”?` : ""}
        confirmLabel={`Create it and ${verb}`}
        cancelLabel="Go back to the form"
        busy={busy}
        onConfirm={() => void save(true)}
        onCancel={() => setConfirming(null)}
      >
        <p>No instrument is in this sector yet. The simulator gives every sector its own factor, so its instruments move together and apart from the rest.</p>
        {confirming && confirming.closeMatches.length > 0 && (
          <p>
            <strong>Close to {confirming.closeMatches.length === 1 ? "an existing sector" : "existing sectors"}:</strong> {confirming.closeMatches.join(", ")}. If you meant{" "}
            {confirming.closeMatches.length === 1 ? "it" : "one of those"}, go back and pick it from the list.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
