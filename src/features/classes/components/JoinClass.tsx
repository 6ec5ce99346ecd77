/**
 * /classes/join?code=…: the invite link. Opening it does nothing by itself (a link preview or
 * a scanner must not join anyone, docs/decisions/008); the person presses Join.
 */
import Link from "next/link";
import { useRouter } from "next/router";
import { useState, type FormEvent } from "react";
import { Alert, Button, Card, Field } from "@/components/ui";
import { api, ApiError } from "@/lib/client/api";
import styles from "./classes.module.css";

export function JoinClass({ code: initial }: { code: string }) {
  const router = useRouter();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError("Enter the class's join code.");
    setBusy(true);
    setError(null);
    try {
      const joined = await api<{ id: string }>("/api/classes/join", { method: "POST", body: { code } });
      await router.push(`/classes/${joined.id}`);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : "Could not join. Try again.");
    }
  }
  return (
    <div className={styles.narrow}>
      <h1>Join a class</h1>
      <Card>
        <p>Your teacher invited you to a class. Join it to see your class and your classmates.</p>
        {error && <Alert tone="error">{error}</Alert>}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field label="Class join code" name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false} placeholder="ABCD-EFGH" />
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              Join class
            </Button>
            <Link href="/classes">Not now</Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
