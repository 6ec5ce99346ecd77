/**
 * A team event's teams on its page (docs/decisions/042-class-contests-and-teams.md): found a
 * team or join a teammate's with its code; once in one, its members and its code to share.
 * Every member trades the team's one portfolio below; the board ranks teams.
 */
import { useRouter } from "next/router";
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Button, Field } from "@/components/ui";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { eventEndpoints } from "./endpoints";
import type { EventDetail } from "./types";
import styles from "./events.module.css";


export function TeamPanel({ event }: { event: EventDetail }) {
  const router = useRouter();
  const { data, mutate } = useSWR(endpointUrl(eventEndpoints.teams, { params: { slug: event.slug } }), fetcherOf(eventEndpoints.teams));
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState<"found" | "join" | null>(null);
  const [error, setError] = useState<{ form: "found" | "join"; message: string } | null>(null);
  const sizes = event.teams;
  if (!sizes) return null;
  const mine = data?.items.find((t) => t.mine) ?? null;

  async function send(form: "found" | "join", e: FormEvent) {
    e.preventDefault();
    setBusy(form);
    setError(null);
    try {
      if (form === "found") await call(eventEndpoints.foundTeam, { params: { slug: event.slug }, body: { name } });
      else await call(eventEndpoints.joinTeam, { params: { slug: event.slug }, body: { code } });
      await mutate();
      await router.replace(router.asPath);
    } catch (err) {
      setError({ form, message: err instanceof ApiError ? err.message : "That did not work. Try again." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.teams}>
      <p className={styles.meta}>
        A team event: teams of {sizes.min}–{sizes.max} share one portfolio, every member trades it, and the board ranks teams.
      </p>
      {mine ? (
        <div aria-label="Your team">
          <h3>Your team: {mine.name}</h3>
          <p>{mine.members.join(", ")}</p>
          {mine.code && (
            <p className={styles.meta}>
              Team code for classmates: <strong className={styles.code}>{mine.code}</strong>
            </p>
          )}
          {mine.size < sizes.min && <Alert tone="info">Your team trades once it has {sizes.min} members.</Alert>}
        </div>
      ) : (
        event.phase !== "ended" && (
          <div className={styles.teamForms}>
            <form onSubmit={(e) => void send("found", e)} aria-label="Found a team" noValidate>
              <Field label="New team's name" value={name} onChange={(e) => setName(e.target.value)} maxLength={40} error={error?.form === "found" ? error.message : undefined} />
              <Button type="submit" busy={busy === "found"} disabled={!name.trim()}>
                Found a team
              </Button>
            </form>
            <form onSubmit={(e) => void send("join", e)} aria-label="Join a team" noValidate>
              <Field label="Team code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="ABCD-EFGH" autoComplete="off" error={error?.form === "join" ? error.message : undefined} />
              <Button type="submit" variant="secondary" busy={busy === "join"} disabled={!code.trim()}>
                Join the team
              </Button>
            </form>
          </div>
        )
      )}
      {data && data.items.length > 0 && (
        <ul className={styles.teamList} aria-label="Teams">
          {data.items.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> <span className={styles.meta}>({t.members.join(", ")})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
