-- hand-written (keep at merge): live event boards are stored whole in stored_boards
-- (docs/decisions/094), no longer as rows of leaderboard_entries. Their old rows go (the empty
-- partitions are dropped when each event ends), and their groups are due again, so that each
-- live event's next refresh stores its board even if nothing it ranks from changed.
DELETE FROM "leaderboard_entries" WHERE "board" LIKE 'event:%';--> statement-breakpoint
DELETE FROM "board_refresh_state" WHERE "group_key" LIKE 'event:%';
