ALTER TABLE "events" ADD COLUMN "class_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_class_idx" ON "events" USING btree ("class_id") WHERE "events"."class_id" is not null;