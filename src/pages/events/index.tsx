import Head from "next/head";
import { EventsList, type EventsListProps } from "@/features/events/components/EventsList";
import { listEventsFor } from "@/features/events";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<EventsListProps>({}, async (_ctx, session) => {
  const page = await listEventsFor(await getDb(), session.user, { page: 1, pageSize: 100 });
  return { props: { items: page.items } };
});

const EventsPage: GuardedPage<EventsListProps> = (props) => (
  <>
    <Head>
      <title>Events · Tickerlab</title>
    </Head>
    <h1>Events</h1>
    <EventsList {...props} />
  </>
);
EventsPage.auth = {};
export default EventsPage;
