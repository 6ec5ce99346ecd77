CREATE TABLE "fairplay_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"counterpart_id" text DEFAULT '' NOT NULL,
	"evidence" jsonb NOT NULL,
	"evidence_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	CONSTRAINT "fairplay_flags_reason_check" CHECK ("fairplay_flags"."status" in ('open', 'dismissed') or length("fairplay_flags"."review_reason") > 0)
);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "disqualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "disqualified_reason" text;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "join_address_hash" text;--> statement-breakpoint
ALTER TABLE "fairplay_flags" ADD CONSTRAINT "fairplay_flags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_flags" ADD CONSTRAINT "fairplay_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_flags" ADD CONSTRAINT "fairplay_flags_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fairplay_flags_unique" ON "fairplay_flags" USING btree (coalesce("event_id", ''),"user_id","kind","counterpart_id");--> statement-breakpoint
CREATE INDEX "fairplay_flags_event_idx" ON "fairplay_flags" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "fairplay_flags_user_idx" ON "fairplay_flags" USING btree ("user_id");