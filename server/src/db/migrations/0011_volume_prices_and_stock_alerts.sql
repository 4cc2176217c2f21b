ALTER TABLE "parts" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "low_stock_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_low_stock_threshold_nonnegative" CHECK ("parts"."low_stock_threshold" is null or "parts"."low_stock_threshold" >= 0);