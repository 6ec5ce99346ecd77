CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	"high" numeric(14, 2) NOT NULL,
	"low" numeric(14, 2) NOT NULL,
	"close" numeric(14, 2) NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "candles_symbol_interval_start_pk" PRIMARY KEY("symbol","interval","start")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starting_price" numeric(14, 2) NOT NULL,
	"drift" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"beta" double precision NOT NULL,
	"sector_loading" double precision NOT NULL,
	"average_daily_volume" bigint NOT NULL,
	"last_price" numeric(14, 2) NOT NULL,
	"previous_close" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"portfolio_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"commission" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"order_id" text,
	"fill_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price" numeric(14, 2),
	"stop_price" numeric(14, 2),
	"time_in_force" text NOT NULL,
	"status" text NOT NULL,
	"reject_code" text,
	"reject_message" text,
	"reserved_cash" numeric(16, 2) DEFAULT '0' NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text,
	"starting_cash" numeric(16, 2) NOT NULL,
	"cash" numeric(16, 2) NOT NULL,
	"reserved_cash" numeric(16, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"portfolio_id" text NOT NULL,
	"symbol" text NOT NULL,
	"quantity" integer NOT NULL,
	"cost_basis" numeric(18, 2) NOT NULL,
	"realised_pnl" numeric(18, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_portfolio_id_symbol_pk" PRIMARY KEY("portfolio_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_sector_idx" ON "instruments" USING btree ("sector");--> statement-breakpoint
CREATE INDEX "fills_portfolio_created_idx" ON "fills" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "fills_order_idx" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_portfolio_idx" ON "ledger_entries" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_symbol_type_idx" ON "orders" USING btree ("symbol","type") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_open_day_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'open' and "orders"."time_in_force" = 'day';--> statement-breakpoint
CREATE INDEX "orders_portfolio_created_idx" ON "orders" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("portfolio_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_practice_unique" ON "portfolios" USING btree ("user_id") WHERE "portfolios"."kind" = 'practice';--> statement-breakpoint
CREATE INDEX "portfolios_user_idx" ON "portfolios" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "positions_symbol_short_idx" ON "positions" USING btree ("symbol") WHERE "positions"."quantity" < 0;