-- hand-written (keep at merge)
-- The boards' staleness marks of portfolios and positions once per statement, not per row
-- (docs/decisions/082): a tick's write changes hundreds of portfolio rows and of positions in
-- one statement, and each row ran boards_mark_stale (an INSERT … ON CONFLICT) for the same one
-- or two groups. The groups marked are the same: those of every portfolio a changed row
-- belongs to, before and after. (A trigger with transition tables has one event: one trigger
-- per event and side.)
CREATE FUNCTION "boards_stale_portfolio_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"(ARRAY(SELECT DISTINCT g FROM "changed" c, unnest("boards_groups_of_portfolio"(c."kind", c."event_id")) AS g));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_stale_position_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"(ARRAY(
    SELECT DISTINCT g FROM "portfolios" p, unnest("boards_groups_of_portfolio"(p."kind", p."event_id")) AS g
    WHERE p."id" IN (SELECT "portfolio_id" FROM "changed")));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "boards_stale" ON "portfolios";--> statement-breakpoint
DROP TRIGGER "boards_stale" ON "positions";--> statement-breakpoint
DROP FUNCTION "boards_stale_portfolio"();--> statement-breakpoint
DROP FUNCTION "boards_stale_position"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_inserted" AFTER INSERT ON "portfolios" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated_old" AFTER UPDATE ON "portfolios" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated_new" AFTER UPDATE ON "portfolios" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_deleted" AFTER DELETE ON "portfolios" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_portfolio_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_inserted" AFTER INSERT ON "positions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated_old" AFTER UPDATE ON "positions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_updated_new" AFTER UPDATE ON "positions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_deleted" AFTER DELETE ON "positions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_position_rows"();
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
