CREATE TABLE "search_synonyms" (
	"term" text PRIMARY KEY NOT NULL,
	"expansion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_lower" CHECK ("search_synonyms"."term" = lower("search_synonyms"."term"))
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"token_hash" text,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_cart_lines" (
	"cart_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_cart_lines_cart_id_part_id_pk" PRIMARY KEY("cart_id","part_id"),
	CONSTRAINT "visitor_cart_lines_quantity_positive" CHECK ("visitor_cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "visitor_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Part numbers (issue 46). A part inserted without one gets PS-<first three letters of its
-- category, or GEN>-<its seq, six digits>; the parts there already get theirs the same way.
ALTER TABLE "parts" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE FUNCTION parts_default_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR NEW.sku = '' THEN
    NEW.sku := 'PS-' || upper(coalesce(left(regexp_replace(NEW.category, '[^a-z0-9]', '', 'g'), 3), 'GEN'))
      || '-' || lpad(NEW.seq::text, greatest(6, length(NEW.seq::text)), '0');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER parts_default_sku BEFORE INSERT ON "parts" FOR EACH ROW EXECUTE FUNCTION parts_default_sku();--> statement-breakpoint
UPDATE "parts" SET "sku" = 'PS-' || upper(coalesce(left(regexp_replace("category", '[^a-z0-9]', '', 'g'), 3), 'GEN')) || '-' || lpad("seq"::text, greatest(6, length("seq"::text)), '0') WHERE "sku" IS NULL;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "sku" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text GENERATED ALWAYS AS ('PS-O-' || lpad(seq::text, greatest(6, length(seq::text)), '0')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_cart_lines" ADD CONSTRAINT "visitor_cart_lines_cart_id_visitor_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."visitor_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_cart_lines" ADD CONSTRAINT "visitor_cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_part_email_unique" ON "stock_alerts" USING btree ("part_id","email");--> statement-breakpoint
CREATE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_sku_unique" ON "parts" USING btree (upper("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_lead_time_nonnegative" CHECK ("parts"."lead_time_days" is null or "parts"."lead_time_days" >= 0);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_sku_format" CHECK ("parts"."sku" ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' and length("parts"."sku") <= 40);--> statement-breakpoint
-- The order lines written before part numbers take their part's (a deleted part's too).
UPDATE "order_lines" l SET "sku" = p."sku" FROM "parts" p WHERE p."id" = l."part_id" AND l."sku" IS NULL;--> statement-breakpoint
-- The trade's words the search starts with; the admins keep them from then on.
INSERT INTO "search_synonyms" ("term", "expansion") VALUES
  ('psu', 'power supply'),
  ('mobo', 'motherboard'),
  ('mainboard', 'motherboard'),
  ('gpu', 'graphics card'),
  ('ram', 'memory'),
  ('nvme', 'ssd'),
  ('ssd', 'nvme')
ON CONFLICT DO NOTHING;
