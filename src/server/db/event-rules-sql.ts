/**
 * The events domain's rules where SQL needs them, written once here for every SQL caller and
 * tested against the domain (tests/integration/event-rules-sql.test.ts):
 * - the phase is the database function event_phase (migration 0011), the domain's eventPhase;
 * - who sees an event is the domain's mayViewEvent / isEventListed (src/domain/events/visibility.ts).
 */
import { type SQL, sql } from "drizzle-orm";

/** An events row alias in the query ("e" in `from events e`). */
type Alias = string;

const col = (alias: Alias, column: string) => sql.raw(`"${alias}"."${column}"`);

/** The event's phase at `at`: 'upcoming' | 'live' | 'ended'. */
export function eventPhaseSql(alias: Alias, at: Date): SQL {
  return sql`event_phase(${col(alias, "starts_at")}, ${col(alias, "ends_at")}, ${at.toISOString()}::timestamptz)`;
}

export interface SqlViewer {
  id: string;
  admin: boolean;
}

const joined = (alias: Alias, viewer: SqlViewer) => sql`exists (select 1 from event_participants vp where vp.event_id = ${col(alias, "id")} and vp.user_id = ${viewer.id})`;

/** A member of the event's class (a class contest): what opens it without a code. */
const inClass = (alias: Alias, viewer: SqlViewer) =>
  sql`exists (select 1 from class_members vc where vc.class_id = ${col(alias, "class_id")} and vc.user_id = ${viewer.id})`;

/** Open without a code: a class contest to its class, any other event when public. */
const openTo = (alias: Alias, viewer: SqlViewer) =>
  sql`(case when ${col(alias, "class_id")} is not null then ${inClass(alias, viewer)} else ${col(alias, "visibility")} = 'public' end)`;

/** mayViewEvent without a code (a code is checked on the row in TypeScript). */
export function eventViewableSql(alias: Alias, viewer: SqlViewer): SQL {
  if (viewer.admin) return sql`true`;
  return sql`(${joined(alias, viewer)} or (${col(alias, "archived_at")} is null and ${openTo(alias, viewer)}))`;
}

/** isEventListed. */
export function eventListedSql(alias: Alias, viewer: SqlViewer): SQL {
  return sql`(${joined(alias, viewer)} or (${col(alias, "archived_at")} is null and ${viewer.admin ? sql`true` : openTo(alias, viewer)}))`;
}
