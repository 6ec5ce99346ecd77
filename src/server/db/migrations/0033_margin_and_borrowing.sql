CREATE TABLE "portfolio_accruals" (
	"portfolio_id" text NOT NULL,
	"day" date NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"borrow_fees" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_accruals_portfolio_id_day_pk" PRIMARY KEY("portfolio_id","day")
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "margin_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "margin_multiplier" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "margin_debit_rate_pct" numeric(5, 2) DEFAULT '8' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "margin_credit_rate_pct" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "margin_maintenance_pct" numeric(5, 2) DEFAULT '25' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "margin_call_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "borrow_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_accruals" ADD CONSTRAINT "portfolio_accruals_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolios_margin_call_idx" ON "portfolios" USING btree ("margin_call_at") WHERE "portfolios"."margin_call_at" is not null;