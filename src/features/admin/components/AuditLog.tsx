import { useRouter } from "next/router";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Button, Card, SelectField, Skeleton, Pager, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { DataTable } from "@/components/ui/DataTable";
import { ApiError, endpointUrl, fetcherOf } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { auditDetailLines } from "./audit-detail";
import type { AuditPerson } from "../types";
import { adminEndpoints } from "./endpoints";
import styles from "./admin.module.css";

export function AuditLog({ actions }: { actions: readonly string[] }) {
  const router = useRouter();
  const { stamp } = useTimeFormat();
  const personId = typeof router.query.personId === "string" ? router.query.personId : "";
  const [action, setAction] = useState("");
  const [page, setPage] = useState(1);
  const key = router.isReady
    ? endpointUrl(adminEndpoints.audit, { query: { page, pageSize: 25, personId, action } })
    : null;
  const { data, error } = useSWR(key, fetcherOf(adminEndpoints.audit), { keepPreviousData: true });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const who = (p: AuditPerson | null) => (p ? `${p.name ?? ""} <${p.email ?? p.username ?? ""}>` : "—");
  const filteredPerson = data?.items.find((e) => e.subject?.id === personId)?.subject;
  return (
    <Card title="Audit log">
      <TimeZoneNote />
      <div className={styles.toolbar}>
        <SelectField label="Action" value={action} onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        {personId && (
          <p>
            Showing entries about <strong>{filteredPerson ? who(filteredPerson) : "one person"}</strong>.{" "}
            <Button size="small" variant="secondary" onClick={() => void router.push("/admin/audit")}>
              Show everyone
            </Button>
          </p>
        )}
      </div>
      {error && <Alert tone="error">{error instanceof ApiError ? error.message : "Could not load the audit log."}</Alert>}
      <DataTable caption={`Audit log, page ${page} of ${pages}`} minWidth="56rem">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">By</th>
            <th scope="col">About</th>
            <th scope="col">IP</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {!data && (
            <tr>
              <td colSpan={6}>
                <Skeleton />
              </td>
            </tr>
          )}
          {data?.items.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No entries match.
              </td>
            </tr>
          )}
          {data?.items.map((e) => (
            <tr key={e.id}>
              <td className="mono">
                {/* The day and the time each stay whole; a narrow column puts the time under the day. */}
                <time dateTime={e.at} className={styles.stamp}>
                  {stamp(e.at)
                    .split(" ")
                    .map((part) => (
                      <span key={part}>{part}</span>
                    ))}
                </time>
              </td>
              <td>{e.action}</td>
              <td className={styles.who}>{who(e.actor)}</td>
              <td className={styles.who}>{who(e.subject)}</td>
              <td className="mono">{e.ip ?? "—"}</td>
              <td className={styles.detail}>
                {Object.keys(e.detail).length > 0 && (
                  <dl className={styles.detailList}>
                    {auditDetailLines(e.detail, stamp).map((line) => (
                      <div key={line.label}>
                        <dt>{line.label}</dt>
                        <dd>{line.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} label={data ? `${integer(data.total)} entries · page ${integer(page)} of ${integer(pages)}` : "Loading…"} />
    </Card>
  );
}
