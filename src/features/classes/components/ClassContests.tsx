/**
 * A class's contests on its page (docs/decisions/042-class-contests-and-teams.md): the teacher
 * creates one with a short form (the events API's fields; the events domain validates them,
 * with its messages beside the inputs) and enrols every student in one click; a student joins
 * in one click. The contest itself is an event page like any other (/events/[slug]).
 */
import Link from "next/link";
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, buttonClass, Card, Field, SelectField, useTimeFormat } from "@/components/ui";
import { DataTable } from "@/components/ui/DataTable";
import { api, ApiError } from "@/lib/client/api";
import { fromWallTime, integer } from "@/lib/format";
import type { ClassContest, RosterStudent } from "./types";
import styles from "./classes.module.css";

const STATUS_LABEL: Record<ClassContest["status"], string> = { upcoming: "Upcoming", live: "Live", ended: "Ended", archived: "Archived" };

type Message = { tone: "success" | "error"; text: string } | null;

export function ClassContests({ classId, contests, teacher, students = [], refresh }: { classId: string; contests: ClassContest[]; teacher: boolean; students?: RosterStudent[]; refresh: () => void }) {
  const { dateTimeYear } = useTimeFormat();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);

  async function run(slug: string, action: () => Promise<string>) {
    setBusy(slug);
    try {
      setMessage({ tone: "success", text: await action() });
      refresh();
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof ApiError ? error.message : "That did not work. Try again." });
    } finally {
      setBusy(null);
    }
  }

  const enrol = (c: ClassContest) =>
    run(c.slug, async () => {
      const answer = await api<{ enrolled: number; already: number; refused: unknown[] }>(`/api/classes/${classId}/contests/${c.slug}/enrol`, { method: "POST" });
      const refused = answer.refused.length > 0 ? ` ${integer(answer.refused.length)} could not join (see the contest's rules).` : "";
      return `${integer(answer.enrolled)} ${answer.enrolled === 1 ? "student" : "students"} enrolled in ${c.title}; ${integer(answer.already)} already in.${refused}`;
    });
  const join = (c: ClassContest) =>
    run(c.slug, async () => {
      await api(`/api/events/${c.slug}/join`, { method: "POST", body: {} });
      return `You joined ${c.title}.`;
    });

  return (
    <Card
      title="Class contests"
      actions={
        teacher && !creating ? (
          <Button size="small" onClick={() => setCreating(true)}>
            New class contest
          </Button>
        ) : undefined
      }
    >
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {teacher && creating && (
        <NewContestForm
          classId={classId}
          onCancel={() => setCreating(false)}
          onCreated={(title) => {
            setCreating(false);
            setMessage({ tone: "success", text: `${title} is ready. Enrol everyone, or let students join from this page.` });
            refresh();
          }}
        />
      )}
      {contests.length === 0 ? (
        <p className={styles.meta}>{teacher ? "No contest yet. A class contest is an event only this class sees and joins." : "No class contest yet."}</p>
      ) : (
        <DataTable caption="The class's contests">
          <thead>
            <tr>
              <th scope="col">Contest</th>
              <th scope="col">Status</th>
              <th scope="col">Window</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {contests.map((c) => (
              <tr key={c.slug}>
                <td>
                  <Link href={`/events/${c.slug}`}>{c.title}</Link>
                  {c.teams && <span className={styles.meta}> · teams of {c.teams.min}–{c.teams.max}</span>}
                </td>
                <td>
                  <Badge tone={c.status === "live" ? "success" : undefined}>{STATUS_LABEL[c.status]}</Badge>
                </td>
                <td>
                  {dateTimeYear(c.startsAt)} – {dateTimeYear(c.endsAt)}
                </td>
                <td>
                  <span className={styles.cellLabel}>Joined </span>
                  {integer(c.participants)}
                </td>
                <td>
                  <div className={styles.rowActions}>
                    {teacher && c.status !== "ended" && !c.teams && (
                      <Button size="small" variant="secondary" busy={busy === c.slug} onClick={() => void enrol(c)} aria-label={`Enrol everyone in ${c.title}`}>
                        Enrol everyone
                      </Button>
                    )}
                    {!teacher && !c.joined && c.status !== "ended" && !c.teams && (
                      <Button size="small" busy={busy === c.slug} onClick={() => void join(c)} aria-label={`Join ${c.title}`}>
                        Join
                      </Button>
                    )}
                    {(c.joined || teacher || c.teams) && (
                      <Link className={buttonClass({ size: "small", variant: "secondary" })} href={`/events/${c.slug}`} aria-label={`Open ${c.title}`}>
                        Open
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {teacher &&
        contests
          .filter((c) => c.teams && c.status !== "ended")
          .map((c) => <FormTeams key={c.slug} classId={classId} contest={c} students={students} onFormed={refresh} />)}
    </Card>
  );
}

interface TeamsView {
  items: Array<{ id: string; name: string; members: string[]; code: string | null }>;
}

/** The teacher forms a team of a team contest: a name and students not in a team yet. */
function FormTeams({ classId, contest, students, onFormed }: { classId: string; contest: ClassContest; students: RosterStudent[]; onFormed: () => void }) {
  const { data, mutate } = useSWR<TeamsView>(`/api/events/${contest.slug}/teams`, (url: string) => api<TeamsView>(url));
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = contest.teams?.max ?? 5;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/api/classes/${classId}/contests/${contest.slug}/teams`, { method: "POST", body: { name, members: chosen } });
      setName("");
      setChosen([]);
      await mutate();
      onFormed();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not form the team. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.teamForm} onSubmit={(e) => void submit(e)} noValidate aria-label={`Form a team of ${contest.title}`}>
      <h3>Teams of {contest.title}</h3>
      {data && data.items.length > 0 ? (
        <ul className={styles.teamRows}>
          {data.items.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> — {t.members.join(", ")} {t.code && <span className={styles.mono}>({t.code})</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>No team yet. Form them here, or let students found teams on the contest page and share the team code.</p>
      )}
      <Field label="Team name" value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
      <fieldset>
        <legend>
          Students (up to {max})
        </legend>
        {students.map((s) => (
          <label key={s.id}>
            <input
              type="checkbox"
              checked={chosen.includes(s.id)}
              disabled={!chosen.includes(s.id) && chosen.length >= max}
              onChange={(e) => setChosen((list) => (e.target.checked ? [...list, s.id] : list.filter((id) => id !== s.id)))}
            />
            {s.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className={styles.codeError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} disabled={!name.trim() || chosen.length === 0}>
          Form team
        </Button>
      </div>
    </form>
  );
}

type Fields = Partial<Record<"title" | "startsAt" | "endsAt" | "startingCash" | "metric" | "teams", string>>;

function NewContestForm({ classId, onCreated, onCancel }: { classId: string; onCreated: (title: string) => void; onCancel: () => void }) {
  const zone = useTimeFormat();
  const [draft, setDraft] = useState(() => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
    return {
      title: "",
      startsAt: zone.wallTime(new Date(Math.max(start.getTime(), Date.now() - 60_000)).toISOString()),
      endsAt: zone.wallTime(new Date(start.getTime() + 14 * 86_400_000).toISOString()),
      startingCash: "100000.00",
      metric: "sharpe",
      teams: "",
    };
  });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    const [min, max] = draft.teams ? draft.teams.split("-").map(Number) : [];
    try {
      await api(`/api/classes/${classId}/contests`, {
        method: "POST",
        body: {
          title: draft.title,
          startsAt: fromWallTime(draft.startsAt, zone.timeZone) ?? draft.startsAt,
          endsAt: fromWallTime(draft.endsAt, zone.timeZone) ?? draft.endsAt,
          startingCash: draft.startingCash,
          metric: draft.metric,
          ...(min && max && { teams: { min, max } }),
        },
      });
      onCreated(draft.title);
    } catch (err) {
      if (err instanceof ApiError) {
        setFields(err.fields as Fields);
        setError(err.message);
      } else setError("Could not create the contest. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.contestForm} aria-label="New class contest">
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="Title" value={draft.title} onChange={set("title")} error={fields.title} required maxLength={120} />
      <div className={styles.dates}>
        <Field label={`Starts (${zone.timeZone} time)`} type="datetime-local" value={draft.startsAt} onChange={set("startsAt")} error={fields.startsAt} required />
        <Field label={`Ends (${zone.timeZone} time)`} type="datetime-local" value={draft.endsAt} onChange={set("endsAt")} error={fields.endsAt} required />
      </div>
      <div className={styles.dates}>
        <Field label="Starting cash" inputMode="decimal" value={draft.startingCash} onChange={set("startingCash")} error={fields.startingCash} required />
        <SelectField label="Ranked by" value={draft.metric} onChange={set("metric")} error={fields.metric} hint="Risk-adjusted rewards steady gains over lucky bets.">
          <option value="sharpe">Risk-adjusted return (Sharpe)</option>
          <option value="return">Total return</option>
        </SelectField>
      </div>
      <SelectField label="Who trades" value={draft.teams} onChange={set("teams")} error={fields.teams} hint="In a team contest a team shares one portfolio; every member trades it.">
        <option value="">Each student alone</option>
        <option value="2-3">Teams of 2–3</option>
        <option value="3-4">Teams of 3–4</option>
        <option value="2-5">Teams of 2–5</option>
      </SelectField>
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          Create contest
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
