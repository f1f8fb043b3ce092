DROP INDEX "products_slug_idx";--> statement-breakpoint
DROP INDEX "products_sku_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("order_number" || ' ' || "customer_name" || ' ' || "customer_email" || ' ' || "customer_phone") public.gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree (lower("sku"));