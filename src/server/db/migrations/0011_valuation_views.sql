-- One valuation (docs/decisions/021-one-valuation.md). A replay event's latest prices move
-- from replay_quotes to price_marks (the table is dropped by the next migration).
INSERT INTO "price_marks" ("event_id", "symbol", "price", "at")
SELECT "event_id", "symbol", "price", "updated_at" FROM "replay_quotes"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The price every position is valued at: its event's mark (a replay's price, an ended event's
-- final price), else the practice market's last price. The only place this rule is written.
CREATE VIEW "position_marks" AS
SELECT pos."portfolio_id", pos."symbol", pos."quantity", pos."cost_basis", pos."realised_pnl",
       COALESCE(m."price", i."last_price") AS "price"
FROM "positions" pos
JOIN "portfolios" p ON p."id" = pos."portfolio_id"
LEFT JOIN "price_marks" m ON m."event_id" = p."event_id" AND m."symbol" = pos."symbol"
LEFT JOIN "instruments" i ON i."symbol" = pos."symbol";
--> statement-breakpoint
-- Every portfolio's valuation: equity = cash + Σ quantity × price (exact numeric), the long and
-- short market values, and its benchmark's level (its event's own mark '^BENCH', else TLX).
-- The domain's valuePortfolio computes the same figures; tests/integration/valuation.test.ts
-- checks that they agree to the cent.
CREATE VIEW "portfolio_valuations" AS
SELECT p."id" AS "portfolio_id", p."user_id", p."kind", p."event_id", p."starting_cash", p."cash", p."reserved_cash", p."created_at",
       COALESCE(SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" > 0), 0) AS "long_value",
       COALESCE(-SUM(pm."quantity" * pm."price") FILTER (WHERE pm."quantity" < 0), 0) AS "short_value",
       p."cash" + COALESCE(SUM(pm."quantity" * pm."price"), 0) AS "equity",
       COALESCE(bm."price", tlx."last_price") AS "benchmark"
FROM "portfolios" p
LEFT JOIN "position_marks" pm ON pm."portfolio_id" = p."id" AND pm."quantity" <> 0
LEFT JOIN "price_marks" bm ON bm."event_id" = p."event_id" AND bm."symbol" = '^BENCH'
LEFT JOIN "instruments" tlx ON tlx."symbol" = 'TLX'
GROUP BY p."id", bm."price", tlx."last_price";
--> statement-breakpoint
-- An event's phase at an instant: the domain's eventPhase (src/domain/events/lifecycle.ts),
-- live from the start (inclusive) to the end (exclusive). SQL callers use this, never their
-- own comparison; tests/integration/event-rules-sql.test.ts checks it against the domain.
CREATE FUNCTION "event_phase"("starts_at" timestamptz, "ends_at" timestamptz, "at" timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN "at" < "starts_at" THEN 'upcoming' WHEN "at" < "ends_at" THEN 'live' ELSE 'ended' END $$;
