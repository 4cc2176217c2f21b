CREATE TABLE "order_payments" (
	"provider_payment_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_status" CHECK ("order_payments"."status" in ('open', 'succeeded', 'canceled', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");