/**
 * /classes/[id]: the teacher's view (roster, add students by paste or CSV, a student's new
 * password, remove or delete, join code and invite link, the login sheet) or the student's
 * (the class, its teacher, classmates as first name + initial). The server decides which
 * view a person gets (features/classes/server/classes.ts); this only shows it.
 */
import { useSession } from "next-auth/react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DataTable } from "@/components/ui/DataTable";
import { MAX_ROSTER_BATCH, namesFromPaste } from "@/domain/classes";
import { api, ApiError } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { ClassDashboard } from "./ClassDashboard";
import { ClassAssignments } from "./Assignments";
import { ClassContests } from "./ClassContests";
import { classDates } from "./ClassesList";
import { Gradebook } from "./Gradebook";
import { LoginSheet } from "./LoginSheet";
import type { ClassView, LoginCard, RosterStudent, StudentClassView, TeacherClassView } from "./types";
import styles from "./classes.module.css";

export interface ClassPageProps {
  view: ClassView;
}

export function ClassPage({ view: initial }: ClassPageProps) {
  const { data, mutate } = useSWR<ClassView>(`/api/classes/${initial.id}`, (url: string) => api<ClassView>(url), { fallbackData: initial, revalidateOnMount: false });
  const view = data ?? initial;
  return view.view === "teacher" ? <TeacherView view={view} refresh={() => void mutate()} /> : <StudentView view={view} refresh={() => void mutate()} />;
}

