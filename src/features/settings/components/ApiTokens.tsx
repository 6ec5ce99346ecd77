import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, Field, SelectField, useTimeFormat } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { API_TOKEN_EXPIRY_CHOICES, API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, type ApiTokenScope } from "@/lib/api-token-scopes";
import { api, ApiError } from "@/lib/client/api";
import { createApiTokenSchema } from "@/lib/validation/api-tokens";
import { fieldErrors } from "@/lib/validation/field-errors";
import type { ApiTokenCreated, ApiTokenView } from "@/features/account/types";
import styles from "./settings.module.css";

// A token as GET /api/account/tokens lists it: the route's own schema (decision 071).
type TokenView = ApiTokenView;

const STATE_TEXT: Record<TokenView["state"], string> = {
  active: "Active",
  revoked: "Revoked",
  expired: "Expired",
  ended: "Ended by sign-out everywhere",
};

/** Settings → API tokens: create one (its secret shown once), list them with last use, revoke. */
export function ApiTokensSection({ isAdmin }: { isAdmin: boolean }) {
  const { dateTime, date } = useTimeFormat();
  const { data, error, mutate } = useSWR<{ items: TokenView[] }>("/api/account/tokens", (url: string) => api<{ items: TokenView[] }>(url));
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiTokenScope[]>(["read"]);
  const [days, setDays] = useState<number>(30);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [revoking, setRevoking] = useState<TokenView | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const offered = API_TOKEN_SCOPES.filter((s) => s !== "admin" || isAdmin);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const parsed = createApiTokenSchema.safeParse({ name, scopes, expiresInDays: days });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    setStatus(null);
    try {
      const answer = await api<ApiTokenCreated>("/api/account/tokens", { method: "POST", body: parsed.data });
      setCreated({ name: answer.name, token: answer.token });
      setCopied(false);
      setName("");
      await mutate();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fields);
      setStatus({ tone: "error", text: e instanceof ApiError ? e.message : "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setStatus({ tone: "error", text: "Could not copy: select the token and copy it yourself." });
    }
  }

  return (
    <Card title="API tokens" id="tokens">
      <p>
        Scripts call the Tickerlab API with a token: <code>Authorization: Bearer tlk_…</code>. A token acts as you, within the scopes you give it. It
        stops working when you revoke it, when it expires, or when you sign out all devices. Tokens cannot change your password, email or tokens.
      </p>
      {created && (
        <Alert tone="success" title={`Your new token “${created.name}”`}>
          <p>Copy it now: it is shown only once and cannot be shown again.</p>
          <div className={styles.tokenSecret}>
            <code data-testid="new-token">{created.token}</code>
            <Button size="small" onClick={() => void copy(created.token)}>
              {copied ? "Copied" : "Copy token"}
            </Button>
          </div>
          <Button size="small" variant="secondary" onClick={() => setCreated(null)}>
            I have stored it
          </Button>
        </Alert>
      )}
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <form onSubmit={onCreate} noValidate className={styles.tokenForm}>
        <Field label="Token name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} hint="Say what uses it, e.g. “rebalancing script”." maxLength={60} />
        <fieldset className={styles.scopes} aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
          <legend>Scopes</legend>
          {offered.map((scope) => (
            <label key={scope} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))}
              />
              <span>{API_TOKEN_SCOPE_LABELS[scope]}</span>
            </label>
          ))}
          {errors.scopes && (
            <p id="token-scopes-error" role="alert" className={styles.fieldError}>
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <SelectField label="Expires after" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
          {API_TOKEN_EXPIRY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy}>
          Create token
        </Button>
      </form>
      {error && <Alert tone="error">Your tokens could not be loaded. Reload the page to try again.</Alert>}
      {data && data.items.length === 0 && <p className="muted">You have no API tokens yet.</p>}
      {data && data.items.length > 0 && (
        <ul className={styles.tokens} aria-label="Your API tokens">
          {data.items.map((t) => (
            <li key={t.id}>
              <div>
                <strong>{t.name}</strong> <code>{t.prefix}…</code>{" "}
                {t.state === "active" ? <Badge tone="success">Active</Badge> : <Badge>{STATE_TEXT[t.state]}</Badge>}
                <div className="muted">
                  {t.scopes.join(", ")} · created {date(t.createdAt)} · {t.state === "expired" ? "expired" : "expires"} {date(t.expiresAt)} ·{" "}
                  {t.lastUsedAt ? `last used ${dateTime(t.lastUsedAt)}` : "never used"}
                </div>
              </div>
              {t.state === "active" && (
                <Button size="small" variant="secondary" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke token"
        cancelLabel="Keep token"
        tone="danger"
        busy={revokeBusy}
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          setRevokeBusy(true);
          try {
            await api(`/api/account/tokens/${encodeURIComponent(revoking.id)}`, { method: "DELETE" });
            setStatus({ tone: "success", text: `“${revoking.name}” is revoked: scripts using it now get 401.` });
            await mutate();
          } catch (e) {
            setStatus({ tone: "error", text: e instanceof ApiError ? e.message : "Something went wrong. Please try again." });
          } finally {
            setRevokeBusy(false);
            setRevoking(null);
          }
        }}
      >
        <p>Scripts using this token stop working at their next request. This cannot be undone.</p>
      </ConfirmDialog>
    </Card>
  );
}
