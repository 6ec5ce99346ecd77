ALTER TABLE "leaderboard_entries" DROP CONSTRAINT "leaderboard_entries_user_id_users_id_fk";
--> statement-breakpoint
-- hand-written (keep at merge)
-- Boards that scale (docs/decisions/047-boards-that-scale.md). leaderboard_entries is derived
-- data, rebuilt by every refresh: it becomes a table partitioned by board, each group of boards
-- (the four practice boards, the two XP boards, one event) an UNLOGGED partition that the
-- refresh builds whole, indexes, and swaps in (src/features/ranking/server/rebuild.ts). The
-- rows are not kept: the next refresh (within a minute) fills the boards again.
DROP TABLE "leaderboard_entries";--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"board" text NOT NULL,
	"user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"value" double precision,
	"total_return" double precision,
	"equity" numeric(16, 2),
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_entries_board_user_id_pk" PRIMARY KEY("board","user_id")
) PARTITION BY LIST ("board");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_rank_idx" ON "leaderboard_entries" USING btree ("board","rank");--> statement-breakpoint
-- Rows of boards no refresh owns a partition for (single rows written by other code, tests).
CREATE UNLOGGED TABLE "leaderboard_entries_default" PARTITION OF "leaderboard_entries" DEFAULT;--> statement-breakpoint
-- What the foreign key's ON DELETE CASCADE did: deleting an account removes its rows. (A
-- foreign key costs a trigger call per inserted row: 7 of 19 s of rebuilding 400,000 rows.)
CREATE FUNCTION "leaderboard_entries_forget_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "leaderboard_entries" WHERE "user_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_forget_user" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "leaderboard_entries_forget_user"();
