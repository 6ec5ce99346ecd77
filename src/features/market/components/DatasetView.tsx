/** One dataset: its summary and a preview chart of its daily candles. */
import Link from "next/link";
import { useRouter } from "next/router";
import { useMemo, useState } from "react";
import { useSWRConfig } from "swr";
import { Alert, Button, Card, ConfirmDialog } from "@/components/ui";
import { api, ApiError } from "@/lib/client/api";
import { CandleChart } from "@/features/portfolio/components";
import type { DatasetSummaryRow } from "./DatasetsAdmin";

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
        {dataset.symbol} · {dataset.rowCount} days from {dataset.firstDate} to {dataset.lastDate}
      </p>
      <Card title="Preview">
        <CandleChart candles={candles} intraday={false} label={`Daily candles of ${dataset.name}`} />
      </Card>
      <DeleteDataset dataset={dataset} />
    </>
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
        <p>Its {dataset.rowCount} days of prices are deleted. Events that replay it must be archived first.</p>
        {error && <Alert tone="error">{error}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
