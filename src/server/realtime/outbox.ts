/**
 * Publish after commit, the one way: a writer collects the events of its transaction here.
 * On PostgreSQL they go out as NOTIFYs inside that transaction (`notifySelect` with
 * `notifyParams`, so they are sent if and only if it commits, and a writer folds them into its
 * own statement); on PGlite
 * they are delivered in-process once the transaction has committed (`afterCommit`).
 */
import { CHANNEL, getHub, type Hub, notifyPayload, type RealtimeEvent } from "./hub";

/** The SELECT that sends NOTIFYs, for a statement that takes the channel and the payloads as these parameters. */
export const notifySelect = (channelParam: string, payloadsParam: string) =>
  // json (not jsonb) keeps each element's text as it was written: x::text is the payload, byte for byte.
  `select pg_notify(${channelParam}, x::text) from json_array_elements(${payloadsParam}::json) as x`;

export class Outbox {
  private readonly events: RealtimeEvent[] = [];

  constructor(private readonly hub: Hub = getHub()) {}

  add(event: RealtimeEvent): void {
    this.events.push(event);
  }

  get size(): number {
    return this.events.length;
  }

  /** PostgreSQL: the channel and the JSON array of payloads for `notifySelect`; null on PGlite or when empty. */
  notifyParams(): [channel: string, payloads: string] | null {
    if (!this.hub.distributed || this.events.length === 0) return null;
    // The payloads are JSON already: joined into one array, not encoded again as strings (a tick's chunk sends megabytes).
    return [CHANNEL, `[${this.events.map(notifyPayload).join(",")}]`];
  }

  /** PGlite: delivers in this process; call once the transaction committed. Nothing to do on PostgreSQL. */
  afterCommit(): void {
    if (this.hub.distributed) return;
    for (const event of this.events) this.hub.deliver(event);
  }
}
