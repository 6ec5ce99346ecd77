import Link from "next/link";
import { useRouter } from "next/router";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Card } from "@/components/ui";
import { api, ApiError } from "@/lib/client/api";

/**
 * A page opened from an emailed link. The token is used only when the person presses the
 * button (a POST), never on load: mail scanners that open links must not use them up.
 */
export function TokenAction({
  title,
  intro,
  action,
  endpoint,
  done,
  extra,
  body,
}: {
  title: string;
  intro: ReactNode;
  action: string;
  endpoint: string;
  done: (result: Record<string, unknown>) => ReactNode;
  extra?: ReactNode;
  body?: () => Record<string, unknown> | null;
}) {
  const router = useRouter();
  const token = typeof router.query.token === "string" ? router.query.token : "";
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "done"; result: Record<string, unknown> } | { kind: "error"; message: string }>({ kind: "idle" });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const extraBody = body ? body() : {};
    if (extraBody === null) return;
    setState({ kind: "busy" });
    try {
      const result = await api<Record<string, unknown>>(endpoint, { method: "POST", body: { token, ...extraBody } });
      setState({ kind: "done", result: result ?? {} });
    } catch (error) {
      setState({ kind: "error", message: error instanceof ApiError ? error.message : "Something went wrong." });
    }
  }
  return (
    <div style={{ maxWidth: 520, margin: "2rem auto" }}>
      <Card>
        <h1>{title}</h1>
        {state.kind === "done" ? (
          <>
            <Alert tone="success">{done(state.result)}</Alert>
            <Link href="/">Continue to Tickerlab</Link>
          </>
        ) : !token && router.isReady ? (
          <Alert tone="error">This link is incomplete. Open it again from your email, or ask for a new one.</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <p>{intro}</p>
            {state.kind === "error" && <Alert tone="error">{state.message}</Alert>}
            {extra}
            <Button type="submit" busy={state.kind === "busy"}>
              {action}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
