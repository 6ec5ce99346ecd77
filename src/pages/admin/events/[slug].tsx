import Head from "next/head";
import Link from "next/link";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { EventAdmin, type EventAdminProps } from "@/features/events/components/EventAdmin";
import { adminGetEvent, lessonChoices } from "@/features/events";
import { listDatasets } from "@/features/market/server/datasets";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<EventAdminProps>({ role: "admin" }, async (ctx) => {
  const db = await getDb();
  const [event, lessons, datasets] = await Promise.all([adminGetEvent(db, String(ctx.params?.slug ?? "")), lessonChoices(db), listDatasets(db)]);
  return { props: { event, lessons, datasets: datasets.map(({ id, name, symbol, firstDate, lastDate }) => ({ id, name, symbol, firstDate, lastDate })) } };
});

const EventAdminPage: GuardedPage<EventAdminProps> = (props) => (
  <>
    <Head>
      <title>{`Admin · ${props.event?.title ?? "Event"} · Tickerlab`}</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <p>
      <Link href="/admin/events">← All events</Link>
    </p>
    <EventAdmin {...props} />
  </>
);
EventAdminPage.auth = { role: "admin" };
export default EventAdminPage;
