CREATE TABLE "portfolio_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"fill_id" text,
	"reversal_fill_id" text,
	"reason" text NOT NULL,
	"by_user_id" text,
	"by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "reversal_of" text;--> statement-breakpoint
ALTER TABLE "portfolio_corrections" ADD CONSTRAINT "portfolio_corrections_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_corrections" ADD CONSTRAINT "portfolio_corrections_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_corrections" ADD CONSTRAINT "portfolio_corrections_reversal_fill_id_fills_id_fk" FOREIGN KEY ("reversal_fill_id") REFERENCES "public"."fills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_corrections" ADD CONSTRAINT "portfolio_corrections_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_corrections_portfolio_idx" ON "portfolio_corrections" USING btree ("portfolio_id","created_at");--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_reversal_of_fills_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."fills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fills_reversal_of_unique" ON "fills" USING btree ("reversal_of");