-- The storefront search matches one stored, lower-cased text (name, a line break, description)
-- with LIKE, instead of ILIKE over the two columns: one trigram index instead of the description's.
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("products"."name" || chr(10) || coalesce("products"."description", ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);