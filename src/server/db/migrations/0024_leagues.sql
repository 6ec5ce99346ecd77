CREATE TABLE "league_members" (
	"week_start" date NOT NULL,
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"tier" smallint NOT NULL,
	"group_no" integer NOT NULL,
	"arrival" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"account_created_at" timestamp with time zone NOT NULL,
	"rank" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"learning" integer DEFAULT 0 NOT NULL,
	"journal" integer DEFAULT 0 NOT NULL,
	"diversification" integer DEFAULT 0 NOT NULL,
	"risk" integer DEFAULT 0 NOT NULL,
	"risk_on" date,
	"computed_at" timestamp with time zone,
	CONSTRAINT "league_members_week_start_user_id_pk" PRIMARY KEY("week_start","user_id"),
	CONSTRAINT "league_members_tier" CHECK ("league_members"."tier" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "league_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_members_group_idx" ON "league_members" USING btree ("week_start","scope","tier","group_no","rank");--> statement-breakpoint
CREATE INDEX "league_members_user_idx" ON "league_members" USING btree ("user_id","week_start");