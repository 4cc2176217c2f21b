ALTER TABLE "order_mails" DROP CONSTRAINT "order_mails_kind";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "answer_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_kind" CHECK ("order_mails"."kind" in ('placed', 'receipt', 'shipped', 'refunded', 'expired', 'paid-notice'));--> statement-breakpoint
-- The listed count (0006, 0008) now counts the parts visitors see: not deleted and listed.
CREATE OR REPLACE FUNCTION "partsmith_count_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "catalogue_stats" SET "listed_parts" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."deleted_at" IS NULL AND NEW."listed" THEN delta := delta + 1; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."deleted_at" IS NULL AND OLD."listed" THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    UPDATE "catalogue_stats" SET "listed_parts" = "listed_parts" + delta;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "partsmith_count_listed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "added_parts" WHERE "deleted_at" IS NULL AND "listed";
  ELSE
    SELECT -count(*) INTO delta FROM "removed_parts" WHERE "deleted_at" IS NULL AND "listed";
  END IF;
  IF delta <> 0 THEN
    UPDATE "catalogue_stats" SET "listed_parts" = "listed_parts" + delta;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "parts_count_listed" ON "parts";
--> statement-breakpoint
CREATE TRIGGER "parts_count_listed"
  AFTER UPDATE OF "deleted_at", "listed" ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "partsmith_count_listed"();
