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
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { eventEndpoints } from "@/features/events/components";
import { classEndpoints } from "./endpoints";
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
      const answer = await call(classEndpoints.enrol, { params: { id: classId, slug: c.slug } });
      const refused = answer.refused.length > 0 ? ` ${integer(answer.refused.length)} could not join (see the contest's rules).` : "";
      return `${integer(answer.enrolled)} ${answer.enrolled === 1 ? "student" : "students"} enrolled in ${c.title}; ${integer(answer.already)} already in.${refused}`;
    });
  const join = (c: ClassContest) =>
    run(c.slug, async () => {
      await call(eventEndpoints.join, { params: { slug: c.slug }, body: {} });
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
        <DataTable caption="The class's contests" className={styles.contests}>
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
                  {c.teamCount !== null && <span className={styles.meta}> in {c.teamCount === 1 ? "1 team" : `${integer(c.teamCount)} teams`}</span>}
                </td>
                <td>
                  <div className={styles.rowActions}>
                    {teacher && c.status !== "ended" && !c.teams && c.studentsOut !== 0 && (
                      <Button size="small" variant="secondary" busy={busy === c.slug} onClick={() => void enrol(c)} aria-label={`Enrol everyone in ${c.title}`}>
                        Enrol everyone
                      </Button>
                    )}
                    {teacher && c.status !== "ended" && !c.teams && c.studentsOut === 0 && students.length > 0 && <span className={styles.meta}>Everyone is in</span>}
                    {!teacher && !c.joined && c.status !== "ended" && !c.teams && (
                      <Button size="small" busy={busy === c.slug} onClick={() => void join(c)} aria-label={`Join ${c.title}`}>
                        Join
                      </Button>
                    )}
                    {c.finalized && teacher && (
                      <Link className={buttonClass({ size: "small", variant: "secondary" })} href={`/events/${c.slug}/report?all=1`} aria-label={`Report cards of ${c.title}`}>
                        Report cards
                      </Link>
                    )}
                    {c.finalized && !teacher && c.joined && (
                      <Link className={buttonClass({ size: "small", variant: "secondary" })} href={`/events/${c.slug}/report`} aria-label={`Your report card for ${c.title}`}>
                        Your report card
                      </Link>
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


/**
 * The teacher's teams of a team contest: random teams of a chosen size in one action, or one
 * team by hand from the students not in a team yet (those placed are named with their team,
 * not offered again). Counts are of students: "5 of 8 students in 2 teams".
 */
function FormTeams({ classId, contest, students, onFormed }: { classId: string; contest: ClassContest; students: RosterStudent[]; onFormed: () => void }) {
  const { data, mutate } = useSWR(endpointUrl(eventEndpoints.teams, { params: { slug: contest.slug } }), fetcherOf(eventEndpoints.teams));
  const sizes = contest.teams ?? { min: 2, max: 5 };
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [size, setSize] = useState(String(Math.min(sizes.max, Math.max(sizes.min, 3))));
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Message>(null);
  const [busy, setBusy] = useState<"form" | "random" | null>(null);
  const max = sizes.max;
  const teamOf = new Map((data?.items ?? []).flatMap((t) => (t.memberIds ?? []).map((id) => [id, t.name] as const)));
  const placed = students.filter((s) => teamOf.has(s.id));
  const free = students.filter((s) => !teamOf.has(s.id));
  const teams = data?.items.length ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy("form");
    setError(null);
    setResult(null);
    try {
      await call(classEndpoints.formTeam, { params: { id: classId, slug: contest.slug }, body: { name, members: chosen } });
      setName("");
      setChosen([]);
      await mutate();
      onFormed();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not form the team. Try again.");
    } finally {
      setBusy(null);
    }
  }

  async function random() {
    setBusy("random");
    setError(null);
    setResult(null);
    try {
      const answer = await call(classEndpoints.randomTeams, {
        params: { id: classId, slug: contest.slug },
        body: { size: Number(size) },
      });
      const made = answer.teams.length === 1 ? "1 team" : `${integer(answer.teams.length)} teams`;
      const out = answer.leftOut > 0 ? ` ${integer(answer.leftOut)} ${answer.leftOut === 1 ? "student is" : "students are"} left out: too few for a team of their own — add them to a team by hand.` : "";
      setResult({ tone: "success", text: `Made ${made} from ${integer(answer.placed)} students: ${answer.teams.map((t) => `${t.name} (${t.size})`).join(", ")}.${out}` });
      setChosen([]);
      await mutate();
      onFormed();
    } catch (err) {
      setResult({ tone: "error", text: err instanceof ApiError ? err.message : "Could not make the teams. Try again." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.teamForm} aria-label={`Teams of ${contest.title}`}>
      <h3>Teams of {contest.title}</h3>
      <p className={styles.meta} data-testid={`team-count-${contest.slug}`}>
        {integer(placed.length)} of {integer(students.length)} {students.length === 1 ? "student" : "students"} in {teams === 1 ? "1 team" : `${integer(teams)} teams`}.
      </p>
      {data && data.items.length > 0 ? (
        <ul className={styles.teamRows} aria-label={`The teams of ${contest.title}`}>
          {data.items.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> — {t.members.join(", ")} {t.code && <span className={styles.mono}>({t.code})</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>No team yet. Make random teams, form them by hand, or let students found teams on the contest page and share the team code.</p>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {free.length > 0 && (
        <div className={styles.actions}>
          <SelectField label="Random teams of" value={size} onChange={(e) => setSize(e.target.value)} hint={`The ${free.length === 1 ? "student" : `${integer(free.length)} students`} not in a team, shuffled.`}>
            {Array.from({ length: sizes.max - sizes.min + 1 }, (_, i) => sizes.min + i).map((n) => (
              <option key={n} value={String(n)}>
                {n} students
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" busy={busy === "random"} onClick={() => void random()}>
            Make random teams
          </Button>
        </div>
      )}
      <form className={styles.teamForm} onSubmit={(e) => void submit(e)} noValidate aria-label={`Form a team of ${contest.title}`}>
        <Field label="Team name" value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
        <fieldset>
          <legend>Students not in a team (up to {max})</legend>
          {free.length === 0 && <p className={styles.meta}>Every student is in a team.</p>}
          {free.map((s) => (
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
        {placed.length > 0 && (
          <p className={styles.meta} aria-label="Already in a team">
            Already in a team: {placed.map((s) => `${s.name} (${teamOf.get(s.id)})`).join(", ")}.
          </p>
        )}
        {error && (
          <p className={styles.codeError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" busy={busy === "form"} disabled={!name.trim() || chosen.length === 0}>
            Form team
          </Button>
        </div>
      </form>
    </section>
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
      await call(classEndpoints.createContest, {
        params: { id: classId },
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
