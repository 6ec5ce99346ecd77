ALTER TABLE "fills" ADD COLUMN "reference_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "impact_bps" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "filled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "filled_value" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "volume_seen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "half_spread_bps" numeric(8, 2) DEFAULT '5' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "participation_pct" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "impact" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_working_idx" ON "orders" USING btree ("symbol") WHERE "orders"."status" = 'open' and not "orders"."replay" and ("orders"."type" = 'market' or ("orders"."type" = 'stop' and "orders"."triggered"));--> statement-breakpoint
-- Orders filled before partial fills existed filled whole: their filled quantity and value from their own fills (reversals are booked apart).
UPDATE "orders" o SET "filled_quantity" = o."quantity", "filled_value" = coalesce((SELECT sum(f."price" * f."quantity") FROM "fills" f WHERE f."order_id" = o."id" AND f."reversal_of" IS NULL), 0) WHERE o."status" = 'filled';
