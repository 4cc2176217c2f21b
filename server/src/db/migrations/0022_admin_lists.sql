-- The admins' tables (issue 48): keyset pages on each sort they offer (server/src/db/keyset.ts).
-- Parts: by time, name and price among the parts not deleted (none by stock: every purchase
-- changes it, and an index on it would cost them their HOT update, 0017), part numbers by
-- trigram as names and descriptions are, and the few unlisted parts apart (their count, their
-- filter). Orders by total, and their search (number, buyer, a line's part) by trigrams; users,
-- quotes and reviews by time with their tiebreaker.
CREATE INDEX "parts_admin_created_idx" ON "parts" USING btree ("created_at","seq") WHERE "parts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parts_admin_name_idx" ON "parts" USING btree ("name","seq") WHERE "parts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parts_admin_price_idx" ON "parts" USING btree ("price_cents","seq") WHERE "parts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parts_sku_trgm_idx" ON "parts" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_unlisted_idx" ON "parts" USING btree ("seq") WHERE "parts"."deleted_at" is null and not "parts"."listed";--> statement-breakpoint
CREATE INDEX "reviews_created_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_seq_idx" ON "users" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "order_lines_search_trgm_idx" ON "order_lines" USING gin (("name" || ' ' || coalesce("sku", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_seq_idx" ON "orders" USING btree ("total_cents","seq");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("number" || ' ' || "user_email" || ' ' || "user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_created_seq_idx" ON "quotes" USING btree ("created_at","seq");