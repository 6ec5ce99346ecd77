import { useSession } from "next-auth/react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, Card, Field, Pager, RoleBadge, SelectField, Skeleton, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { useDebounced } from "@/components/ui/useDebounced";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { DataTable } from "@/components/ui/DataTable";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/roles";
import type { UserRow } from "../types";
import { adminEndpoints } from "./endpoints";
import styles from "./admin.module.css";

/**
 * The role changes the server would accept (src/features/admin/server/users.ts): a roster
 * account stays a member (its teacher holds its password), and the last active admin keeps the
 * role until there is another.
 */
function rolesOffered(u: UserRow): Role[] {
  if (u.lastAdmin) return [];
  if (u.roster) return u.role === "member" ? [] : ["member"];
  return ROLES.filter((r) => r !== u.role);
}

type Pending = { user: UserRow; change: { role?: Role; disabled?: boolean }; title: string; body: string; confirm: string; danger: boolean };

/**
 * What a role change means to the person, said in the confirmation. A role granted keeps their
 * sessions (it takes effect on their next page); a role taken away signs them out everywhere
 * (src/features/admin/server/users.ts `endsSessions`, decision 067).
 */
const ROLE_CHANGE: Record<Role, { title: (name: string) => string; body: (from: Role) => string; confirm: string }> = {
  member: { title: (name) => `Make ${name} a member?`, body: () => "They lose what their current role allows (the admin area, creating classes) and are signed out everywhere. Classes they already teach stay theirs.", confirm: "Make member" },
  organiser: {
    title: (name) => `Make ${name} an organiser?`,
    body: (from) =>
      from === "admin"
        ? "They lose the admin area and are signed out everywhere. They keep creating and running classes."
        : "They can then create classes and run them: rosters, join codes and their students' passwords. They stay signed in: it takes effect on their next page.",
    confirm: "Make organiser",
  },
  admin: { title: (name) => `Make ${name} an admin?`, body: () => "They can then manage people, events, lessons and instruments, and see every class. They stay signed in: it takes effect on their next page.", confirm: "Make admin" },
};

const PAGE_SIZE = 20;

export function UsersAdmin() {
  const { data: session } = useSession();
  const { date } = useTimeFormat();
  const [q, setQ] = useState("");
  const [role, setRole] = useState("");
  const [page, setPage] = useState(1);
  const query = useDebounced(q, 250);
  const key = endpointUrl(adminEndpoints.users, { query: { q: query, page, pageSize: PAGE_SIZE, role } });
  const { data, error, isLoading, mutate } = useSWR(key, fetcherOf(adminEndpoints.users), { keepPreviousData: true });
  const [pending, setPending] = useState<Pending | null>(null);
  const { busy, status, run } = useAction();
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  async function apply() {
    if (!pending) return;
    await run(
      async () => {
        await call(adminEndpoints.changeUser, { params: { id: pending.user.id }, body: pending.change });
        await mutate();
      },
      { success: `${pending.title.replace(/\?$/, "")}: done.`, failure: "Could not change that person.", settle: () => setPending(null) },
    );
  }

  return (
    <Card title="People">
      <TimeZoneNote />
      <div className={styles.toolbar} role="search">
        <Field label="Search by name, email or username" type="search" value={q} onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }} />
        <SelectField label="Role" value={role} onChange={(e) => {
            setRole(e.target.value);
            setPage(1);
          }}>
          <option value="">Everyone</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}s
            </option>
          ))}
        </SelectField>
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {error && <Alert tone="error">{error instanceof ApiError ? error.message : "Could not load people."}</Alert>}
      <DataTable caption={`People, page ${page} of ${pages}`} minWidth="46rem" aria-busy={isLoading}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email or username</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {!data &&
            Array.from({ length: 3 }, (_, i) => (
              <tr key={i}>
                <td colSpan={6}>
                  <Skeleton />
                </td>
              </tr>
            ))}
          {data?.items.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                Nobody matches that search.
              </td>
            </tr>
          )}
          {data?.items.map((u) => {
            const self = u.id === session?.user.id;
            return (
              <tr key={u.id}>
                <td>
                  {u.name} {self && <span className="muted">(you)</span>}
                </td>
                <td className={styles.who}>{u.email ?? <span title="Roster account: signs in with this username">{u.username} <span className="muted">(class roster)</span></span>}</td>
                <td>
                  <RoleBadge role={u.role} />
                </td>
                <td>
                  {u.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>} {u.email && !u.emailVerified && <span className="muted">unconfirmed</span>}
                </td>
                <td>{date(u.createdAt)}</td>
                <td>
                  <div className={styles.actions}>
                    {rolesOffered(u).map((r) => (
                      <Button
                        key={r}
                        size="small"
                        variant="secondary"
                        onClick={() => setPending({ user: u, change: { role: r }, title: ROLE_CHANGE[r].title(u.name), body: ROLE_CHANGE[r].body(u.role), confirm: ROLE_CHANGE[r].confirm, danger: false })}
                      >
                        {ROLE_CHANGE[r].confirm}
                      </Button>
                    ))}
                    {u.lastAdmin && <span className="muted">Last admin: make someone else an admin first</span>}
                    {!self && !u.lastAdmin && (
                      <Button
                        size="small"
                        variant={u.disabled ? "secondary" : "danger"}
                        onClick={() =>
                          setPending(
                            u.disabled
                              ? { user: u, change: { disabled: false }, title: `Enable ${u.name}?`, body: "They can sign in again.", confirm: "Enable", danger: false }
                              : { user: u, change: { disabled: true }, title: `Disable ${u.name}?`, body: "They are signed out everywhere at their next request and cannot sign in until enabled again.", confirm: "Disable", danger: true },
                          )
                        }
                      >
                        {u.disabled ? "Enable" : "Disable"}
                      </Button>
                    )}
                    <Link href={`/admin/audit?personId=${encodeURIComponent(u.id)}`} className="muted" style={{ fontSize: "0.85rem", alignSelf: "center" }}>
                      Audit
                    </Link>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} label={data ? `${integer(data.total)} ${data.total === 1 ? "person" : "people"} · page ${integer(page)} of ${integer(pages)}` : "Loading…"} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending?.title ?? ""}
        confirmLabel={pending?.confirm ?? "Confirm"}
        cancelLabel="Leave as is"
        tone={pending?.danger ? "danger" : "primary"}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void apply()}
      >
        <p>{pending?.body}</p>
      </ConfirmDialog>
    </Card>
  );
}
