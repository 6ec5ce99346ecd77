-- Datasets imported before the sector was asked for are "Unclassified" (an admin can set it on the dataset's page); the default exists only while the column is added.
ALTER TABLE "datasets" ADD COLUMN "sector" text DEFAULT 'Unclassified' NOT NULL;--> statement-breakpoint
ALTER TABLE "datasets" ALTER COLUMN "sector" DROP DEFAULT;
