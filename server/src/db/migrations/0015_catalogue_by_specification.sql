CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search" "tsvector";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "parts_attributes_idx" ON "parts" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "parts_listed_category_idx" ON "parts" USING btree ("category","seq") WHERE "parts"."deleted_at" is null;--> statement-breakpoint
-- The search document of a part (name A, category and attribute values B, description C) and
-- the words the search corrects misspellings to, kept when one of their sources changes: a
-- stock update (every purchase) does not recompute them.
CREATE FUNCTION "parts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO search_words (word)
    SELECT DISTINCT w
    FROM regexp_split_to_table(lower(concat_ws(' ', NEW.name, specification, NEW.description)), '[^a-z0-9]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "parts_search_document" BEFORE INSERT OR UPDATE OF name, description, category, attributes ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "parts_search_document"();
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "position", "attributes") VALUES
('memory', 'Memory', 1, '[
  {"key":"type","label":"Type","type":"enum","options":["DDR4","DDR5"]},
  {"key":"capacity","label":"Capacity","type":"number","unit":"GB","integer":true},
  {"key":"speed","label":"Speed","type":"number","unit":"MT/s","integer":true},
  {"key":"casLatency","label":"CAS latency","type":"number","unit":"CL","integer":true}
]'),
('motherboards', 'Motherboards', 2, '[
  {"key":"socket","label":"Socket","type":"enum","options":["AM4","AM5","LGA1700","LGA1851"]},
  {"key":"chipset","label":"Chipset","type":"enum","options":["A620","B550","B650","X670E","X870E","B760","Z790","Z890"]},
  {"key":"formFactor","label":"Form factor","type":"enum","options":["ATX","Micro-ATX","Mini-ITX","E-ATX"]},
  {"key":"memoryType","label":"Memory type","type":"enum","options":["DDR4","DDR5"]}
]'),
('processors', 'Processors', 3, '[
  {"key":"socket","label":"Socket","type":"enum","options":["AM4","AM5","LGA1700","LGA1851"]},
  {"key":"cores","label":"Cores","type":"number","integer":true},
  {"key":"boostClock","label":"Boost clock","type":"number","unit":"GHz"},
  {"key":"tdp","label":"TDP","type":"number","unit":"W","integer":true}
]'),
('graphics-cards', 'Graphics cards', 4, '[
  {"key":"memory","label":"Memory","type":"number","unit":"GB","integer":true},
  {"key":"memoryType","label":"Memory type","type":"enum","options":["GDDR6","GDDR6X","GDDR7"]},
  {"key":"fans","label":"Fans","type":"number","integer":true},
  {"key":"length","label":"Length","type":"number","unit":"mm","integer":true}
]'),
('power-supplies', 'Power supplies', 5, '[
  {"key":"wattage","label":"Wattage","type":"number","unit":"W","integer":true},
  {"key":"efficiency","label":"Efficiency rating","type":"enum","options":["80 PLUS Bronze","80 PLUS Gold","80 PLUS Platinum","80 PLUS Titanium"]},
  {"key":"modular","label":"Modular","type":"boolean"}
]'),
('storage', 'Storage', 6, '[
  {"key":"interface","label":"Interface","type":"enum","options":["NVMe PCIe 4.0","NVMe PCIe 5.0","SATA"]},
  {"key":"capacity","label":"Capacity","type":"number","unit":"GB","integer":true},
  {"key":"formFactor","label":"Form factor","type":"enum","options":["M.2 2280","2.5 in","3.5 in"]}
]'),
('workshop-tools', 'Workshop tools', 7, '[
  {"key":"kind","label":"Kind","type":"enum","options":["Screwdrivers","ESD protection","Thermal compound","Cleaning","Cable management"]},
  {"key":"esdSafe","label":"ESD safe","type":"boolean"}
]');
--> statement-breakpoint
-- The parts already in the catalogue get their search document (the trigger runs on this).
UPDATE "parts" SET "attributes" = "attributes";
