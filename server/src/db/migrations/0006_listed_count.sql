CREATE TABLE "catalogue_stats" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"listed_parts" bigint NOT NULL,
	CONSTRAINT "catalogue_stats_one_row" CHECK ("catalogue_stats"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_stats" ("id", "listed_parts")
  SELECT true, count(*) FROM "parts" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The listed count follows every insert, delete and change of deleted_at, in the same
-- transaction as the change (docs/decisions/004: X-Total-Count without a scan).
CREATE FUNCTION "partsmith_count_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "catalogue_stats" SET "listed_parts" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."deleted_at" IS NULL THEN delta := delta + 1; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."deleted_at" IS NULL THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    UPDATE "catalogue_stats" SET "listed_parts" = "listed_parts" + delta;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_count_listed"
  AFTER INSERT OR DELETE OR UPDATE OF "deleted_at" ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "partsmith_count_listed"();
--> statement-breakpoint
CREATE TRIGGER "parts_count_truncated"
  AFTER TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "partsmith_count_listed"();
