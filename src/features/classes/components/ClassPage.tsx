/**
 * /classes/[id]: the teacher's view, in sections with their own tabs and addresses (Students:
 * the roster with each row's actions in a menu, add students by paste or CSV, join code and
 * invite link, the login sheet; Assignments; Contests; Gradebook; Dashboard — decision 067) or
 * the student's (the class, its teacher, classmates as first name + initial). The server
 * decides which view a person gets (features/classes/server/classes.ts); this only shows it.
 */
import Link from "next/link";
import { useRouter } from "next/router";
import { useSession } from "next-auth/react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DataTable } from "@/components/ui/DataTable";
import { RowMenu } from "@/components/ui/RowMenu";
import { Tab, TabList, TabPanel, Tabs } from "@/components/ui/Tabs";
import { MAX_ROSTER_BATCH, namesFromPaste } from "@/domain/classes";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { classEndpoints } from "./endpoints";
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
  const { data, mutate } = useSWR(endpointUrl(classEndpoints.detail, { params: { id: initial.id } }), fetcherOf(classEndpoints.detail), { fallbackData: initial, revalidateOnMount: false });
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

/**
 * The teacher's view in sections, each with its own tab and address (`?section=`): on a phone
 * the page is one section long, not the whole class (it was 11,990 px at 390 px wide). Only the
 * open section is rendered, so only its data loads (decision 067).
 */
export const CLASS_SECTIONS = [
  { id: "students", label: "Students" },
  { id: "assignments", label: "Assignments" },
  { id: "contests", label: "Contests" },
  { id: "gradebook", label: "Gradebook" },
  { id: "dashboard", label: "Dashboard" },
] as const;
export type ClassSection = (typeof CLASS_SECTIONS)[number]["id"];

/** The section an address asks for; the students (roster) when it names none or an unknown one. */
export function sectionOf(query: string | string[] | undefined): ClassSection {
  const wanted = Array.isArray(query) ? query[0] : query;
  return CLASS_SECTIONS.find((s) => s.id === wanted)?.id ?? "students";
}

