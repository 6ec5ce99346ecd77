ALTER TABLE "job_leases" ADD COLUMN "next_due" timestamp with time zone;--> statement-breakpoint
-- hand-written (keep at merge)
-- The one whole-scheduler lease gave way to one lease per task ('scheduler:<task>'); its row is no longer read.
DELETE FROM "job_leases" WHERE "name" = 'scheduler';
