CREATE TABLE "event_participants" (
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"portfolio_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "event_participants_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_standings" (
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"equity" numeric(16, 2) NOT NULL,
	"total_return" numeric(12, 4),
	"sharpe" numeric(12, 4),
	"trades" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_standings_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"starting_cash" numeric(16, 2) NOT NULL,
	"commission_flat" numeric(16, 2) DEFAULT '0' NOT NULL,
	"commission_bps" numeric(8, 2) DEFAULT '0' NOT NULL,
	"allow_short" boolean DEFAULT true NOT NULL,
	"max_position_pct" numeric(5, 2),
	"instruments" jsonb,
	"visibility" text NOT NULL,
	"join_code" text,
	"late_entry" boolean DEFAULT true NOT NULL,
	"max_participants" integer,
	"metric" text DEFAULT 'return' NOT NULL,
	"required_lesson_id" text,
	"replay" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leaderboard_daily_ranks" (
	"board" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "leaderboard_daily_ranks_board_day_user_id_pk" PRIMARY KEY("board","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"board" text NOT NULL,
	"user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"value" double precision,
	"total_return" double precision,
	"equity" numeric(16, 2),
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_entries_board_user_id_pk" PRIMARY KEY("board","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_standings" ADD CONSTRAINT "event_standings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_standings" ADD CONSTRAINT "event_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_required_lesson_id_lessons_id_fk" FOREIGN KEY ("required_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_daily_ranks" ADD CONSTRAINT "leaderboard_daily_ranks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_participants_user_idx" ON "event_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_participants_portfolio_unique" ON "event_participants" USING btree ("portfolio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_standings_rank_unique" ON "event_standings" USING btree ("event_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_unique" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "events_window_idx" ON "events" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "events_unfinalized_idx" ON "events" USING btree ("ends_at") WHERE "events"."finalized_at" is null;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_rank_idx" ON "leaderboard_entries" USING btree ("board","rank");