/**
 * Publish after commit, the one way (docs/decisions/078): a writer collects the events of its
 * transaction here and stores them in `live_events` inside it — folded into its own statement
 * (`storeEventsSql` with `eventsParam`) or by `store()` — and calls `afterCommit()` once it has
 * committed: the hubs then read them (./hub.ts). A transaction that rolls back stored nothing.
 */
import { getHub, type Hub, type RealtimeEvent, type StoredRef } from "./hub";
import type { DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";

/**
 * The INSERT of a statement that stores the events of `param()` (a JSON array, the statement's
 * parameter `paramRef`), keeping only those `where` admits (it may name `x.topic`). It returns
 * the `id` and `topic` of each event stored: what its Outbox is told (`stored`).
 */
export const storeEventsSql = (paramRef: string, where = "") =>
  // json (not jsonb) keeps each event's data as it was written. One parse of the array: taking
  // x->>'topic', x->>'type' and x->'data' of each element parsed it three times more (a tick's
  // chunk stores hundreds of events of a few kB each).
  `insert into live_events (topic, type, data) select x.topic, x.type, x.data from json_to_recordset(${paramRef}::json) as x(topic text, type text, data json) ${where} returning id::text as id, topic`;

/** Events as one JSON array, the parameter of `storeEventsSql`. */
export function eventsParam(events: readonly RealtimeEvent[]): string {
  // Joined into one array, not encoded twice (a tick's chunk sends megabytes).
  return `[${events.map((event) => JSON.stringify(event)).join(",")}]`;
}

export class Outbox {
  private readonly events: RealtimeEvent[] = [];
  /** What the statements stored of the events added (ids and topics), as they returned it. */
  private readonly storedRefs: StoredRef[] = [];
  /** Events added that no statement has yet said it stored or left out: the hubs then read. */
  private unaccounted = 0;

  constructor(private readonly hub: Hub = getHub()) {}

  /** An event its writer's own statement stores (`storeEventsSql`); the writer then calls `stored`. */
  add(event: RealtimeEvent): void {
    this.events.push(event);
    this.unaccounted++;
  }

  /**
   * The rows `storeEventsSql` returned: every event added so far is accounted for, stored (these)
   * or left out by its `where`. The hub then knows the ids without reading them.
   */
  stored(rows: ReadonlyArray<{ id: string; topic: string }>): void {
    for (const row of rows) this.storedRefs.push({ id: Number(row.id), topic: row.topic });
    this.unaccounted = 0;
  }

  get size(): number {
    return this.events.length;
  }

  /**
   * Adds an event and stores it in `tx` at once (a writer whose own statement does not store
   * its events; the trading writer folds them into its statement with `storeEventsSql`).
   */
  async store(tx: DbOrTx, event: RealtimeEvent): Promise<void> {
    this.add(event);
    this.stored((await executeNamed<{ id: string; topic: string }>(tx, "tl_store_events", { text: storeEventsSql("$1"), params: [eventsParam([event])] })).rows);
  }

  /** Once the transaction committed: the hubs take in what it stored. */
  afterCommit(): void {
    if (this.events.length > 0) this.hub.committed(this.unaccounted === 0 ? this.storedRefs : undefined);
  }
}
