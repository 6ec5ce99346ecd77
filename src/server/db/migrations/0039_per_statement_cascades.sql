-- hand-written comment (keep at merge): a tick's fills without their per-row key checks (docs/decisions/088).
-- A fill's order, a ledger line's portfolio and its fill are written by the one writer in the
-- statement that writes them (or, for a deposit, with the portfolio's row): each per-row check
-- (a lookup and a row lock a fill, three a fill with its line) cost about a fifth of a tick's
-- write. What the dropped keys also did on delete is done per statement by the triggers below.
-- An order's idempotency key is unique where there is one: most orders have none, and a null
-- entry per order was written (and rewritten on every version that is not HOT) for nothing.
ALTER TABLE "fills" DROP CONSTRAINT "fills_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_portfolio_id_portfolios_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_fill_id_fills_id_fk";
--> statement-breakpoint
DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("portfolio_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;
--> statement-breakpoint
-- hand-written (keep at merge): what the dropped keys did on delete, once per statement.
CREATE FUNCTION "fills_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "fills" f USING "old_rows" o WHERE f."order_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fills_follow_orders" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "fills_follow_orders"();--> statement-breakpoint
CREATE FUNCTION "ledger_follows_portfolios"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ledger_entries" l USING "old_rows" o WHERE l."portfolio_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_follows_portfolios" AFTER DELETE ON "portfolios" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_follows_portfolios"();--> statement-breakpoint
-- A fill's lines are its portfolio's: looked up through the portfolio's index, not a scan of the ledger.
CREATE FUNCTION "ledger_forgets_fills"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_entries" l SET "fill_id" = NULL FROM "old_rows" o WHERE l."portfolio_id" = o."portfolio_id" AND l."fill_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_forgets_fills" AFTER DELETE ON "fills" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_forgets_fills"();
--> statement-breakpoint
-- A working order is written again at every tick of its symbol (its filled quantity and value,
-- the volume it saw, its reservation: no indexed column), so it needs room on its page for a HOT
-- version more often than decision 082's 10 % left (bench/tick.ts: the order updates' share of
-- the write ~25 % less at 70).
ALTER TABLE "orders" SET (fillfactor = 70);
