-- hand-written comment (keep at merge): what a tick's fills write, less (docs/decisions/087).
-- A fill's portfolio is its order's (the one writer copies it from the order, whose key is
-- checked), and a ledger line's order is its fill's (trade and commission lines carry both;
-- the fill's key is checked): two foreign-key checks a fill, each a row lock, dropped. Only
-- compensating fills have reversal_of: the unique index holds those, not a null per fill.
-- live_events is appended in created_at order and pruned by it: a BRIN index, not a B-tree entry per event.
ALTER TABLE "fills" DROP CONSTRAINT "fills_portfolio_id_portfolios_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "fills_reversal_of_unique";--> statement-breakpoint
DROP INDEX "live_events_created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "fills_reversal_of_unique" ON "fills" USING btree ("reversal_of") WHERE "fills"."reversal_of" is not null;--> statement-breakpoint
CREATE INDEX "live_events_created_at" ON "live_events" USING brin ("created_at");