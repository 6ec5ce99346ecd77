-- hand-written additions (keep at merge): UNLOGGED, external storage, and the practice rows the
-- refresh no longer writes.
-- The practice boards ranked in memory and stored whole, one row per board
-- (docs/decisions/091). UNLOGGED like board_refresh_state: a crash empties both, so the
-- practice group is due again. Its floats do not compress: EXTERNAL stores them out of line
-- without trying pglz on megabytes every pass.
CREATE TABLE "stored_boards" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"roster" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"data" "bytea" NOT NULL
);--> statement-breakpoint
ALTER TABLE "stored_boards" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "stored_boards" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
DELETE FROM "leaderboard_entries" WHERE "board" LIKE 'practice:%';--> statement-breakpoint
DELETE FROM "leaderboard_daily_ranks" WHERE "board" LIKE 'practice:%';--> statement-breakpoint
DELETE FROM "board_refresh_state" WHERE "group_key" = 'practice';
