/** /classes: the classes a person teaches or attends, a form to create one (when allowed), and a join-code box. */
import Link from "next/link";
import { useRouter } from "next/router";
import { useState, type FormEvent } from "react";
import { Alert, Badge, Button, Card, Field, JoinCodeForm } from "@/components/ui";
import { ApiError, call } from "@/lib/client/api";
import { classEndpoints } from "./endpoints";
import { calendarDate, integer } from "@/lib/format";
import type { ClassListItem } from "./types";
import styles from "./classes.module.css";

export interface ClassesListProps {
  items: ClassListItem[];
  total: number;
  mayCreate: boolean;
}

const STANDING: Record<ClassListItem["role"], string> = { teacher: "You teach", student: "You attend", admin: "Admin view" };

export function classDates(startsOn: string | null, endsOn: string | null): string | null {
  if (!startsOn && !endsOn) return null;
  if (startsOn && endsOn) return `${calendarDate(startsOn)} – ${calendarDate(endsOn)}`;
  return startsOn ? `From ${calendarDate(startsOn)}` : `Until ${calendarDate(endsOn)}`;
}

function ClassCard({ item }: { item: ClassListItem }) {
  const dates = classDates(item.startsOn, item.endsOn);
  return (
    <li className={styles.item}>
      <div className={styles.badges}>
        <Badge tone={item.role === "teacher" ? "admin" : undefined}>{STANDING[item.role]}</Badge>
      </div>
      <h3>
        <Link href={`/classes/${item.id}`}>{item.name}</Link>
      </h3>
      {item.teachers.length > 0 && <p className={styles.meta}>Teacher: {item.teachers.join(", ")}</p>}
      <p className={styles.meta}>
        {integer(item.students)} {item.students === 1 ? "student" : "students"}
        {dates && ` · ${dates}`}
      </p>
    </li>
  );
}

function CreateClassForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [startsOn, setStartsOn] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: "Give the class a name." });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const created = await call(classEndpoints.create, { body: { name, startsOn: startsOn || null, endsOn: endsOn || null } });
      await router.push(`/classes/${created.id}`);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setMessage(error.message);
      } else setMessage("Could not create the class. Try again.");
    }
  }
  return (
    <Card title="New class">
      {message && <Alert tone="error">{message}</Alert>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Class name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} placeholder="Economics 9B" autoComplete="off" required />
        <div className={styles.dates}>
          <Field label="First day (optional)" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} error={errors.startsOn} />
          <Field label="Last day (optional)" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} error={errors.endsOn} />
        </div>
        <Button type="submit" busy={busy}>
          Create class
        </Button>
      </form>
    </Card>
  );
}

/** A code from the teacher makes the person a student of the class (wrong codes are rate limited). */
export function JoinClassBox({ initialCode }: { initialCode?: string }) {
  const router = useRouter();
  return (
    <JoinCodeForm
      title="Join a class"
      hint="Enter the join code your teacher gave you."
      label="Class join code"
      submitLabel="Join class"
      emptyMessage="Enter the class's join code."
      initialCode={initialCode}
      onSubmit={async (code) => {
        const joined = await call(classEndpoints.join, { body: { code } });
        await router.push(`/classes/${joined.id}`);
      }}
    />
  );
}

export function ClassesList({ items, total, mayCreate }: ClassesListProps) {
  return (
    <div className={styles.sections}>
      <section aria-labelledby="classes-yours">
        <h2 id="classes-yours">Your classes</h2>
        {items.length === 0 ? (
          <p className={styles.meta}>{mayCreate ? "You have no class yet. Create one below, then add your students." : "You are not in a class yet. Join one with the code your teacher gave you."}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <ClassCard key={item.id} item={item} />
            ))}
          </ul>
        )}
        {total > items.length && <p className={styles.meta}>Showing the newest {integer(items.length)} of {integer(total)} classes.</p>}
      </section>
      <div className={styles.twoUp}>
        {mayCreate && <CreateClassForm />}
        <JoinClassBox />
      </div>
    </div>
  );
}
