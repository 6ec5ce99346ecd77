CREATE TABLE "board_refresh_marks" (
	"group_key" text NOT NULL,
	"txn" bigint NOT NULL,
	CONSTRAINT "board_refresh_marks_group_key_txn_pk" PRIMARY KEY("group_key","txn")
);
--> statement-breakpoint
CREATE TABLE "board_refresh_state" (
	"group_key" text PRIMARY KEY NOT NULL,
	"basis" text,
	"claims" bigint DEFAULT 0 NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"current_at" timestamp with time zone
);
--> statement-breakpoint
-- hand-written (keep at merge)
-- Derived state like the boards (docs/decisions/049): after a crash both are empty, and a group
-- with no state row is refreshed.
ALTER TABLE "board_refresh_state" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "board_refresh_marks" SET UNLOGGED;--> statement-breakpoint
-- Marks groups of boards as changed by the current transaction: one row per transaction and
-- group, so writers never wait on each other, and a claim sees (and consumes) a transaction's
-- mark only once it has committed. NULL = every group that values portfolios: the practice
-- boards, the leagues and every event's board, not XP (a practice-market price moved, a snapshot
-- was taken). An event whose board was never refreshed has no state row and is due anyway.
-- (PL/pgSQL, not SQL: its statements are planned once per session, not at every call.)
CREATE FUNCTION "boards_mark_stale"("groups" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "groups" IS NULL THEN
    INSERT INTO "board_refresh_marks" ("group_key", "txn")
    SELECT g, txid_current() FROM (
      SELECT unnest(ARRAY['practice', 'leagues']) AS g
      UNION
      SELECT "group_key" FROM "board_refresh_state" WHERE "group_key" LIKE 'event:%'
    ) AS marked
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "board_refresh_marks" ("group_key", "txn")
    SELECT DISTINCT g, txid_current() FROM unnest("groups") AS g WHERE g IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
-- The groups a portfolio's figures feed: the practice boards and the leagues (their spread part),
-- or its event's board.
CREATE FUNCTION "boards_groups_of_portfolio"("kind" text, "event_id" text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "kind" = 'practice' THEN ARRAY['practice', 'leagues'] WHEN "event_id" IS NOT NULL THEN ARRAY['event:' || "event_id"] ELSE ARRAY[]::text[] END
$$;--> statement-breakpoint
CREATE FUNCTION "boards_stale_valued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"(NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Marks the groups named in the trigger's arguments (xp_events: XP and the leagues' learning
-- part; orders: the leagues' journal part and newcomers; users: who is ranked, the tie-break;
-- class_members: whom roster accounts meet).
CREATE FUNCTION "boards_stale_named"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"(TG_ARGV::text[]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A TRUNCATE of any input: every group.
CREATE FUNCTION "boards_stale_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "boards_mark_stale"(NULL);
  PERFORM "boards_mark_stale"(ARRAY['xp']);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_stale_portfolio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "boards_mark_stale"("boards_groups_of_portfolio"(OLD."kind", OLD."event_id")); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "boards_mark_stale"("boards_groups_of_portfolio"(NEW."kind", NEW."event_id")); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "boards_stale_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "boards_mark_stale"("boards_groups_of_portfolio"(p."kind", p."event_id")) FROM "portfolios" p WHERE p."id" = OLD."portfolio_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."portfolio_id" IS DISTINCT FROM OLD."portfolio_id") THEN
    PERFORM "boards_mark_stale"("boards_groups_of_portfolio"(p."kind", p."event_id")) FROM "portfolios" p WHERE p."id" = NEW."portfolio_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows keyed by an event: price_marks (a replay's prices), event_participants; events itself.
CREATE FUNCTION "boards_stale_event_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "boards_mark_stale"(ARRAY['event:' || (to_jsonb(OLD) ->> TG_ARGV[0])]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "boards_mark_stale"(ARRAY['event:' || (to_jsonb(NEW) ->> TG_ARGV[0])]); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE OF "last_price" ON "instruments" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_valued"();--> statement-breakpoint
-- Snapshots: the period baselines, an event's Sharpe steps, the leagues' risk part (every 5 minutes, and on a reset).
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "equity_snapshots" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_valued"();--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "xp_events" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_named"('xp', 'leagues');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE OF "disabled_at", "kind", "created_at", "league_opt_out" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_named"('practice', 'xp', 'leagues');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_named"('leagues');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "class_members" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_named"('leagues');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "portfolios" FOR EACH ROW EXECUTE FUNCTION "boards_stale_portfolio"();--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "positions" FOR EACH ROW EXECUTE FUNCTION "boards_stale_position"();--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "price_marks" FOR EACH ROW EXECUTE FUNCTION "boards_stale_event_row"('event_id');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "event_participants" FOR EACH ROW EXECUTE FUNCTION "boards_stale_event_row"('event_id');--> statement-breakpoint
CREATE TRIGGER "boards_stale" AFTER INSERT OR DELETE OR UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "boards_stale_event_row"('id');--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "instruments" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "equity_snapshots" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "xp_events" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "portfolios" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "positions" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "price_marks" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "event_participants" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();--> statement-breakpoint
CREATE TRIGGER "boards_stale_truncate" AFTER TRUNCATE ON "class_members" FOR EACH STATEMENT EXECUTE FUNCTION "boards_stale_everything"();
