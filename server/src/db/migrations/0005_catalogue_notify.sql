-- Every committed change to the catalogue tells the shop's instances to drop their cached pages
-- (docs/decisions/007). A statement-level trigger sends one notification per statement;
-- PostgreSQL delivers it at commit and folds duplicates within a transaction into one.
CREATE FUNCTION "partsmith_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('partsmith_catalogue', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_catalogue_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "partsmith_catalogue_changed"();
