CREATE TABLE "dataset_rows" (
	"dataset_id" text NOT NULL,
	"date" date NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	"high" numeric(14, 2) NOT NULL,
	"low" numeric(14, 2) NOT NULL,
	"close" numeric(14, 2) NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "dataset_rows_dataset_id_date_pk" PRIMARY KEY("dataset_id","date")
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	CONSTRAINT "datasets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "dataset_rows" ADD CONSTRAINT "dataset_rows_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;