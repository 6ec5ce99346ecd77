CREATE TABLE "board_removals" (
	"group_key" text PRIMARY KEY NOT NULL,
	"removals" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written (keep at merge): holders deleted, counted per group of boards (docs/decisions/095).
-- A book kept in memory by the lease holder (memory.ts) notices written rows by their xmin, but a
-- deleted row has none: it compares this count, read in its snapshot, instead of counting every
-- holder each pass (150 ms for the practice boards, 90 ms for an event of 100,000).
CREATE FUNCTION "boards_removed"("groups" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In the groups' order, so that two deleting transactions lock the rows in the same order.
  INSERT INTO "board_removals" ("group_key", "removals")
  SELECT g, 1 FROM (SELECT DISTINCT g FROM unnest("groups") AS g WHERE g IS NOT NULL ORDER BY g) AS groups
  ON CONFLICT ("group_key") DO UPDATE SET "removals" = "board_removals"."removals" + 1;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_removed_portfolios"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_removed"(ARRAY(SELECT DISTINCT g FROM "old_rows" c, unnest("boards_groups_of_portfolio"(c."kind", c."event_id")) AS g));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_removed_participants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_removed"(ARRAY(SELECT DISTINCT 'event:' || c."event_id" FROM "old_rows" c));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A TRUNCATE (of these, or cascaded from users): every group, through the `*` row every book adds to its own.
CREATE FUNCTION "boards_removed_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_removed"(ARRAY['*']);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "boards_removed" AFTER DELETE ON "portfolios" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_removed_portfolios"();--> statement-breakpoint
CREATE TRIGGER "boards_removed" AFTER DELETE ON "event_participants" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_removed_participants"();--> statement-breakpoint
CREATE TRIGGER "boards_removed_truncate" AFTER TRUNCATE ON "portfolios" FOR EACH STATEMENT EXECUTE FUNCTION "boards_removed_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_removed_truncate" AFTER TRUNCATE ON "event_participants" FOR EACH STATEMENT EXECUTE FUNCTION "boards_removed_everything"();
