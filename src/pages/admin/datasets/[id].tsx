import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import type { DatasetSummaryRow } from "@/features/market/components/DatasetsAdmin";
import { DatasetView, type DatasetPoint } from "@/features/market/components/DatasetView";
import { getDataset } from "@/features/market/server/datasets";
import { CandleChart } from "@/features/market/components";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  dataset: DatasetSummaryRow;
  rows: DatasetPoint[];
}

// An unknown id is a 404 page (guardedPage turns the use-case's 404 into notFound).
export const getServerSideProps = guardedPage<Props>({ role: "admin" }, async (ctx) => {
  return { props: await getDataset(await getDb(), String(ctx.params?.id)) };
});

const DatasetPage: GuardedPage<Props> = ({ dataset, rows }) => (
  <>
    <Head>
      <title>{`Admin · ${dataset.name} · Tickerlab`}</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <DatasetView dataset={dataset} rows={rows} chart={(candles, label) => <CandleChart candles={candles} intraday={false} label={label} />} />
  </>
);
DatasetPage.auth = { role: "admin" };
export default DatasetPage;
