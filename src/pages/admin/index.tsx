import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { InstallSettings } from "@/features/admin/components/InstallSettings";
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
    <UsersAdmin />
    <InstallSettings />
  </>
);
AdminPage.auth = { role: "admin" };
export default AdminPage;
