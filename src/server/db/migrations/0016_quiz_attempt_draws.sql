ALTER TABLE "quiz_attempts" ALTER COLUMN "answers" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "passed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "drawn" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open_unique" ON "quiz_attempts" USING btree ("user_id","lesson_id") WHERE "quiz_attempts"."answers" is null;--> statement-breakpoint
-- hand-written (keep at merge)
-- Attempts from before question banks were submitted when they were made.
UPDATE "quiz_attempts" SET "submitted_at" = "created_at" WHERE "submitted_at" IS NULL AND "answers" IS NOT NULL;
