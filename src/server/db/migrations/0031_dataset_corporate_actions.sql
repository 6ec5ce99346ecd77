-- Decision 063: a replay dataset's dividends and splits (on their ex-date's row), and a replay
-- event's own application of them in corporate_actions (event_id; the symbol is the dataset's,
-- which need not be an instrument, so its reference to instruments goes; the practice market's
-- indexes and uniqueness are for its own rows only).
ALTER TABLE "corporate_actions" DROP CONSTRAINT "corporate_actions_symbol_instruments_symbol_fk";
--> statement-breakpoint
DROP INDEX "corporate_actions_symbol_kind_day_unique";--> statement-breakpoint
DROP INDEX "corporate_actions_pending_idx";--> statement-breakpoint
DROP INDEX "corporate_actions_unpaid_idx";--> statement-breakpoint
ALTER TABLE "dataset_rows" ADD COLUMN "dividend" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "dataset_rows" ADD COLUMN "split_to" integer;--> statement-breakpoint
ALTER TABLE "dataset_rows" ADD COLUMN "split_from" integer;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_actions_event_symbol_kind_day_unique" ON "corporate_actions" USING btree ("event_id","symbol","kind","ex_date") WHERE "corporate_actions"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_actions_symbol_kind_day_unique" ON "corporate_actions" USING btree ("symbol","kind","ex_date") WHERE "corporate_actions"."event_id" is null;--> statement-breakpoint
CREATE INDEX "corporate_actions_pending_idx" ON "corporate_actions" USING btree ("ex_date") WHERE "corporate_actions"."applied_at" is null and "corporate_actions"."event_id" is null;--> statement-breakpoint
CREATE INDEX "corporate_actions_unpaid_idx" ON "corporate_actions" USING btree ("pay_date") WHERE "corporate_actions"."kind" = 'dividend' and "corporate_actions"."paid_at" is null and "corporate_actions"."event_id" is null;
