CREATE TABLE "corporate_action_entries" (
	"action_id" text NOT NULL,
	"portfolio_id" text NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reason" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "corporate_action_entries_action_id_portfolio_id_pk" PRIMARY KEY("action_id","portfolio_id")
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"ex_date" date NOT NULL,
	"pay_date" date,
	"amount" numeric(14, 2),
	"ratio_to" integer,
	"ratio_from" integer,
	"source" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"price_before" numeric(14, 2),
	"price_after" numeric(14, 2),
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "corporate_action_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "receivable" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporate_action_entries" ADD CONSTRAINT "corporate_action_entries_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_action_entries" ADD CONSTRAINT "corporate_action_entries_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_action_entries_portfolio_idx" ON "corporate_action_entries" USING btree ("portfolio_id","applied_at");--> statement-breakpoint
CREATE INDEX "corporate_action_entries_unpaid_idx" ON "corporate_action_entries" USING btree ("action_id") WHERE "corporate_action_entries"."paid_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_actions_symbol_kind_day_unique" ON "corporate_actions" USING btree ("symbol","kind","ex_date");--> statement-breakpoint
CREATE INDEX "corporate_actions_pending_idx" ON "corporate_actions" USING btree ("ex_date") WHERE "corporate_actions"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "corporate_actions_unpaid_idx" ON "corporate_actions" USING btree ("pay_date") WHERE "corporate_actions"."kind" = 'dividend' and "corporate_actions"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corporate_action_id_corporate_actions_id_fk" FOREIGN KEY ("corporate_action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 052: equity counts the dividends a portfolio is owed (or owes, on a short) between
-- their ex-date and pay date, so the price's drop at the ex-date moves no one's equity. The
-- same columns as migration 0011's view; only the equity's expression gains the receivable.
CREATE OR REPLACE VIEW "portfolio_valuations" AS
SELECT p."id" AS "portfolio_id", p."user_id", p."kind", p."event_id", p."starting_cash", p."cash", p."reserved_cash", p."created_at",
       COALESCE(SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" > 0), 0) AS "long_value",
       COALESCE(-SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" < 0), 0) AS "short_value",
       p."cash" + p."receivable" + COALESCE(SUM(pm."quantity" * pm."price"), 0) AS "equity",
       COALESCE(bm."price", tlx."last_price") AS "benchmark"
FROM "portfolios" p
LEFT JOIN "position_marks" pm ON pm."portfolio_id" = p."id" AND pm."quantity" <> 0
LEFT JOIN "price_marks" bm ON bm."event_id" = p."event_id" AND bm."symbol" = '^BENCH'
LEFT JOIN "instruments" tlx ON tlx."symbol" = 'TLX'
GROUP BY p."id", bm."price", tlx."last_price";
