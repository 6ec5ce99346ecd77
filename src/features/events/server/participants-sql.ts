/**
 * An event's participants and frozen standings as subqueries, for another feature's
 * set-based statement (the fair-play detectors): the one read of event_participants and
 * event_standings outside this feature. Tested in tests/integration/fairplay.test.ts and
 * tests/integration/events.test.ts.
 */
import { sql } from "drizzle-orm";

/** Who is on the event's board (neither removed nor disqualified): `user_id, portfolio_id, joined_at, join_address_hash`. */
export const boardParticipantsSql = (eventId: string) => sql`
  select user_id, portfolio_id, joined_at, join_address_hash from event_participants
  where event_id = ${eventId} and removed_at is null and disqualified_at is null`;

/** Every portfolio the event's participant rows hold, removed and disqualified ones too: `user_id, portfolio_id`. */
export const participantPortfoliosSql = (eventId: string) => sql`select user_id, portfolio_id from event_participants where event_id = ${eventId}`;

/** The event's final standings, written when it ended: `user_id, rank, equity, total_return, sharpe`. */
export const finalStandingsSql = (eventId: string) => sql`select user_id, rank, equity, total_return, sharpe from event_standings where event_id = ${eventId}`;
