ALTER TABLE "orders" ADD COLUMN "order_class" text DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leg" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_id_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_id") WHERE "orders"."parent_id" is not null;