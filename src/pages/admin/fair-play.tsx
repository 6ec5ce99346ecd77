import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { FlagsReview, type FlagsAnswer } from "@/features/fairplay/components";
import { practiceFlagsFor } from "@/features/fairplay";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  flags: FlagsAnswer;
}

/** /admin/fair-play: the practice board's flags (repeated resets), for admins. Events' flags are on each event's fair-play page. */
export const getServerSideProps = guardedPage<Props>({ role: "admin" }, async (_ctx, session) => ({ props: { flags: await practiceFlagsFor(await getDb(), session.user) } }));

const AdminFairPlayPage: GuardedPage<Props> = ({ flags }) => (
  <>
    <Head>
      <title>Admin · Fair play · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <h2>Fair play on the practice board</h2>
    <p>Repeated resets by people high on a practice board. Warn them or dismiss the flag; an event&apos;s flags are reviewed on that event&apos;s fair-play page.</p>
    <FlagsReview url="/api/admin/fair-play/practice-flags" initial={flags} practice />
  </>
);
AdminFairPlayPage.auth = { role: "admin" };
export default AdminFairPlayPage;
