/** /admin/events: every event (archived ones too) and the form that creates one. */
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Badge, Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { integer } from "@/lib/format";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { type DatasetChoice, EventForm, type LessonChoice } from "./EventForm";
import { eventEndpoints } from "./endpoints";
import { PHASE_LABEL } from "./format";
import styles from "./events.module.css";

export interface EventsAdminProps {
  lessons: LessonChoice[];
  datasets: DatasetChoice[];
}

export function EventsAdmin({ lessons, datasets }: EventsAdminProps) {
  const { data, error, mutate } = useSWR(endpointUrl(eventEndpoints.adminList, { query: { pageSize: 100 } }), fetcherOf(eventEndpoints.adminList));
  const [created, setCreated] = useState<{ slug: string; title: string; joinCode?: string } | null>(null);
  const { dateTimeYear: when } = useTimeFormat();
  return (
    <div className={styles.sections}>
      <Card title="Events">
        <TimeZoneNote />
        {error && <Alert tone="error">Could not load the events.</Alert>}
        {!data && !error && <p className={styles.meta}>Loading…</p>}
        {data && data.items.length === 0 && <p>No events yet: create the first one below.</p>}
        {data && data.items.length > 0 && (
          <DataTable caption="Events" minWidth="40rem">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Window</th>
                <th scope="col" className={numeric}>
                  People
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link href={`/admin/events/${e.slug}`}>{e.title}</Link>
                    {e.visibility === "private" && (
                      <>
                        {" "}
                        <Badge>Private</Badge>
                      </>
                    )}
                  </td>
                  <td>
                    <Badge tone={e.status === "live" ? "success" : e.status === "archived" ? "danger" : undefined}>{PHASE_LABEL[e.status]}</Badge>
                  </td>
                  <td>
                    <time dateTime={e.startsAt}>{when(e.startsAt)}</time> – <time dateTime={e.endsAt}>{when(e.endsAt)}</time>
                  </td>
                  <td className={numeric}>
                    {integer(e.participants)}
                    {e.maxParticipants !== null && ` / ${integer(e.maxParticipants)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Card>
      <Card title="Create an event">
        {created && (
          <Alert tone="success">
            Created <Link href={`/admin/events/${created.slug}`}>{created.title}</Link>
            {created.joinCode && (
              <>
                {" "}
                with join code{" "}
                <span className={styles.code} data-testid="new-join-code">
                  {created.joinCode}
                </span>
              </>
            )}
            .
          </Alert>
        )}
        <EventForm
          event={null}
          lessons={lessons}
          datasets={datasets}
          onSaved={(answer) => {
            setCreated({ slug: answer.slug, title: answer.event.title, joinCode: answer.joinCode });
            void mutate();
          }}
        />
      </Card>
    </div>
  );
}
