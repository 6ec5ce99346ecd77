/**
 * /admin/events/[slug]: edit (locked fields disabled, with the reason), join code and invite
 * link, clone, archive, the participants table with removal, and the standings CSV.
 */
import Link from "next/link";
import { useRouter } from "next/router";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, Field, Pager, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { useDebounced } from "@/components/ui/useDebounced";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { api, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { type DatasetChoice, EventForm, type LessonChoice } from "./EventForm";
import { integer, money } from "@/lib/format";
import { eventEndpoints } from "./endpoints";
import { PHASE_LABEL, standingReturn } from "./format";
import type { EventView, ParticipantRow } from "./types";
import styles from "./events.module.css";

export interface EventAdminProps {
  event: EventView;
  lessons: LessonChoice[];
  datasets: DatasetChoice[];
}

function Participants({ event, onChanged }: { event: EventView; onChanged: () => void }) {
  // A page at a time (50 rows), found by name, email or username: an event of 100,000 is never read whole.
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const search = useDebounced(q.trim(), 250);
  const key = endpointUrl(eventEndpoints.adminParticipants, { params: { slug: event.slug }, query: { page: page > 1 ? page : null, q: search || null } });
  const { data, error, mutate } = useSWR(key, fetcherOf(eventEndpoints.adminParticipants), {
    refreshInterval: event.phase === "live" ? 5000 : 0,
    keepPreviousData: true,
  });
  const [pending, setPending] = useState<ParticipantRow | null>(null);
  const { busy, status, run } = useAction();
  async function remove() {
    if (!pending) return;
    await run(
      async () => {
        await api(`/api/admin/events/${event.slug}/participants/${pending.userId}`, { method: "DELETE" });
        await mutate();
        onChanged();
      },
      { success: `${pending.name ?? pending.email} was removed; their open orders were cancelled.`, failure: "Could not remove that participant.", settle: () => setPending(null) },
    );
  }
  return (
    <>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {error && <Alert tone="error">Could not load the participants.</Alert>}
      {(search || (data?.total ?? 0) > 0) && (
        <Field
          label="Find a participant by name, email or username"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      )}
      {data && data.total === 0 && <p>{search ? "Nobody matches that search." : "Nobody has joined yet."}</p>}
      {data && data.total > 0 && (
        <DataTable caption={data.pages > 1 ? `Participants, page ${data.page} of ${data.pages}` : "Participants"} minWidth="36rem">
          <thead>
            <tr>
              <th scope="col" className={numeric}>
                Rank
              </th>
              <th scope="col">Person</th>
              <th scope="col" className={numeric}>
                Equity
              </th>
              <th scope="col" className={numeric}>
                Return
              </th>
              <th scope="col" className={numeric}>
                Trades
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((p) => (
              <tr key={p.userId}>
                <td className={numeric}>{p.rank === null ? "—" : integer(p.rank)}</td>
                <td>
                  {p.name ?? "(no name)"}
                  <br />
                  <span className={styles.meta}>{p.email}</span>
                  {p.removedAt && (
                    <>
                      {" "}
                      <Badge tone="danger">Removed</Badge>
                    </>
                  )}
                </td>
                <td className={numeric}>{money(p.equity)}</td>
                <td className={numeric}>{standingReturn(p.totalReturn)}</td>
                <td className={numeric}>{integer(p.trades)}</td>
                <td>
                  {!p.removedAt && !data.frozen && (
                    <Button variant="secondary" size="small" onClick={() => setPending(p)} aria-label={`Remove ${p.name ?? p.email}`}>
                      Remove…
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {data && data.pages > 1 && <Pager page={data.page} pages={data.pages} onPage={setPage} label={`${integer(data.total)} ${data.total === 1 ? "participant" : "participants"} · page ${integer(data.page)} of ${integer(data.pages)}`} />}
      <ConfirmDialog
        open={pending !== null}
        title="Remove this participant?"
        confirmLabel="Remove from the event"
        cancelLabel="Keep participant"
        tone="danger"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void remove()}
      >
        <p>
          {pending?.name ?? pending?.email} leaves the leaderboard, their open orders are cancelled and they cannot trade or join again. Their history is kept. This is recorded in the audit log.
        </p>
      </ConfirmDialog>
    </>
  );
}

export function EventAdmin(props: EventAdminProps) {
  const router = useRouter();
  const { dateTimeYear: when } = useTimeFormat();
  const { data, mutate } = useSWR(endpointUrl(eventEndpoints.adminDetail, { params: { slug: props.event.slug } }), fetcherOf(eventEndpoints.adminDetail), { fallbackData: { event: props.event } });
  const event = data?.event ?? props.event;
  const { busy: acting, status, setStatus, run } = useAction();
  /** Which action is running: its button is the busy one. */
  const [which, setWhich] = useState<string | null>(null);
  const busy = acting ? which : null;
  const [confirmArchive, setConfirmArchive] = useState(false);
  const invite = event.joinCode ? `/events/${event.slug}?code=${encodeURIComponent(event.joinCode)}` : null;

  async function act(name: string, work: () => Promise<void>) {
    setWhich(name);
    setStatus(null);
    await run(work, { failure: "That did not work. Try again." });
  }

  return (
    <div className={styles.sections}>
      <div className={styles.head}>
        <h2>{event.title}</h2>
        <div className={styles.badges}>
          <Badge tone={event.status === "live" ? "success" : event.status === "archived" ? "danger" : undefined}>{PHASE_LABEL[event.status]}</Badge>
          <span className={styles.meta}>
            <time dateTime={event.startsAt}>{when(event.startsAt)}</time> – <time dateTime={event.endsAt}>{when(event.endsAt)}</time>
          </span>
        </div>
        <TimeZoneNote />
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div className={styles.actions}>
        <Link href={`/events/${event.slug}`}>Open the event page</Link>
        <Link href={`/events/${event.slug}/fair-play`}>Fair-play flags</Link>
        <Button
          variant="secondary"
          busy={busy === "clone"}
          onClick={() =>
            void act("clone", async () => {
              const answer = await call(eventEndpoints.adminClone, { params: { slug: event.slug }, body: {} });
              await router.push(`/admin/events/${answer.slug}`);
            })
          }
        >
          Clone
        </Button>
        {!event.archivedAt && (
          <Button variant="secondary" onClick={() => setConfirmArchive(true)}>
            Archive…
          </Button>
        )}
        <a href={`/api/admin/events/${event.slug}/standings.csv`} download>
          Export standings (CSV)
        </a>
      </div>
      {event.visibility === "private" && (
        <Card title="Join code and invite link">
          <p>
            Join code: <span className={styles.code} data-testid="join-code">{event.joinCode}</span>
          </p>
          {invite && (
            <p className={styles.invite}>
              <span>Invite link:</span> <code data-testid="invite-link">{invite}</code>
              <Button
                variant="secondary"
                size="small"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(`${window.location.origin}${invite}`)
                    .then(() => setStatus({ tone: "success", text: "Invite link copied." }))
                    .catch(() => setStatus({ tone: "error", text: "Could not copy; select the link and copy it by hand." }))
                }
              >
                Copy invite link
              </Button>
            </p>
          )}
          <Button
            variant="secondary"
            busy={busy === "code"}
            onClick={() =>
              void act("code", async () => {
                await api(`/api/admin/events/${event.slug}/join-code`, { method: "POST" });
                await mutate();
                setStatus({ tone: "success", text: "A new join code was made; the old one and its invite links no longer work." });
              })
            }
          >
            Make a new join code
          </Button>
        </Card>
      )}
      <Card title="Participants">
        <Participants event={event} onChanged={() => void mutate()} />
      </Card>
      <Card title="Edit">
        {event.phase !== "upcoming" && (
          <Alert tone="info">{event.phase === "live" ? "The event is live: rules that would be unfair to change now are locked." : "The event has ended: its rules are a record and cannot change."}</Alert>
        )}
        <EventForm key={event.phase} event={event} lessons={props.lessons} datasets={props.datasets} onSaved={() => void mutate()} />
      </Card>
      <ConfirmDialog
        open={confirmArchive}
        title="Archive this event?"
        confirmLabel="Archive"
        cancelLabel="Keep event"
        busy={busy === "archive"}
        onCancel={() => setConfirmArchive(false)}
        onConfirm={() =>
          void act("archive", async () => {
            await api(`/api/admin/events/${event.slug}/archive`, { method: "POST" });
            setConfirmArchive(false);
            await mutate();
            setStatus({ tone: "success", text: "Archived: the event no longer appears in members' lists." });
          })
        }
      >
        <p>Archived events disappear from the lists members see. Participants keep their history, and the clock of the event is not changed.</p>
      </ConfirmDialog>
    </div>
  );
}
