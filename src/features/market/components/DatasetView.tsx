/** One dataset: its summary, its sector (changeable), and a preview chart of its daily candles. */
import Link from "next/link";
import { useRouter } from "next/router";
import { useMemo, useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Alert, Button, Card } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api, ApiError } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { CandleChart } from "@/features/portfolio/components";
import { SECTOR_REQUIRED, SectorField, type DatasetSummaryRow } from "./DatasetsAdmin";

export interface DatasetPoint {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

export function DatasetView({ dataset, rows }: { dataset: DatasetSummaryRow; rows: DatasetPoint[] }) {
  const candles = useMemo(() => rows.map((r) => ({ start: `${r.date}T00:00:00.000Z`, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })), [rows]);
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
        <CandleChart candles={candles} intraday={false} label={`Daily candles of ${dataset.name}`} />
      </Card>
      <DeleteDataset dataset={dataset} />
    </>
  );
}

/** The sector a replay position of this dataset shows; datasets imported before it was asked for are "Unclassified". */
function DatasetSector({ dataset }: { dataset: DatasetSummaryRow }) {
  const { mutate } = useSWRConfig();
  const [saved, setSaved] = useState(dataset.sector);
  const [value, setValue] = useState(dataset.sector);
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    if (!value.trim()) return setError(SECTOR_REQUIRED);
    setBusy(true);
    try {
      const updated = await api<DatasetSummaryRow>(`/api/admin/datasets/${dataset.id}`, { method: "PATCH", body: { sector: value } });
      setSaved(updated.sector);
      setValue(updated.sector);
      setStatus(`The sector is now ${updated.sector}.`);
      await mutate("/api/admin/datasets");
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.sector ?? e.message) : "Could not save the sector. Try again.");
    } finally {
      setBusy(false);
    }
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
        {status}
      </p>
    </form>
  );
}

/** Delete, after confirming; the server refuses while an event replays the dataset, and we show why. */
function DeleteDataset({ dataset }: { dataset: DatasetSummaryRow }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
          setBusy(true);
          setError(null);
          try {
            await api(`/api/admin/datasets/${dataset.id}`, { method: "DELETE" });
            // The list may be cached from an earlier visit: drop the deleted row before it shows.
            await mutate<{ items: DatasetSummaryRow[] }>("/api/admin/datasets", (list) => list && { items: list.items.filter((d) => d.id !== dataset.id) }, { revalidate: true });
            await router.push("/admin/datasets");
          } catch (e) {
            setError(e instanceof ApiError ? e.message : "Could not delete the dataset. Try again.");
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>Its {integer(dataset.rowCount)} days of prices are deleted. Events that replay it must be archived first.</p>
        {error && <Alert tone="error">{error}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