function TeacherView({ view, refresh }: { view: TeacherClassView; refresh: () => void }) {
  const router = useRouter();
  const section = sectionOf(router.query.section);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [pending, setPending] = useState<Pending>(null);
  // The row's menu button the dialog gives focus back to (the menu item that opened it is gone);
  // kept after the dialog closes, as the dialog reads it while closing.
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const signInUrl = `${new URL(view.inviteUrl).origin}/login`;

  if (sheet) {
    return <LoginSheet className={view.name} signInUrl={signInUrl} cards={sheet.cards} reason={sheet.reason} onDone={() => setSheet(null)} />;
  }

  function select(next: ClassSection) {
    setStatus(null);
    const query = next === "students" ? "" : `?section=${next}`;
    void router.replace(`/classes/${view.id}${query}`, undefined, { shallow: true, scroll: false });
  }

  async function act() {
    if (!pending) return;
    const { student, action } = pending;
    const params = { id: view.id, studentId: student.id };
    setBusy(true);
    try {
      if (action === "password") {
        const { password } = await call(classEndpoints.newPassword, { params });
        setSheet({ reason: "reset", cards: [{ id: student.id, name: student.name, username: student.username ?? "", password }] });
      } else {
        await call(action === "delete" ? classEndpoints.deleteAccount : classEndpoints.removeStudent, { params });
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
  // A new class starts by adding students; once it has some, the roster comes first.
  const addAndInvite = (
    <div className={styles.twoUp}>
      <AddStudents
        classId={view.id}
        onCreated={(cards) => {
          setStatus(null);
          setSheet({ reason: "new", cards });
          refresh();
        }}
      />
      <InviteCard view={view} />
    </div>
  );
  return (
    <div className={styles.sections}>
      <Header view={view} />
      <Tabs selected={`class-${section}`} onSelect={(id) => select(id.slice("class-".length) as ClassSection)} manual>
        <TabList label="Sections of the class" className={styles.sectionTabs}>
          {CLASS_SECTIONS.map((s) => (
            <Tab key={s.id} id={`class-${s.id}`}>
              {s.id === "students" ? `${s.label} (${integer(view.students.length)})` : s.label}
            </Tab>
          ))}
        </TabList>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <TabPanel tab={`class-${section}`} className={styles.sections}>
          {section === "students" && (
            <>
              {view.students.length === 0 && addAndInvite}
              <Card title={`Students (${integer(view.students.length)})`}>
                <TimeZoneNote />
                <Roster
                  classId={view.id}
                  students={view.students}
                  onAction={(student, action, button) => {
                    setReturnTo(button);
                    setPending({ student, action });
                  }}
                />
              </Card>
              {view.students.length > 0 && addAndInvite}
            </>
          )}
          {section === "assignments" && <ClassAssignments classId={view.id} />}
          {section === "contests" && <ClassContests classId={view.id} contests={view.contests} teacher students={view.students} refresh={refresh} />}
          {section === "gradebook" && <Gradebook classId={view.id} />}
          {section === "dashboard" && (
            <Card title="Dashboard">
              <ClassDashboard classId={view.id} />
            </Card>
          )}
        </TabPanel>
      </Tabs>
      <ConfirmDialog
        open={Boolean(pending)}
        title={dialog?.title ?? ""}
        confirmLabel={dialog?.confirm ?? "Confirm"}
        cancelLabel={dialog?.cancel ?? "Keep as is"}
        tone={pending?.action === "delete" ? "danger" : "primary"}
        busy={busy}
        finalFocus={returnTo}
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

function Roster({ classId, students, onAction }: { classId: string; students: RosterStudent[]; onAction: (s: RosterStudent, action: "remove" | "delete" | "password", returnTo: HTMLElement | null) => void }) {
  const { date } = useTimeFormat();
  if (students.length === 0) return <p className={styles.meta}>No students yet. Add them with a list of names, or give them the join code.</p>;
  // The column appears once a contest of the class has ended: each student's cards, one link per contest.
  const cards = students.some((s) => s.reportCards.length > 0);
  return (
    <DataTable caption="Students of the class" className={styles.roster}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Username</th>
          <th scope="col">Joined</th>
          {cards && <th scope="col">Report cards</th>}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {students.map((s) => (
          <tr key={s.id}>
            <td>
              <Link href={`/classes/${classId}/students/${s.id}`}>{s.name || "Student"}</Link>
            </td>
            <td>{s.username ? <span className={styles.mono}>{s.username}</span> : <Badge>Own account</Badge>}</td>
            <td>
              <span className={styles.cellLabel}>Joined </span>
              {date(s.joinedAt)}
            </td>
            {cards && (
              <td>
                <span className={styles.cellLabel}>Report cards: </span>
                {s.reportCards.length === 0 ? (
                  <span className={styles.meta}>none</span>
                ) : (
                  <span className={styles.cardLinks}>
                    {s.reportCards.map((c) => (
                      <Link key={c.slug} href={c.href} aria-label={`${s.name}'s report card for ${c.title}`}>
                        {c.title}
                      </Link>
                    ))}
                  </span>
                )}
              </td>
            )}
            <td>
              <div className={styles.rowActions}>
                {/* One quiet menu per row: remove and delete are a step away and each asks to confirm. */}
                <RowMenu
                  label={`Actions for ${s.name}`}
                  items={[
                    ...(s.roster ? [{ label: "New password…", onSelect: (b: HTMLElement | null) => onAction(s, "password", b) }] : []),
                    { label: "Remove from class…", onSelect: (b: HTMLElement | null) => onAction(s, "remove", b) },
                    ...(s.roster ? [{ label: "Delete account…", danger: true, onSelect: (b: HTMLElement | null) => onAction(s, "delete", b) }] : []),
                  ]}
                />
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
      const created = await call(classEndpoints.roster, { params: { id: classId }, body: { students: names.map((name) => ({ name })) } });
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
