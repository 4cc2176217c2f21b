-- pg_trgm (a trusted extension: a database owner may create it) for the catalogue's search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "parts" DROP CONSTRAINT "parts_price_nonnegative";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "parts_name_trgm_idx" ON "parts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_description_trgm_idx" ON "parts" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_unique" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE not "orders"."paid" and "orders"."expired_at" is null;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_price_positive" CHECK ("parts"."price_cents" >= 1) NOT VALID;