-- hand-written (keep at merge): the trading writer marks the boards its statement changed
-- (docs/decisions/096). Every order and every tick's chunk is one statement of the writer
-- (src/features/trading/writer.ts), and it fired four staleness triggers with transition tables
-- (the portfolios' update, the positions' insert and update, the orders' insert and their update
-- of no row), each a PL/pgSQL call inserting the same one or two groups: a third of the order's
-- write statement in PostgreSQL (auto_explain). The writer now marks its portfolios' groups
-- itself, in a CTE of the same statement (boards_mark_stale, once), and these triggers are
-- narrowed to what other code writes:
-- - positions are written only by the writer, in the statement that bumps their portfolio's
--   version (the engine's guard, docs/decisions/020): their insert and update triggers go (a
--   delete, a reset's, still marks);
-- - orders are inserted and changed only by the writer (an expired Idempotency-Key's release
--   changes nothing a board reads): their trigger marks deletions only;
-- - a portfolio's columns the writer sets (cash, reserved cash, receivable, margin call, version,
--   updated_at) no longer mark; the others (a reset's starting cash and start, a correction's
--   units, its owner, kind, event or team) still do, row by row (such updates are one row each).
DROP TRIGGER "boards_stale_inserted" ON "positions";--> statement-breakpoint
DROP TRIGGER "boards_stale_updated" ON "positions";--> statement-breakpoint
DROP TRIGGER "boards_stale" ON "orders";--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER DELETE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_named"('leagues');--> statement-breakpoint
DROP TRIGGER "boards_stale_updated" ON "portfolios";--> statement-breakpoint
CREATE FUNCTION "boards_stale_portfolio_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"("boards_groups_of_portfolio"(OLD."kind", OLD."event_id") || "boards_groups_of_portfolio"(NEW."kind", NEW."event_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
-- (A trigger with a column list cannot have transition tables: row by row.)
CREATE TRIGGER "boards_stale_updated" AFTER UPDATE OF "user_id", "kind", "event_id", "team_id", "starting_cash", "units", "created_at" ON "portfolios" FOR EACH ROW EXECUTE FUNCTION "boards_stale_portfolio_row"();
