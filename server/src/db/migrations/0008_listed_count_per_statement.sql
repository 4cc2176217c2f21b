-- The listed count (0006) followed inserts and deletes row by row: a bulk load of 100,000 parts
-- updated the one row of catalogue_stats 100,000 times in one transaction, and none of those
-- row versions could be pruned, so the one-row table grew to 541 pages that every read of the
-- count scanned (issue 7's growth bench). Inserts and deletes now count per statement from
-- their transition tables: one update per statement, whatever its size. A change of deleted_at
-- (the shop's own delete) stays a row trigger: a transition table cannot name a column list,
-- and a trigger on every UPDATE would run on every purchase.
DROP TRIGGER "parts_count_listed" ON "parts";
--> statement-breakpoint
CREATE FUNCTION "partsmith_count_listed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "added_parts" WHERE "deleted_at" IS NULL;
  ELSE
    SELECT -count(*) INTO delta FROM "removed_parts" WHERE "deleted_at" IS NULL;
  END IF;
  IF delta <> 0 THEN
    UPDATE "catalogue_stats" SET "listed_parts" = "listed_parts" + delta;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_count_inserted"
  AFTER INSERT ON "parts" REFERENCING NEW TABLE AS "added_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "partsmith_count_listed_rows"();
--> statement-breakpoint
CREATE TRIGGER "parts_count_deleted"
  AFTER DELETE ON "parts" REFERENCING OLD TABLE AS "removed_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "partsmith_count_listed_rows"();
--> statement-breakpoint
CREATE TRIGGER "parts_count_listed"
  AFTER UPDATE OF "deleted_at" ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "partsmith_count_listed"();
--> statement-breakpoint
-- A catalogue already loaded in bulk keeps its grown table until rewritten: write it anew, with
-- the count taken while the triggers' change holds the parts table.
TRUNCATE "catalogue_stats";
--> statement-breakpoint
INSERT INTO "catalogue_stats" ("id", "listed_parts")
  SELECT true, count(*) FROM "parts" WHERE "deleted_at" IS NULL;
