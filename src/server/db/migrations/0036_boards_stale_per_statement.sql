-- hand-written (keep at merge)
-- The boards' staleness marks of portfolios and positions once per statement, not per row
-- (docs/decisions/082): a tick's write changes hundreds of portfolio rows and of positions in
-- one statement, and each row ran boards_mark_stale (an INSERT … ON CONFLICT) for the same one
-- or two groups. The groups marked are the same: those of every portfolio a changed row
-- belongs to, before and after. (A trigger with transition tables has one event: one trigger
-- per event; a statement that changed no row marks nothing, as before.)
CREATE FUNCTION "boards_stale_portfolio_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "boards_mark_stale"(ARRAY(SELECT DISTINCT g FROM "new_rows" c, unnest("boards_groups_of_portfolio"(c."kind", c."event_id")) AS g));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "boards_mark_stale"(ARRAY(SELECT DISTINCT g FROM "old_rows" c, unnest("boards_groups_of_portfolio"(c."kind", c."event_id")) AS g));
  ELSIF EXISTS (SELECT 1 FROM "new_rows") THEN
    PERFORM "boards_mark_stale"(ARRAY(SELECT DISTINCT g FROM (SELECT "kind", "event_id" FROM "old_rows" UNION SELECT "kind", "event_id" FROM "new_rows") c, unnest("boards_groups_of_portfolio"(c."kind", c."event_id")) AS g));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_stale_position_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "new_rows") THEN RETURN NULL; END IF;
    PERFORM "boards_mark_stale"(ARRAY(
      SELECT DISTINCT g FROM "portfolios" p, unnest("boards_groups_of_portfolio"(p."kind", p."event_id")) AS g
      WHERE p."id" IN (SELECT "portfolio_id" FROM "new_rows")));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "boards_mark_stale"(ARRAY(
      SELECT DISTINCT g FROM "portfolios" p, unnest("boards_groups_of_portfolio"(p."kind", p."event_id")) AS g
      WHERE p."id" IN (SELECT "portfolio_id" FROM "old_rows")));
  ELSIF EXISTS (SELECT 1 FROM "new_rows") THEN
    PERFORM "boards_mark_stale"(ARRAY(
      SELECT DISTINCT g FROM "portfolios" p, unnest("boards_groups_of_portfolio"(p."kind", p."event_id")) AS g
      WHERE p."id" IN (SELECT "portfolio_id" FROM "old_rows" UNION SELECT "portfolio_id" FROM "new_rows")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "boards_stale" ON "portfolios";--> statement-breakpoint
DROP TRIGGER "boards_stale" ON "positions";--> statement-breakpoint
DROP FUNCTION "boards_stale_portfolio"();--> statement-breakpoint
DROP FUNCTION "boards_stale_position"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_inserted" AFTER INSERT ON "portfolios" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated" AFTER UPDATE ON "portfolios" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_deleted" AFTER DELETE ON "portfolios" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_inserted" AFTER INSERT ON "positions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated" AFTER UPDATE ON "positions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_deleted" AFTER DELETE ON "positions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();
--> statement-breakpoint
-- Room on every page for an order's next version: a working order's fill changes no indexed
-- column (filled quantity and value, volume seen, reservation), so with space on its page the
-- update is HOT and skips the table's thirteen indexes (docs/decisions/082).
ALTER TABLE "orders" SET (fillfactor = 90);
--> statement-breakpoint
-- A live event of a tick is a portfolio's change, about 2.2 kB: just over the size at which
-- PostgreSQL compresses a row (pglz, in the tick's statement, for events read once and kept two
-- minutes). Stored as written up to a page (docs/decisions/082).
ALTER TABLE "live_events" SET (toast_tuple_target = 8160);
