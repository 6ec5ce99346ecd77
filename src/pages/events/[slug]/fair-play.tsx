import Head from "next/head";
import Link from "next/link";
import { FlagsReview, type FlagsAnswer } from "@/features/fairplay/components";
import { eventFlagsFor } from "@/features/fairplay";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";
import { isDomainError } from "@/domain/errors";
import { TimeZoneNote } from "@/components/ui";

interface Props {
  slug: string;
  flags: FlagsAnswer & { event: { slug: string; title: string; ended: boolean } };
}

/** /events/[slug]/fair-play: the event's flags for whoever manages it (organiser, a class contest's teachers, admins) (anyone else: 404). */
export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const slug = String(ctx.params?.slug ?? "");
  try {
    return { props: { slug, flags: await eventFlagsFor(await getDb(), session.user, slug) } };
  } catch (error) {
    if (isDomainError(error) && error.kind === "not-found") return { notFound: true };
    throw error;
  }
});

const FairPlayPage: GuardedPage<Props> = ({ slug, flags }) => (
  <>
    <Head>
      <title>{`Fair play · ${flags.event.title} · Tickerlab`}</title>
    </Head>
    <p>
      <Link href={`/events/${slug}`}>← {flags.event.title}</Link>
    </p>
    <h1>Fair play: {flags.event.title}</h1>
    <p>
      The monitor flags returns implausible for the market, accounts mirroring each other, several accounts from one address, trading on a replay&apos;s known next open, orders sized to thin instruments, trading on while a margin call stands, and bracket round trips that change nothing. Each flag shows its evidence; you decide. A
      warning or a disqualification is shown to the person with your reason, and recorded in the audit log.
    </p>
    <TimeZoneNote />
    <FlagsReview url={`/api/events/${slug}/flags`} initial={flags} />
  </>
);
FairPlayPage.auth = {};
export default FairPlayPage;
