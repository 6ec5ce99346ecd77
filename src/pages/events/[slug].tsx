import Head from "next/head";
import { EventPage, type EventPageProps, replayInstruments } from "@/features/events/components/EventPage";
import { getEventFor, replayFor } from "@/features/events";
import { fairPlayNoticesFor, openFlagCountFor } from "@/features/fairplay";
import { FairPlayNotices, type NoticeItem } from "@/features/fairplay/components";
import { CorrectionNotices } from "@/features/corrections/components";
import { listInstruments } from "@/features/market/server/queries";
import { portfolioSummary } from "@/features/portfolio";
import { findPortfolioFor, listOrders } from "@/features/trading";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";
import { isDomainError } from "@/domain/errors";

/** The event page, with the viewer's fair-play notices composed in (the events feature does not know fair play). */
type EventRouteProps = Omit<EventPageProps, "notices"> & { fairPlayNotices: NoticeItem[] };

export const getServerSideProps = guardedPage<EventRouteProps>({}, async (ctx, session) => {
  const db = await getDb();
  const slug = String(ctx.params?.slug ?? "");
  const code = typeof ctx.query.code === "string" ? ctx.query.code.slice(0, 40) : null;
  const now = new Date();
  // A private event without its code looks exactly like no event: the page offers a code field.
  const event = await getEventFor(db, session.user, slug, { code, now }).catch((error: unknown) => {
    if (isDomainError(error) && error.kind === "not-found") return null;
    throw error;
  });
  // A replay event trades its datasets' symbols at its replay's prices, never the practice market's.
  const replay = event?.replay ? await replayFor(db, session.user, slug, { code, now }) : null;
  let portfolio: EventPageProps["portfolio"] = null;
  if (event?.portfolioId) {
    const row = await findPortfolioFor(db, event.portfolioId, session.user);
    const [summary, instruments, openOrders] = await Promise.all([
      portfolioSummary(db, row, now),
      replay ? Promise.resolve(replayInstruments(replay)) : listInstruments(db),
      listOrders(db, row.id, { status: "open", page: 1, pageSize: 100 }),
    ]);
    portfolio = { summary, instruments, openOrders };
  }
  const fairPlayNotices = event ? await fairPlayNoticesFor(db, session.user.id, { eventId: event.id }) : [];
  const fairPlay = { openFlags: event ? await openFlagCountFor(db, session.user, slug) : null };
  return { props: { slug, event, code, serverNow: now.toISOString(), portfolio, replay, fairPlay, fairPlayNotices } };
});

const EventRoute: GuardedPage<EventRouteProps> = ({ fairPlayNotices, ...props }) => (
  <>
    <Head>
      <title>{`${props.event?.title ?? "Event"} · Events · Tickerlab`}</title>
    </Head>
    <EventPage
      {...props}
      notices={<FairPlayNotices notices={fairPlayNotices} where="event" />}
      corrections={props.portfolio && <CorrectionNotices portfolioId={props.portfolio.summary.id} />}
    />
  </>
);
EventRoute.auth = {};
export default EventRoute;
