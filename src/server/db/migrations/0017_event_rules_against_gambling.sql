ALTER TABLE "events" ADD COLUMN "min_holdings" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_trades_per_day" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_hold_minutes" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_share_price" numeric(16, 2);