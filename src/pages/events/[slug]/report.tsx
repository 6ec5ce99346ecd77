import Head from "next/head";
import Link from "next/link";
import { reportCardFor, reportCardIndex } from "@/features/events";
import { ReportCard, ReportCardList, type ReportCardIndexView, type ReportCardView } from "@/features/events/components";
import type { GuardedPage } from "@/features/shell/page";
import { Alert } from "@/components/ui";
import { isDomainError } from "@/domain/errors";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  slug: string;
  card: ReportCardView | null;
  /** For a manager who took no part and asked for no one's card: every card of the event. */
  index: ReportCardIndexView | null;
  /** The event has not ended (or its end is still being processed): the card is not ready. */
  notReady: string | null;
}

// Your own card; the event's managers (admins, its organiser, a class contest's teachers) open
// anyone's with ?user=, and the list of every card with ?all=1 (or with nothing, when they took
// no part). Anyone else: 404.
export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const db = await getDb();
  const slug = String(ctx.params?.slug ?? "");
  const user = typeof ctx.query.user === "string" ? ctx.query.user.slice(0, 100) : null;
  if (ctx.query.all === "1" && !user) {
    try {
      return { props: { slug, card: null, index: await reportCardIndex(db, session.user, slug), notReady: null } };
    } catch (error) {
      if (isDomainError(error) && error.code === "EVENT_NOT_ENDED") return { props: { slug, card: null, index: null, notReady: error.message } };
      throw error;
    }
  }
  try {
    return { props: { slug, card: await reportCardFor(db, session.user, slug, { userId: user }), index: null, notReady: null } };
  } catch (error) {
    if (isDomainError(error) && error.code === "EVENT_NOT_ENDED") return { props: { slug, card: null, index: null, notReady: error.message } };
    if (!user && isDomainError(error) && error.kind === "not-found") {
      // Not a participant: a manager gets the list (reportCardIndex decides, 404 for anyone else).
      const index = await reportCardIndex(db, session.user, slug).catch((e: unknown) => {
        if (isDomainError(e) && e.code === "EVENT_NOT_ENDED") return e.message;
        throw e;
      });
      return { props: { slug, card: null, index: typeof index === "string" ? null : index, notReady: typeof index === "string" ? index : null } };
    }
    throw error;
  }
});

const ReportRoute: GuardedPage<Props> = ({ slug, card, index, notReady }) => (
  <>
    <Head>
      <title>{`${card ? "Report card" : "Report cards"} · ${card?.event.title ?? index?.event.title ?? "Event"} · Tickerlab`}</title>
    </Head>
    {card ? (
      <ReportCard card={card} />
    ) : index ? (
      <ReportCardList index={index} />
    ) : (
      <>
        <h1>Report card</h1>
        <Alert tone="info">{notReady}</Alert>
        <p>
          <Link href={`/events/${slug}`}>Back to the event</Link>
        </p>
      </>
    )}
  </>
);
ReportRoute.auth = {};
export default ReportRoute;
