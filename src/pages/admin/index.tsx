import Head from "next/head";
import { adminStyles } from "@/features/admin/components";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { InstallSettings } from "@/features/admin/components/InstallSettings";
import { PracticeMarginSettings } from "@/features/admin/components/PracticeMargin";
import { UsersAdmin } from "@/features/admin/components/UsersAdmin";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";

export const getServerSideProps = guardedPage({ role: "admin" });

const AdminPage: GuardedPage = () => (
  <>
    <Head>
      <title>Admin · People · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <div className={adminStyles.stack}>
      <UsersAdmin />
      <InstallSettings />
      <PracticeMarginSettings />
    </div>
  </>
);
AdminPage.auth = { role: "admin" };
export default AdminPage;
