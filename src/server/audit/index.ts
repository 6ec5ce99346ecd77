import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { auditLog } from "@/server/db/schema";

import { AUDIT_ACTIONS, type AuditAction } from "./actions";

export { AUDIT_ACTIONS, type AuditAction };

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    subjectId: entry.subjectId ?? entry.actorId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
  });
}

export interface AuditQuery {
  personId?: string;
  action?: AuditAction;
  page: number;
  pageSize: number;
}

export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.personId) filters.push(eq(auditLog.subjectId, query.personId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        ip: auditLog.ip,
        detail: auditLog.detail,
        actorId: auditLog.actorId,
        subjectId: auditLog.subjectId,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const ids = [...new Set(rows.flatMap((r) => [r.actorId, r.subjectId]).filter((v): v is string => !!v))];
  const people = ids.length
    ? await db.query.users.findMany({ where: (u, { inArray }) => inArray(u.id, ids), columns: { id: true, name: true, email: true } })
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      ip: r.ip,
      detail: r.detail,
      actor: r.actorId ? (byId.get(r.actorId) ?? null) : null,
      subject: r.subjectId ? (byId.get(r.subjectId) ?? null) : null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
