DROP INDEX "orders_working_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "water_mark" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notional" numeric(16, 2);--> statement-breakpoint
CREATE INDEX "orders_trail_high_idx" ON "orders" USING btree ("symbol",(case when "type" = 'trailing-stop' and not "triggered" and "side" in ('sell', 'short') then "water_mark" end)) WHERE "orders"."status" = 'open' and not "orders"."replay" and "orders"."type" = 'trailing-stop';--> statement-breakpoint
CREATE INDEX "orders_trail_low_idx" ON "orders" USING btree ("symbol",(case when "type" = 'trailing-stop' and not "triggered" and "side" in ('buy', 'cover') then "water_mark" end)) WHERE "orders"."status" = 'open' and not "orders"."replay" and "orders"."type" = 'trailing-stop';--> statement-breakpoint
CREATE INDEX "orders_working_idx" ON "orders" USING btree ("symbol") WHERE "orders"."status" = 'open' and not "orders"."replay" and ("orders"."type" = 'market' or ("orders"."type" in ('stop', 'trailing-stop') and "orders"."triggered"));