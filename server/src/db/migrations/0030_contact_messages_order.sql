ALTER TABLE "contact_messages" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;