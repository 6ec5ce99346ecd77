CREATE TABLE "equity_snapshots" (
	"portfolio_id" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"equity" numeric(16, 2) NOT NULL,
	"benchmark" numeric(14, 2),
	CONSTRAINT "equity_snapshots_portfolio_id_taken_at_pk" PRIMARY KEY("portfolio_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equity_snapshots_taken_idx" ON "equity_snapshots" USING btree ("taken_at");