import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { auditLog } from "@/server/db/schema";
import { toSafeText } from "@/lib/text";

import { AUDIT_ACTIONS, type AuditAction } from "./actions";

export { AUDIT_ACTIONS, type AuditAction };

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Bounds of what one entry keeps: the log records what happened, not whole inputs. */
export const AUDIT_LIMITS = { string: 2000, key: 100, entries: 1000, depth: 8 } as const;

/**
 * Any value as something `jsonb` stores: NUL and lone surrogates replaced (PostgreSQL refuses
 * both), strings cut to 2,000 characters, at most 1,000 entries per object or array and 8
 * levels; numbers that JSON cannot hold become null, bigints and dates text. The audit writer
 * never fails on what a use-case hands it.
 */
export function auditSafe(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return toSafeText(value, AUDIT_LIMITS.string);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean" || value === null || value === undefined) return value ?? null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "object") return null;
  if (depth >= AUDIT_LIMITS.depth) return "…";
  if (Array.isArray(value)) return value.slice(0, AUDIT_LIMITS.entries).map((v) => auditSafe(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value).slice(0, AUDIT_LIMITS.entries)) {
    if (inner !== undefined) out[toSafeText(key, AUDIT_LIMITS.key)] = auditSafe(inner, depth + 1);
  }
  return out;
}

export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    subjectId: entry.subjectId ?? entry.actorId ?? null,
    ip: entry.ip == null ? null : toSafeText(entry.ip, AUDIT_LIMITS.key),
    detail: auditSafe(entry.detail ?? {}) as Record<string, unknown>,
  });
}

/**
 * The log's entries of one action after `since`, as a subquery for a feature's set-based
 * statement (the fair-play detectors count resets): `id, at, actor_id, subject_id, detail`.
 */
export const auditEntriesSql = (action: AuditAction, since: Date) =>
  sql`select id, at, actor_id, subject_id, detail from audit_log where action = ${action} and at > ${since.toISOString()}::timestamptz`;

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
    ? await db.query.users.findMany({ where: (u, { inArray }) => inArray(u.id, ids), columns: { id: true, name: true, email: true, username: true } })
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
