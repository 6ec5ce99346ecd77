/** One dataset: its summary and a preview chart of its daily candles. */
import Link from "next/link";
import { useMemo } from "react";
import { Card } from "@/components/ui";
import { CandleChart } from "@/features/portfolio/components/CandleChart";
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
    </>
  );
}
