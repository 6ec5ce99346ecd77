ALTER TABLE "equity_snapshots" ADD COLUMN "units" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "units" numeric(24, 8);--> statement-breakpoint
-- Decision 057: portfolios that were adjusted before units existed get the units their
-- adjustments would have bought at a unit value of 1.00 (the nearest this history allows), and
-- their snapshots the units of their instant; every other portfolio keeps null (= its starting cash).
UPDATE "portfolios" p SET "units" = p."starting_cash" + a."total"
FROM (SELECT "portfolio_id", SUM("amount") AS "total" FROM "portfolio_corrections" WHERE "kind" = 'adjustment' GROUP BY "portfolio_id") a
WHERE a."portfolio_id" = p."id";
--> statement-breakpoint
UPDATE "equity_snapshots" s SET "units" = p."starting_cash" + COALESCE((SELECT SUM(c."amount") FROM "portfolio_corrections" c WHERE c."portfolio_id" = s."portfolio_id" AND c."kind" = 'adjustment' AND c."created_at" <= s."taken_at"), 0)
FROM "portfolios" p
WHERE p."id" = s."portfolio_id" AND p."units" IS NOT NULL;
--> statement-breakpoint
-- The same columns as migration 0027's view, and the portfolio's units after them.
CREATE OR REPLACE VIEW "portfolio_valuations" AS
SELECT p."id" AS "portfolio_id", p."user_id", p."kind", p."event_id", p."starting_cash", p."cash", p."reserved_cash", p."created_at",
       COALESCE(SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" > 0), 0) AS "long_value",
       COALESCE(-SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" < 0), 0) AS "short_value",
       p."cash" + p."receivable" + COALESCE(SUM(pm."quantity" * pm."price"), 0) AS "equity",
       COALESCE(bm."price", tlx."last_price") AS "benchmark",
       COALESCE(p."units", p."starting_cash"::numeric(24, 8)) AS "units"
FROM "portfolios" p
LEFT JOIN "position_marks" pm ON pm."portfolio_id" = p."id" AND pm."quantity" <> 0
LEFT JOIN "price_marks" bm ON bm."event_id" = p."event_id" AND bm."symbol" = '^BENCH'
LEFT JOIN "instruments" tlx ON tlx."symbol" = 'TLX'
GROUP BY p."id", bm."price", tlx."last_price";
