/** /admin/datasets: the imported datasets and the CSV import form, which lists every problem by line. */
import Link from "next/link";
import { useRouter } from "next/router";
import { useRef, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Alert, Button, Card, Field, Skeleton, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { useAction } from "@/components/ui/useAction";
import { SECTORS } from "@/domain/market/universe";
import { ApiError } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { adminStyles as styles } from "@/features/admin/components";
import type { DatasetSummary } from "../types";

/** A dataset as the admin API answers it (declared once, ../types). */
export type DatasetSummaryRow = DatasetSummary;

interface Problem {
  line: number;
  message: string;
}

/** The import keeps the server's problems list, which the shared api() helper drops. */
async function postImport(body: { name: string; symbol: string; sector: string; csv: string }) {
  let response: Response;
  try {
    response = await fetch("/api/admin/datasets", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => null)) as (DatasetSummaryRow & { error?: { code: string; message: string; fields?: Record<string, string>; problems?: Problem[] } }) | null;
  if (response.ok && data) return { dataset: data as DatasetSummaryRow };
  const error = data?.error;
  if (response.status === 413) return { error: new ApiError(413, "TOO_LARGE", "The file is over 2 MB. Split it into smaller datasets."), problems: [] };
  return { error: new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? "Could not import the file.", error?.fields), problems: error?.problems ?? [] };
}

export function DatasetsAdmin() {
  const { dateTime } = useTimeFormat();
  const { data, error, isLoading } = useSWR<{ items: DatasetSummaryRow[] }>("/api/admin/datasets", async (url: string) => {
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(String(res.status));
    return (await res.json()) as { items: DatasetSummaryRow[] };
  });
  return (
    <>
      <h2>Datasets</h2>
      <p className="muted">Daily price history for replays. The practice market never uses them.</p>
      <ImportForm />
      <Card title="Imported datasets">
        <TimeZoneNote />
        {error && <Alert tone="error">Could not load the datasets.</Alert>}
        {isLoading && <Skeleton height={80} />}
        {data && data.items.length === 0 && <p className="muted">No datasets yet.</p>}
        {data && data.items.length > 0 && (
          <DataTable caption="Imported datasets" minWidth="44rem">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Symbol</th>
                <th scope="col">Sector</th>
                <th scope="col" className={numeric}>
                  Days
                </th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Imported</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link href={`/admin/datasets/${d.id}`}>{d.name}</Link>
                  </td>
                  <td>{d.symbol}</td>
                  <td>{d.sector}</td>
                  <td className={numeric}>{integer(d.rowCount)}</td>
                  <td>{d.firstDate}</td>
                  <td>{d.lastDate}</td>
                  <td>{dateTime(d.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Card>
    </>
  );
}

const MAX_BYTES = 2 * 1024 * 1024;

export const SECTOR_REQUIRED = "Give the company's sector, like Technology: a replay position shows it.";

/** A free-text sector with the bundled sectors suggested (a dataset may be of any company). */
export function SectorField({ id, value, onChange, error, hint = "The company's sector, like Technology." }: { id: string; value: string; onChange: (value: string) => void; error?: string; hint?: string }) {
  return (
    <>
      <Field label="Sector" id={id} value={value} list={`${id}-suggestions`} maxLength={40} onChange={(e) => onChange(e.target.value)} error={error} hint={hint || undefined} />
      <datalist id={`${id}-suggestions`}>
        {SECTORS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}

function ImportForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [symbol, setSymbol] = useState("");
  const [sector, setSector] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const { busy, status: formError, setStatus: setFormError, run } = useAction();

  function pick(chosen: File | null) {
    setFile(chosen);
    setProblems([]);
    setFields(({ csv: _gone, ...rest }) => rest);
    if (chosen && !name) setName(chosen.name.replace(/\.csv$/i, ""));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setProblems([]);
    const local: Record<string, string> = {};
    if (!file) local.csv = "Choose a CSV file.";
    else if (file.size > MAX_BYTES) local.csv = "The file is over 2 MB. Split it into smaller datasets.";
    if (!name.trim()) local.name = "Give the dataset a name.";
    if (!symbol.trim()) local.symbol = "Give a symbol, like ACME.";
    // The server says the same (and checks the length): the message is here so it shows at once.
    if (!sector.trim()) local.sector = SECTOR_REQUIRED;
    if (Object.keys(local).length > 0 || !file) {
      setFields(local);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    await run(
      async () => {
        const result = await postImport({ name, symbol, sector, csv: await file.text() });
        if ("dataset" in result && result.dataset) {
          await router.push(`/admin/datasets/${result.dataset.id}`);
          return;
        }
        const { error, problems: found } = result as { error: ApiError; problems: Problem[] };
        setProblems(found);
        setFields(found.length > 0 ? { ...error.fields, csv: `${found.length} ${found.length === 1 ? "problem" : "problems"} in the file; nothing was imported.` } : error.fields);
        if (Object.keys(error.fields).length === 0 && found.length === 0) setFormError({ tone: "error", text: error.message });
      },
      { failure: "Could not import the file." },
    );
  }

  return (
    <Card title="Import a CSV">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Import a CSV">
        {formError && <Alert tone="error">{formError.text}</Alert>}
        <div className={styles.toolbar}>
          <Field
            label="CSV file"
            id="dataset-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            error={fields.csv}
            hint="Date,Open,High,Low,Close,Volume with a header; up to 2 MB. Optional Dividend (per share) and Split (like 2:1 or 1:10) columns on the ex-date's row; the prices are the raw ones, which drop by the dividend or the split that day."
          />
          <Field label="Dataset name" id="dataset-name" value={name} onChange={(e) => { setName(e.target.value); setFields(({ name: _gone, ...rest }) => rest); }} error={fields.name} />
          <Field
            label="Symbol"
            id="dataset-symbol"
            value={symbol}
            autoCapitalize="characters"
            onChange={(e) => { setSymbol(e.target.value); setFields(({ symbol: _gone, ...rest }) => rest); }}
            error={fields.symbol}
          />
          <SectorField id="dataset-sector" value={sector} onChange={(value) => { setSector(value); setFields(({ sector: _gone, ...rest }) => rest); }} error={fields.sector} />
        </div>
        {problems.length > 0 && (
          <Alert tone="error" title={`Nothing was imported: ${problems.length} ${problems.length === 1 ? "problem" : "problems"} in the file`}>
            <ul aria-label="Problems in the file">
              {problems.map((p, index) => (
                <li key={index}>{p.message}</li>
              ))}
            </ul>
          </Alert>
        )}
        <Button type="submit" busy={busy}>
          Import
        </Button>
      </form>
    </Card>
  );
}
