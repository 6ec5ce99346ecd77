CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"data" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_topic_id" ON "live_events" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at" ON "live_events" USING btree ("created_at");