import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { InstrumentsAdmin } from "@/features/market/components/InstrumentsAdmin";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";

export const getServerSideProps = guardedPage({ role: "admin" });

const InstrumentsPage: GuardedPage = () => (
  <>
    <Head>
      <title>Admin · Instruments · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <InstrumentsAdmin />
  </>
);
InstrumentsPage.auth = { role: "admin" };
export default InstrumentsPage;