function Header({ view }: { view: ClassView }) {
  const dates = classDates(view.startsOn, view.endsOn);
  return (
    <div className={styles.head}>
      <h1>{view.name}</h1>
      <p className={styles.meta}>
        {view.teachers.length > 0 && <>Teacher: {view.teachers.map((t) => t.name).join(", ")}</>}
        {dates && <> · {dates}</>}
      </p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------
// The student's view

function StudentView({ view, refresh }: { view: StudentClassView; refresh: () => void }) {
  const roster = useSession().data?.user.roster ?? false;
  return (
    <div className={styles.sections}>
      <Header view={view} />
      <ClassAssignments classId={view.id} />
      <ClassContests classId={view.id} contests={view.contests} teacher={false} refresh={refresh} />
      <Card title={`Classmates (${integer(view.classmates.length)})`}>
        {view.classmates.length === 0 ? (
          <p className={styles.meta}>Nobody else has joined yet.</p>
        ) : (
          <ul className={styles.classmates}>
            {view.classmates.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        )}
        <p className={styles.meta}>
          Inside a class everyone is shown by first name and initial.
          {roster && " Your account, made by your teacher for this class, is kept off the public leaderboards."}
        </p>
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------------------
// The teacher's view

type Sheet = { cards: LoginCard[]; reason: "new" | "reset" } | null;
type Pending = { student: RosterStudent; action: "remove" | "delete" | "password" } | null;

function TeacherView({ view, refresh }: { view: TeacherClassView; refresh: () => void }) {
  const [sheet, setSheet] = useState<Sheet>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const signInUrl = `${new URL(view.inviteUrl).origin}/login`;

  if (sheet) {
    return <LoginSheet className={view.name} signInUrl={signInUrl} cards={sheet.cards} reason={sheet.reason} onDone={() => setSheet(null)} />;
  }

  async function act() {
    if (!pending) return;
    const { student, action } = pending;
    const base = `/api/classes/${view.id}/students/${student.id}`;
    setBusy(true);
    try {
      if (action === "password") {
        const { password } = await api<{ password: string }>(`${base}/password`, { method: "POST" });
        setSheet({ reason: "reset", cards: [{ id: student.id, name: student.name, username: student.username ?? "", password }] });
      } else {
        await api(action === "delete" ? `${base}/account` : base, { method: "DELETE" });
        setStatus({ tone: "success", text: action === "delete" ? `${student.name}'s account was deleted.` : `${student.name} was removed from the class.` });
        refresh();
      }
    } catch (error) {
      setStatus({ tone: "error", text: error instanceof ApiError ? error.message : "That did not work. Try again." });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const dialog = pending && DIALOGS[pending.action](pending.student);
  return (
    <div className={styles.sections}>
      <Header view={view} />
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div className={styles.twoUp}>
        <InviteCard view={view} />
        <AddStudents classId={view.id} onCreated={(cards) => {
          setStatus(null);
          setSheet({ reason: "new", cards });
          refresh();
        }} />
      </div>
      <ClassContests classId={view.id} contests={view.contests} teacher students={view.students} refresh={refresh} />
      <Card title={`Students (${integer(view.students.length)})`}>
        <TimeZoneNote />
        <Roster students={view.students} onAction={(student, action) => setPending({ student, action })} />
      </Card>
      <Card title="Dashboard">
        <ClassDashboard classId={view.id} />
      </Card>
      <ClassAssignments classId={view.id} />
      <Gradebook classId={view.id} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={dialog?.title ?? ""}
        confirmLabel={dialog?.confirm ?? "Confirm"}
        cancelLabel={dialog?.cancel ?? "Keep as is"}
        tone={pending?.action === "delete" ? "danger" : "primary"}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void act()}
      >
        <p>{dialog?.body}</p>
      </ConfirmDialog>
    </div>
  );
}

const DIALOGS: Record<NonNullable<Pending>["action"], (s: RosterStudent) => { title: string; body: string; confirm: string; cancel: string }> = {
  password: (s) => ({
    title: `Give ${s.name} a new password?`,
    body: "Their old password stops working and they are signed out everywhere. The new one is shown once, on a login card.",
    confirm: "Make new password",
    cancel: "Keep old password",
  }),
  remove: (s) => ({
    title: `Remove ${s.name} from the class?`,
    body: s.roster
      ? "They leave the class; their account stays and can still sign in. To remove the account too, delete it instead."
      : "They leave the class. Their own account is not touched; they can join again with the join code.",
    confirm: "Remove from class",
    cancel: "Keep in class",
  }),
  delete: (s) => ({
    title: `Delete ${s.name}'s account?`,
    body: "The roster account and everything it holds (portfolio, orders, lessons) are deleted for good. This is recorded in the audit log.",
    confirm: "Delete account",
    cancel: "Keep account",
  }),
};

function Roster({ students, onAction }: { students: RosterStudent[]; onAction: (s: RosterStudent, action: "remove" | "delete" | "password") => void }) {
  const { date } = useTimeFormat();
  if (students.length === 0) return <p className={styles.meta}>No students yet. Add them with a list of names, or give them the join code.</p>;
  return (
    <DataTable caption="Students of the class" className={styles.roster}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Username</th>
          <th scope="col">Joined</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {students.map((s) => (
          <tr key={s.id}>
            <td>{s.name}</td>
            <td>{s.username ? <span className={styles.mono}>{s.username}</span> : <Badge>Own account</Badge>}</td>
            <td>
              <span className={styles.cellLabel}>Joined </span>
              {date(s.joinedAt)}
            </td>
            <td>
              <div className={styles.rowActions}>
                {s.roster && (
                  <Button size="small" variant="secondary" onClick={() => onAction(s, "password")} aria-label={`New password for ${s.name}`}>
                    New password
                  </Button>
                )}
                <Button size="small" variant="secondary" onClick={() => onAction(s, "remove")} aria-label={`Remove ${s.name} from the class`}>
                  Remove
                </Button>
                {s.roster && (
                  <Button size="small" variant="danger" onClick={() => onAction(s, "delete")} aria-label={`Delete ${s.name}'s account`}>
                    Delete
                  </Button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function InviteCard({ view }: { view: TeacherClassView }) {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  }
  return (
    <Card title="Join code">
      <p className={styles.meta}>Students who already have an account join with the code, or by opening the invite link while signed in.</p>
      <p className={styles.joinCode} aria-label="Join code">
        {view.joinCode}
      </p>
      <p className={styles.invite}>
        <span className={styles.inviteUrl}>{view.inviteUrl}</span>
      </p>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={() => void copy(view.joinCode, "code")}>
          Copy code
        </Button>
        <Button size="small" variant="secondary" onClick={() => void copy(view.inviteUrl, "link")}>
          Copy invite link
        </Button>
        <span role="status" className={styles.meta}>
          {copied && `Copied the ${copied === "code" ? "join code" : "invite link"}.`}
        </span>
      </div>
    </Card>
  );
}

/** A paste box and a CSV upload of names: each name becomes a roster account (POST …/roster). */
function AddStudents({ classId, onCreated }: { classId: string; onCreated: (cards: LoginCard[]) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const names = namesFromPaste(text);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const { namesFromCsv } = await import("@/domain/classes/roster-csv");
    const read = namesFromCsv(await file.text());
    if (!read.ok) setError(`${file.name}: ${read.message}`);
    else {
      setError(null);
      // The names go into the box, to check and edit before any account is made.
      setText((before) => [before.trim(), ...read.names].filter(Boolean).join("\n"));
    }
    event.target.value = "";
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (names.length === 0) return setError("Paste the students' names, one per line, or upload a CSV file.");
    if (names.length > MAX_ROSTER_BATCH) return setError(`Add at most ${MAX_ROSTER_BATCH} students at a time; this list has ${names.length}.`);
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ students: LoginCard[] }>(`/api/classes/${classId}/roster`, { method: "POST", body: { students: names.map((name) => ({ name })) } });
      setText("");
      onCreated(created.students);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not add the students. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Add students">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className={`${styles.meta} ${styles.intro}`}>Each student gets an account with a username and a password made for them — no email address needed. You get a login sheet to print.</p>
        <label className={styles.label} htmlFor={`names-${classId}`}>
          Students&apos; names, one per line
        </label>
        <textarea
          id={`names-${classId}`}
          className={styles.textarea}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          placeholder={"Maya Kowalska\nLeo Brandt"}
          aria-describedby={error ? `names-error-${classId}` : undefined}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={names.length === 0}>
            {names.length > 0 ? `Create ${integer(names.length)} ${names.length === 1 ? "account" : "accounts"}` : "Create accounts"}
          </Button>
          <Button variant="secondary" onClick={() => fileRef.current?.click()}>
            Upload CSV…
          </Button>
          <input ref={fileRef} type="file" accept=".csv,text/csv" className="visually-hidden" aria-label="CSV file of names" tabIndex={-1} onChange={(e) => void onFile(e)} />
        </div>
        {error && (
          <p id={`names-error-${classId}`} className={styles.codeError} role="alert">
            {error}
          </p>
        )}
      </form>
    </Card>
  );
}
