import { type FormEvent, useState } from "react";
import useSWR from "swr";
import { Alert, Button, Card, Skeleton } from "@/components/ui";
import { useAction } from "@/components/ui/useAction";
import { MARGIN_DEFAULT_TEXT, MARGIN_FIELDS, type MarginField } from "@/components/margin-fields";
import { MarginTermFields } from "@/components/MarginTermFields";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import type { InstallSettingsView as Settings } from "../types";
import { adminEndpoints } from "./endpoints";
import styles from "./admin.module.css";

type Terms = Record<MarginField, number>;

const textOf = (terms: Terms | undefined): Record<MarginField, string> =>
  terms ? (Object.fromEntries(MARGIN_FIELDS.map((m) => [m.field, String(terms[m.field])])) as Record<MarginField, string>) : { ...MARGIN_DEFAULT_TEXT };

/**
 * Margin on the practice market (GET|PATCH /api/admin/settings, docs/decisions/073): on with
 * its terms, or off. Off, nobody borrows more; whoever still owes keeps the terms until repaid.
 */
export function PracticeMarginSettings() {
  const { data, error, mutate } = useSWR(endpointUrl(adminEndpoints.settings, {}), fetcherOf(adminEndpoints.settings));
  // Here, not in the form: a save remounts the form (its key), and the status line must outlive it.
  const action = useAction();
  return (
    <Card title="Practice market: margin">
      {error && <Alert tone="error">{error instanceof ApiError ? error.message : "Could not load the settings."}</Alert>}
      {/* Keyed by what is stored: the form starts from it, and again after each save. */}
      {!data ? <Skeleton /> : <MarginForm key={JSON.stringify(data.practiceMargin)} stored={data.practiceMargin} action={action} saved={(next) => void mutate(next, { revalidate: false })} />}
    </Card>
  );
}

function MarginForm({ stored, action, saved }: { stored: Settings["practiceMargin"]; action: ReturnType<typeof useAction>; saved: (settings: Settings) => void }) {
  const { busy, status, run } = action;
  const [enabled, setEnabled] = useState(stored?.enabled ?? false);
  const [draft, setDraft] = useState<Record<MarginField, string>>(() => textOf(stored?.terms));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    // A term left empty or not a number goes as typed: the server names the field.
    const terms = Object.fromEntries(MARGIN_FIELDS.map((m) => [m.field, draft[m.field].trim() === "" ? draft[m.field] : Number(draft[m.field])]));
    await run(async () => saved(await call(adminEndpoints.changeSettings, { body: { practiceMargin: { enabled, terms } } })), {
      success: enabled ? "Margin is on for the practice market." : "Margin is off for the practice market: nobody can borrow more.",
      failure: (e) => {
        if (e instanceof ApiError && Object.keys(e.fields).length > 0) setErrors(e.fields);
        return e instanceof ApiError ? e.message : "Could not change the practice market's margin.";
      },
    });
  }

  return (
    <form onSubmit={(e) => void save(e)} className={styles.stack} aria-label="Practice market margin">
      <p className="muted">
        {stored?.enabled
          ? `On: practice portfolios may borrow up to ${stored.terms.multiplier}× their equity.`
          : stored
            ? "Off: nobody can borrow more; portfolios still in debt keep these terms until they repay."
            : "Off: practice portfolios are cash accounts."}
      </p>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={enabled} disabled={busy} onChange={(e) => setEnabled(e.target.checked)} />
        <span>
          Allow margin on the practice market
          <span className="muted"> — people may borrow to buy, pay interest on what they borrow, and get margin calls.</span>
        </span>
      </label>
      <div className={styles.termsGrid}>
        <MarginTermFields
          value={(field) => draft[field]}
          onChange={(field, text) => setDraft({ ...draft, [field]: text })}
          errorOf={(field) => errors[`practiceMargin.terms.${field}`]}
          disabled={busy}
        />
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div>
        <Button type="submit" busy={busy}>
          Save margin settings
        </Button>
      </div>
    </form>
  );
}
