import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { AuditLog } from "@/features/admin/components/AuditLog";
import type { GuardedPage } from "@/features/shell/page";
import { AUDIT_ACTIONS } from "@/server/audit/actions";
import { guardedPage } from "@/server/auth/page-guard";

export const getServerSideProps = guardedPage({ role: "admin" });

const AuditPage: GuardedPage = () => (
  <>
    <Head>
      <title>Admin · Audit log · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <AuditLog actions={AUDIT_ACTIONS} />
  </>
);
AuditPage.auth = { role: "admin" };
export default AuditPage;
