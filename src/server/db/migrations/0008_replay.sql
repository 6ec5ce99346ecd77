CREATE TABLE "replay_quotes" (
	"event_id" text NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"trading_day" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "replay_quotes_event_id_symbol_pk" PRIMARY KEY("event_id","symbol")
);
--> statement-breakpoint
DROP INDEX "orders_open_fires_below_idx";--> statement-breakpoint
DROP INDEX "orders_open_fires_above_idx";--> statement-breakpoint
DROP INDEX "orders_open_day_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "replay_cursor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "replay_quotes" ADD CONSTRAINT "replay_quotes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_replay_open_idx" ON "orders" USING btree ("portfolio_id","symbol") WHERE "orders"."status" = 'open' and "orders"."replay";--> statement-breakpoint
CREATE INDEX "orders_open_fires_below_idx" ON "orders" USING btree ("symbol",(case when "side" in ('buy', 'cover') and ("type" = 'limit' or ("type" = 'stop-limit' and "triggered")) then "limit_price" when "side" in ('sell', 'short') and not ("type" = 'limit' or ("type" = 'stop-limit' and "triggered")) then "stop_price" end)) WHERE "orders"."status" = 'open' and not "orders"."replay";--> statement-breakpoint
CREATE INDEX "orders_open_fires_above_idx" ON "orders" USING btree ("symbol",(case when "side" in ('sell', 'short') and ("type" = 'limit' or ("type" = 'stop-limit' and "triggered")) then "limit_price" when "side" in ('buy', 'cover') and not ("type" = 'limit' or ("type" = 'stop-limit' and "triggered")) then "stop_price" end)) WHERE "orders"."status" = 'open' and not "orders"."replay";--> statement-breakpoint
CREATE INDEX "orders_open_day_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'open' and "orders"."time_in_force" = 'day' and not "orders"."replay";