/** One dataset: its summary, its sector (changeable), and a preview chart of its daily candles. */
import Link from "next/link";
import { useRouter } from "next/router";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { Alert, Button, Card } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { api, ApiError } from "@/lib/client/api";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { integer, money } from "@/lib/format";
import { SECTOR_REQUIRED, SectorField, type DatasetSummaryRow } from "./DatasetsAdmin";
import type { DatasetRow } from "../types";
import type { Candle } from "./types";

/** A dataset's row as the admin API answers it (declared once, ../types). */
export type DatasetPoint = DatasetRow;

/**
 * `chart` draws the preview: the page composes the portfolio feature's candle chart in, so the
 * market feature does not depend on the portfolio feature (which depends on it).
 */
export function DatasetView({ dataset, rows, chart }: { dataset: DatasetSummaryRow; rows: DatasetPoint[]; chart: (candles: Candle[], label: string) => ReactNode }) {
  const candles = useMemo((): Candle[] => rows.map((r) => ({ start: `${r.date}T00:00:00.000Z`, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })), [rows]);
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link href="/admin/datasets">Datasets</Link> / {dataset.name}
      </nav>
      <h2>{dataset.name}</h2>
      <p className="muted">
        {dataset.symbol} · {integer(dataset.rowCount)} days from {dataset.firstDate} to {dataset.lastDate}
      </p>
      <DatasetSector dataset={dataset} />
      <Card title="Preview">
        {chart(candles, `Daily candles of ${dataset.name}`)}
      </Card>
      <div style={{ margin: "1rem 0" }}>
        <DatasetActions rows={rows} />
      </div>
      <DeleteDataset dataset={dataset} />
    </>
  );
}

/** The dataset's dividends and splits, as a replay applies them on their days (docs/decisions/063). */
function DatasetActions({ rows }: { rows: DatasetPoint[] }) {
  const actions = rows.filter((r) => r.dividend !== undefined || r.split !== undefined);
  return (
    <Card title="Dividends and splits">
      {actions.length === 0 ? (
        <p className="muted">None: the file had no Dividend or Split values.</p>
      ) : (
        <DataTable caption="Dividends and splits of this dataset">
          <thead>
            <tr>
              <th scope="col">Ex-date</th>
              <th scope="col">Action</th>
              <th scope="col" className={numeric}>
                Close that day
              </th>
            </tr>
          </thead>
          <tbody>
            {actions.map((r) => (
              <tr key={r.date}>
                <td>{r.date}</td>
                <td>{r.dividend !== undefined ? `Dividend ${money(r.dividend)} per share` : `Split ${r.split}`}</td>
                <td className={numeric}>{money(r.close)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Card>
  );
}

/** The sector a replay position of this dataset shows; datasets imported before it was asked for are "Unclassified". */
function DatasetSector({ dataset }: { dataset: DatasetSummaryRow }) {
  const { mutate } = useSWRConfig();
  const [saved, setSaved] = useState(dataset.sector);
  const [value, setValue] = useState(dataset.sector);
  const [error, setError] = useState<string | undefined>(undefined);
  const { busy, status, setStatus, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    if (!value.trim()) return setError(SECTOR_REQUIRED);
    await run(
      async () => {
        const updated = await api<DatasetSummaryRow>(`/api/admin/datasets/${dataset.id}`, { method: "PATCH", body: { sector: value } });
        setSaved(updated.sector);
        setValue(updated.sector);
        await mutate("/api/admin/datasets");
        return updated;
      },
      {
        success: (updated) => `The sector is now ${updated.sector}.`,
        // The sector's own message goes under the field; no status line.
        failure: (e) => {
          setError(e instanceof ApiError ? (e.fields.sector ?? e.message) : "Could not save the sector. Try again.");
          return null;
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Dataset sector" style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap", marginBottom: "1rem" }}>
      <SectorField
        id="dataset-sector"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
          setStatus(null);
        }}
        error={error}
        hint=""
      />
      <Button type="submit" variant="secondary" busy={busy} disabled={value.trim() === saved}>
        Save sector
      </Button>
      {/* Always there, so a screen reader hears the change. */}
      <p role="status" className="muted" style={{ margin: 0 }}>
        {status?.text}
      </p>
    </form>
  );
}

/** Delete, after confirming; the server refuses while an event replays the dataset, and we show why. */
function DeleteDataset({ dataset }: { dataset: DatasetSummaryRow }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const { busy, status: error, setStatus: setError, run } = useAction();
  return (
    <div>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete dataset…
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete "${dataset.name}"?`}
        confirmLabel="Delete dataset"
        cancelLabel="Keep dataset"
        tone="danger"
        busy={busy}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        onConfirm={async () => {
          setError(null);
          await run(
            async () => {
              await api(`/api/admin/datasets/${dataset.id}`, { method: "DELETE" });
              // The list may be cached from an earlier visit: drop the deleted row before it shows.
              await mutate<{ items: DatasetSummaryRow[] }>("/api/admin/datasets", (list) => list && { items: list.items.filter((d) => d.id !== dataset.id) }, { revalidate: true });
              await router.push("/admin/datasets");
            },
            { failure: "Could not delete the dataset. Try again." },
          );
        }}
      >
        <p>Its {integer(dataset.rowCount)} days of prices are deleted. Events that replay it must be archived first.</p>
        {error && <Alert tone="error">{error.text}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
