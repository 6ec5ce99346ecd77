import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { EventsAdmin, type EventsAdminProps } from "@/features/events/components/EventsAdmin";
import { lessonChoices } from "@/features/events";
import { listDatasets } from "@/features/market/server/datasets";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<EventsAdminProps>({ role: "admin" }, async () => {
  const db = await getDb();
  const [lessons, datasets] = await Promise.all([lessonChoices(db), listDatasets(db)]);
  return { props: { lessons, datasets: datasets.map(({ id, name, symbol, firstDate, lastDate }) => ({ id, name, symbol, firstDate, lastDate })) } };
});

const EventsAdminPage: GuardedPage<EventsAdminProps> = (props) => (
  <>
    <Head>
      <title>Admin · Events · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <EventsAdmin {...props} />
  </>
);
EventsAdminPage.auth = { role: "admin" };
export default EventsAdminPage;
