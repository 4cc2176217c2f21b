-- The words the search corrects misspellings to (0015) were added row by row: the BEFORE row
-- trigger ran one INSERT ... ON CONFLICT DO NOTHING per part, about 70% of a 10,000-line CSV
-- import on PGlite. The row trigger now only computes the part's search document; the words
-- are added once per statement from its transition table, by the same rule (lower case, split
-- on anything but a-z and 0-9, 3 to 40 characters, from the name, the category's name, the
-- attribute values that are not booleans and the description).
--
-- A transition table cannot name a column list (UPDATE OF ...), so the update trigger runs on
-- every update, a purchase's stock update included: it only takes the rows whose name,
-- description, category, attributes or search document differ from the old row's (a search
-- document that changed - a category renamed, then its parts touched - adds its words too), so
-- for a stock update it compares one row and inserts nothing.
CREATE OR REPLACE FUNCTION "parts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  specification text := concat_ws(' ',
    (SELECT c.name FROM categories c WHERE c.slug = NEW.category),
    (SELECT string_agg(a.value #>> '{}', ' ') FROM jsonb_each(NEW.attributes) a
      WHERE jsonb_typeof(a.value) <> 'boolean'));
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', NEW.name), 'A') ||
    setweight(to_tsvector('english', specification), 'B') ||
    setweight(to_tsvector('english', NEW.description), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The words are sorted so that transactions adding the same new words take them in one order.
CREATE FUNCTION "parts_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w
      FROM "search_added_parts" n
        CROSS JOIN LATERAL regexp_split_to_table(lower(concat_ws(' ', n.name,
          (SELECT c.name FROM categories c WHERE c.slug = n.category),
          (SELECT string_agg(a.value #>> '{}', ' ') FROM jsonb_each(n.attributes) a
            WHERE jsonb_typeof(a.value) <> 'boolean'),
          n.description)), '[^a-z0-9]+') AS w
      WHERE length(w) BETWEEN 3 AND 40
      ORDER BY w
    ON CONFLICT DO NOTHING;
  ELSIF EXISTS (
    SELECT 1 FROM "search_new_parts" n LEFT JOIN "search_old_parts" o ON o.id = n.id
    WHERE (o.name, o.description, o.category, o.attributes, o.search)
      IS DISTINCT FROM (n.name, n.description, n.category, n.attributes, n.search)
  ) THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w
      FROM "search_new_parts" n
        LEFT JOIN "search_old_parts" o ON o.id = n.id
        CROSS JOIN LATERAL regexp_split_to_table(lower(concat_ws(' ', n.name,
          (SELECT c.name FROM categories c WHERE c.slug = n.category),
          (SELECT string_agg(a.value #>> '{}', ' ') FROM jsonb_each(n.attributes) a
            WHERE jsonb_typeof(a.value) <> 'boolean'),
          n.description)), '[^a-z0-9]+') AS w
      WHERE (o.name, o.description, o.category, o.attributes, o.search)
          IS DISTINCT FROM (n.name, n.description, n.category, n.attributes, n.search)
        AND length(w) BETWEEN 3 AND 40
      ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "parts_search_words_inserted"
  AFTER INSERT ON "parts" REFERENCING NEW TABLE AS "search_added_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_search_words"();
--> statement-breakpoint
CREATE TRIGGER "parts_search_words_updated"
  AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS "search_old_parts" NEW TABLE AS "search_new_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_search_words"();
