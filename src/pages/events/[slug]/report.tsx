import Head from "next/head";
import Link from "next/link";
import { reportCardFor } from "@/features/events";
import { ReportCard, type ReportCardView } from "@/features/events/components";
import type { GuardedPage } from "@/features/shell/page";
import { Alert } from "@/components/ui";
import { isDomainError } from "@/domain/errors";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  slug: string;
  card: ReportCardView | null;
  /** The event has not ended (or its end is still being processed): the card is not ready. */
  notReady: string | null;
}

// Your own card; the organiser and admins may open anyone's with ?user=. Anyone else: 404.
export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const slug = String(ctx.params?.slug ?? "");
  const user = typeof ctx.query.user === "string" ? ctx.query.user.slice(0, 100) : null;
  try {
    return { props: { slug, card: await reportCardFor(await getDb(), session.user, slug, { userId: user }), notReady: null } };
  } catch (error) {
    if (isDomainError(error) && error.code === "EVENT_NOT_ENDED") return { props: { slug, card: null, notReady: error.message } };
    throw error;
  }
});

const ReportRoute: GuardedPage<Props> = ({ slug, card, notReady }) => (
  <>
    <Head>
      <title>{`Report card · ${card?.event.title ?? "Event"} · Tickerlab`}</title>
    </Head>
    {card ? (
      <ReportCard card={card} />
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
