/**
 * The teacher's corrections panel for one student's portfolio (docs/decisions/041-corrections.md):
 * "Adjust cash" (an amount, + adds and − removes, and a reason) and, per fill, "Reverse…"
 * (a confirmation with a reason). The server decides who may and refuses with a message,
 * shown here as it comes. Self-contained: it fetches its own data, so any page can mount it.
 */
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Button, Card, Field, TimeZoneNote } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { FillsTable, portfolioEndpoints, type Fill } from "@/features/portfolio/components";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { correctionEndpoints } from "./endpoints";
import { integer, money } from "@/lib/format";
import { CorrectionList, useCorrections } from "./CorrectionNotices";
import styles from "./corrections.module.css";

const REASON_MAX = 500;
type Status = { tone: "success" | "error"; text: string } | null;
const failure = (error: unknown) => (error instanceof ApiError ? error.message : "That did not work. Try again.");
const fillText = (f: Pick<Fill, "side" | "quantity" | "symbol" | "price">) => `the ${f.side} of ${integer(f.quantity)} ${f.symbol} at ${money(f.price)}`;

export interface CorrectionsPanelProps {
  portfolioId: string;
  /** Whose portfolio, for the headings ("Maya K."). */
  studentName: string;
  /** After a correction: the page showing the portfolio's figures loads them again, so they match "Cash now". */
  onCorrected?: () => void;
}

export function CorrectionsPanel({ portfolioId, studentName, onCorrected }: CorrectionsPanelProps) {
  const corrections = useCorrections(portfolioId);
  const fills = useSWR(endpointUrl(portfolioEndpoints.fills, { params: { id: portfolioId }, query: { pageSize: 100 } }), fetcherOf(portfolioEndpoints.fills));
  const [status, setStatus] = useState<Status>(null);
  const refresh = () => {
    void Promise.all([corrections.mutate(), fills.mutate()]);
    onCorrected?.();
  };

  return (
    <Card title={`Corrections for ${studentName}`}>
      <div className={styles.panel}>
        <p className={styles.muted}>
          Every correction needs a reason, is recorded in the audit log and is shown to {studentName} on their portfolio page. Nothing is deleted: a reversal adds a fill that undoes the original one.
        </p>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <AdjustCash
          portfolioId={portfolioId}
          onStart={() => setStatus(null)}
          cash={corrections.data?.portfolio.cash ?? null}
          onDone={(text) => {
            setStatus({ tone: "success", text });
            refresh();
          }}
        />
        <section aria-labelledby={`fills-${portfolioId}`}>
          <h3 id={`fills-${portfolioId}`} className={styles.subhead}>
            Fills
          </h3>
          {fills.error && !fills.data ? (
            <Alert tone="error">The fills could not be loaded.</Alert>
          ) : !fills.data ? (
            <p className={styles.muted}>Loading fills…</p>
          ) : fills.data.items.length === 0 ? (
            <p className={styles.muted}>{studentName} has no fills yet.</p>
          ) : (
            <Fills
              portfolioId={portfolioId}
              onStart={() => setStatus(null)}
              items={fills.data.items}
              onDone={(text) => {
                setStatus({ tone: "success", text });
                refresh();
              }}
            />
          )}
        </section>
        <section aria-labelledby={`made-${portfolioId}`}>
          <h3 id={`made-${portfolioId}`} className={styles.subhead}>
            Corrections made
          </h3>
          {corrections.data && corrections.data.total > 0 ? <CorrectionList items={corrections.data.items} audience="teacher" /> : <p className={styles.muted}>None yet.</p>}
        </section>
      </div>
    </Card>
  );
}

function AdjustCash({ portfolioId, cash, onStart, onDone }: { portfolioId: string; cash: string | null; onStart: () => void; onDone: (text: string) => void }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  // The outcome is the panel's status (onDone) or this form's errors, not the hook's line.
  const { busy, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    onStart();
    setErrors({});
    await run(
      async () => {
        const made = await call(correctionEndpoints.adjust, { params: { id: portfolioId }, body: { amount: amount.trim(), reason } });
        setAmount("");
        setReason("");
        onDone(made.amount.startsWith("-") ? `Removed ${money(made.amount.slice(1))} from the cash.` : `Added ${money(made.amount)} to the cash.`);
      },
      {
        failure: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors({ amount: error.fields.amount, reason: error.fields.reason });
          else setErrors({ form: failure(error) });
          return null;
        },
      },
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`adjust-${portfolioId}`} className={styles.adjust}>
      <h3 id={`adjust-${portfolioId}`} className={styles.subhead}>
        Adjust cash
      </h3>
      {cash !== null && <p className={styles.muted}>Cash now: {money(cash)}</p>}
      <div className={styles.fields}>
        <Field
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint="250.00 adds, -250.00 removes."
          error={errors.amount}
        />
        <Field label="Reason" value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} hint="The student sees it." error={errors.reason} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          Adjust cash
        </Button>
      </div>
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}

function Fills({ portfolioId, items, onStart, onDone }: { portfolioId: string; items: Fill[]; onStart: () => void; onDone: (text: string) => void }) {
  const [pending, setPending] = useState<Fill | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();

  function open(fill: Fill) {
    setPending(fill);
    setReason("");
    setError(null);
  }

  async function reverse() {
    if (!pending) return;
    onStart();
    setError(null);
    await run(
      async () => {
        await call(correctionEndpoints.reverse, { params: { id: portfolioId, fillId: pending.id }, body: { reason } });
        onDone(`Reversed ${fillText(pending)}.`);
        setPending(null);
      },
      {
        failure: (err) => {
          setError(err instanceof ApiError && err.fields.reason ? err.fields.reason : failure(err));
          return null;
        },
      },
    );
  }

  return (
    <>
      <TimeZoneNote />
      <FillsTable
        fills={items}
        caption="Fills of the portfolio, newest first"
        action={{
          label: "Correction",
          // A reversal and the fill it undid are marked in the table's last column; neither can be reversed again.
          render: (f) =>
            f.reversalOf || f.reversedBy ? null : (
              <Button size="small" variant="secondary" onClick={() => open(f)} aria-label={`Reverse ${fillText(f)}`}>
                Reverse…
              </Button>
            ),
        }}
      />
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? `Reverse ${fillText(pending)}?` : ""}
        confirmLabel="Reverse fill"
        cancelLabel="Keep fill"
        tone="danger"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void reverse()}
      >
        <p>A fill of the opposite side at the same price undoes it; its commission is refunded. Both stay in the student&apos;s history.</p>
        <Field label="Reason" value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} hint="The student sees it." />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
