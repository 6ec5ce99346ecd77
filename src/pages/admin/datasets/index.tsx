import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { DatasetsAdmin } from "@/features/market/components/DatasetsAdmin";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";

export const getServerSideProps = guardedPage({ role: "admin" });

const DatasetsPage: GuardedPage = () => (
  <>
    <Head>
      <title>Admin · Datasets · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <DatasetsAdmin />
  </>
);
DatasetsPage.auth = { role: "admin" };
export default DatasetsPage;
