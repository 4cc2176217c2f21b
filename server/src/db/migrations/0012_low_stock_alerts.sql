CREATE TABLE "low_stock_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "low_stock_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"part_id" uuid NOT NULL,
	"part_name" text NOT NULL,
	"stock" integer NOT NULL,
	"threshold" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
ALTER TABLE "low_stock_mails" ADD CONSTRAINT "low_stock_mails_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "low_stock_mails_due_idx" ON "low_stock_mails" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "orders_created_seq_idx" ON "orders" USING btree ("created_at","seq");--> statement-breakpoint
-- Parts already below their threshold count as alerted (they show on the admin overview): from
-- here on a part is marked exactly while its stock is below its threshold, so a purchase mails
-- the admins when it takes the stock from the threshold or above to below it.
UPDATE "parts" SET "low_stock_alerted_at" = now() WHERE "available_quantity" < coalesce("low_stock_threshold", 2 * "min_order_quantity") AND "low_stock_alerted_at" IS NULL;
