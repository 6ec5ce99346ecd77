/** /events: live, upcoming and ended contests the person can see, with dates, size and their own rank. */
import Link from "next/link";
import { useRouter } from "next/router";
import useSWR from "swr";
import { Alert, Badge, JoinCodeForm, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { integer } from "@/lib/format";
import { call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { eventEndpoints } from "./endpoints";
import { PHASE_LABEL } from "./format";
import type { MemberEvent } from "./types";
import styles from "./events.module.css";

export interface EventsListProps {
  items: MemberEvent[];
}

const SECTIONS = [
  { phase: "live", title: "Live now", empty: "No event is running right now." },
  { phase: "upcoming", title: "Upcoming", empty: "No event is planned yet." },
  { phase: "ended", title: "Ended", empty: "No event has ended yet." },
] as const;

function EventCard({ event }: { event: MemberEvent }) {
  const { dateTimeYear: when } = useTimeFormat();
  return (
    <li className={styles.item}>
      <div className={styles.badges}>
        <Badge tone={event.phase === "live" ? "success" : undefined}>{PHASE_LABEL[event.status]}</Badge>
        {event.visibility === "private" && <Badge>Private</Badge>}
        {event.joined && <Badge tone="admin">Joined</Badge>}
      </div>
      <h3>
        <Link href={`/events/${event.slug}`}>{event.title}</Link>
      </h3>
      <p className={styles.meta}>
        <time dateTime={event.startsAt}>{when(event.startsAt)}</time> – <time dateTime={event.endsAt}>{when(event.endsAt)}</time>
      </p>
      <p className={styles.meta}>
        {integer(event.participants)} {event.participants === 1 ? "participant" : "participants"}
        {event.maxParticipants !== null && ` of ${integer(event.maxParticipants)}`}
        {event.rank !== null && (
          <>
            {" · "}
            <strong>
              Your rank: {event.rank}
              {event.phase === "ended" ? " (final)" : ""}
            </strong>
          </>
        )}
      </p>
      {event.joined && event.phase === "ended" && event.finalizedAt && (
        <p className={styles.meta}>
          <Link href={`/events/${event.slug}/report`}>Your report card</Link>
        </p>
      )}
    </li>
  );
}

/**
 * A code alone opens its event: the server finds the event the code belongs to (wrong codes
 * are rate limited), and the person lands on it with the code filled in, to read the rules
 * and join.
 */
function JoinCodeBox() {
  const router = useRouter();
  return (
    <JoinCodeForm
      title="Have a join code?"
      hint="Private events open with the code your organiser gave you."
      label="Join code"
      submitLabel="Find event"
      emptyMessage="Enter the join code."
      onSubmit={async (code) => {
        const found = await call(eventEndpoints.joinCode, { body: { code } });
        await router.push(`/events/${found.slug}?code=${encodeURIComponent(found.code)}`);
      }}
    />
  );
}

export function EventsList(props: EventsListProps) {
  const { data, error } = useSWR(endpointUrl(eventEndpoints.list, { query: { pageSize: 100 } }), fetcherOf(eventEndpoints.list), {
    fallbackData: { items: props.items, page: 1, pageSize: 100, total: props.items.length },
    refreshInterval: 15_000,
  });
  const items = data?.items ?? props.items;
  return (
    <div className={styles.sections}>
      <TimeZoneNote />
      <JoinCodeBox />
      {error && <Alert tone="warning">Could not refresh the list; it may be out of date.</Alert>}
      {SECTIONS.map((section) => {
        const inSection = items.filter((e) => e.phase === section.phase);
        return (
          <section key={section.phase} aria-labelledby={`events-${section.phase}`}>
            <h2 id={`events-${section.phase}`}>{section.title}</h2>
            {inSection.length === 0 ? (
              <p className={styles.meta}>{section.empty}</p>
            ) : (
              <ul className={styles.list}>
                {inSection.map((e) => (
                  <EventCard key={e.id} event={e} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <p className={styles.meta}>Private events appear here once you have joined them.</p>
    </div>
  );
}
