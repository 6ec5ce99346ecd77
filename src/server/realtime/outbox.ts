/**
 * Publish after commit, the one way: a writer collects the events of its transaction here.
 * On PostgreSQL they go out as NOTIFYs inside that transaction (`notifySql`, so they are sent
 * if and only if it commits, and a writer can fold them into its own statement); on PGlite
 * they are delivered in-process once the transaction has committed (`afterCommit`).
 */
import { type SQL, sql } from "drizzle-orm";
import { CHANNEL, getHub, type Hub, notifyPayload, type RealtimeEvent } from "./hub";

export class Outbox {
  private readonly events: RealtimeEvent[] = [];

  constructor(private readonly hub: Hub = getHub()) {}

  add(event: RealtimeEvent): void {
    this.events.push(event);
  }

  get size(): number {
    return this.events.length;
  }

  /** PostgreSQL: a SELECT that sends every NOTIFY (run it inside the transaction); null on PGlite or when empty. */
  notifySql(): SQL | null {
    if (!this.hub.distributed || this.events.length === 0) return null;
    return sql`select pg_notify(${CHANNEL}, x) from json_array_elements_text(${JSON.stringify(this.events.map(notifyPayload))}::json) as x`;
  }

  /** PGlite: delivers in this process; call once the transaction committed. Nothing to do on PostgreSQL. */
  afterCommit(): void {
    if (this.hub.distributed) return;
    for (const event of this.events) this.hub.deliver(event);
  }
}
