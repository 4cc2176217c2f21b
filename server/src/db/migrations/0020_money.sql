CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"tax_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_country_code" CHECK ("addresses"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'flat' NOT NULL,
	"price_cents" integer NOT NULL,
	"per_kg_cents" integer DEFAULT 0 NOT NULL,
	"free_above_cents" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_kind" CHECK ("shipping_methods"."kind" in ('flat', 'weight')),
	CONSTRAINT "shipping_methods_money" CHECK ("shipping_methods"."price_cents" >= 0 and "shipping_methods"."per_kg_cents" >= 0 and coalesce("shipping_methods"."free_above_cents", 0) >= 0),
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."min_days" >= 0 and "shipping_methods"."max_days" >= "shipping_methods"."min_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_exemptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"certificate" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"name" text NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"shipping_taxed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_country_code" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate" >= 0 and "tax_rates"."rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" bigint;--> statement-breakpoint
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_min_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_max_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exemption" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_unique" ON "tax_rates" USING btree ("country",coalesce("region", ''));--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_weight_nonnegative" CHECK ("parts"."weight_grams" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
-- Seeded shipping (issue 47): the United States, Europe and the rest of the world.
INSERT INTO "shipping_zones" ("id", "name", "countries", "position") VALUES
  ('5a1e0000-0000-4000-8000-000000000001', 'United States', '{US}', 0),
  ('5a1e0000-0000-4000-8000-000000000002', 'Europe', '{AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,GB,CH,NO,IS,LI}', 1),
  ('5a1e0000-0000-4000-8000-000000000003', 'Rest of the world', '{}', 2);--> statement-breakpoint
INSERT INTO "shipping_methods" ("zone_id", "name", "kind", "price_cents", "free_above_cents", "min_days", "max_days", "position") VALUES
  ('5a1e0000-0000-4000-8000-000000000001', 'Standard', 'flat', 990, 50000, 3, 5, 0),
  ('5a1e0000-0000-4000-8000-000000000001', 'Express', 'flat', 2490, NULL, 1, 2, 1),
  ('5a1e0000-0000-4000-8000-000000000002', 'International', 'flat', 2900, NULL, 5, 10, 0),
  ('5a1e0000-0000-4000-8000-000000000003', 'International', 'flat', 4900, NULL, 7, 21, 0);--> statement-breakpoint
-- The shop's home state; other places are 0% until the owner adds them.
INSERT INTO "tax_rates" ("country", "region", "name", "rate", "shipping_taxed") VALUES
  ('US', 'TX', 'Texas sales tax', 8.25, true);