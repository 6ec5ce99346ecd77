CREATE TABLE "price_marks" (
	"event_id" text NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_marks_event_id_symbol_pk" PRIMARY KEY("event_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_marks" ADD CONSTRAINT "price_marks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_portfolio_open_idx" ON "orders" USING btree ("portfolio_id") WHERE "orders"."status" = 'open';