-- hand-written additions (keep at merge): the backfill below.
-- Event boards' and frozen standings' shared ranks (decision 053), stored with the rows
-- (docs/decisions/085) instead of ranked again by every reader. Practice and XP boards keep
-- null: their ranks are unique. The rows already there get theirs with the readers' old SQL
-- (the tie key of eventTieKeySql), so nothing reads a null afterwards.
ALTER TABLE "event_standings" ADD COLUMN "shared_rank" integer;--> statement-breakpoint
ALTER TABLE "event_standings" ADD COLUMN "tied" integer;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD COLUMN "shared_rank" integer;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD COLUMN "tied" integer;--> statement-breakpoint
UPDATE "leaderboard_entries" e SET "shared_rank" = r."shared_rank", "tied" = r."tied"
FROM (
  SELECT "board", "user_id",
         rank() OVER (PARTITION BY "board" ORDER BY "value" DESC NULLS LAST, (CASE WHEN "value" IS NULL THEN "total_return" END) DESC NULLS LAST) AS "shared_rank",
         count(*) OVER (PARTITION BY "board", "value", (CASE WHEN "value" IS NULL THEN "total_return" END)) AS "tied"
  FROM "leaderboard_entries" WHERE "board" LIKE 'event:%'
) r
WHERE e."board" = r."board" AND e."user_id" = r."user_id";--> statement-breakpoint
UPDATE "event_standings" s SET "shared_rank" = r."shared_rank", "tied" = r."tied"
FROM (
  SELECT "event_id", "user_id",
         rank() OVER (PARTITION BY "event_id" ORDER BY "sharpe" DESC NULLS LAST, (CASE WHEN "sharpe" IS NULL THEN "total_return" END) DESC NULLS LAST) AS "shared_rank",
         count(*) OVER (PARTITION BY "event_id", "sharpe", (CASE WHEN "sharpe" IS NULL THEN "total_return" END)) AS "tied"
  FROM "event_standings"
) r
WHERE s."event_id" = r."event_id" AND s."user_id" = r."user_id";
