-- A mail that failed MAIL_MAX_ATTEMPTS times is set aside: failed_at is set, the sender never
-- claims it again, and the row stays (with last_error) for an admin to see. Nullable, no default:
-- adding the column rewrites no table.
ALTER TABLE "order_mails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "low_stock_mails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_mails" ADD COLUMN "failed_at" timestamp with time zone;