CREATE TABLE "assignment_due_weights" (
	"assignment_id" text NOT NULL,
	"student_id" text NOT NULL,
	"portfolio_id" text NOT NULL,
	"symbol" text NOT NULL,
	"pct" numeric(12, 4),
	CONSTRAINT "assignment_due_weights_assignment_id_portfolio_id_symbol_pk" PRIMARY KEY("assignment_id","portfolio_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "weights_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment_due_weights" ADD CONSTRAINT "assignment_due_weights_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_due_weights" ADD CONSTRAINT "assignment_due_weights_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_unfrozen_due_idx" ON "assignments" USING btree ("due_at") WHERE "assignments"."weights_frozen_at" is null;