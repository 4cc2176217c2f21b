DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_one_default";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_company_default" ON "addresses" USING btree ("company_id") WHERE "addresses"."is_default" and "addresses"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("number" || ' ' || "user_email" || ' ' || "user_name" || ' ' || coalesce("po_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" and "addresses"."company_id" is null;