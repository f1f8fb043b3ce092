CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text NOT NULL,
	"sku" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_color_size_unique" ON "product_variants" USING btree ("product_id","color","size");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each product's one stock figure becomes its variants' (colours × sizes; a product without
-- colours has one variant per size, colour ""), spread evenly in display order (colour position,
-- then S → XXL): each gets total / n and the first total % n get one more, so the total is kept.
-- SKUs: the product's SKU (else P<id>), the colour's name in capitals and the size
-- ("AHF-001-IVORY-XL"); a clash gets a number. A product saved without sizes gets all five.
-- Rows go in in display order, so reading variants by id gives the grid's order.
UPDATE "products" SET "sizes" = '{S,M,L,XL,XXL}' WHERE cardinality("sizes") = 0;--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "color", "size", "sku", "stock")
WITH colours AS (
  SELECT "product_id", "name", "position",
         row_number() OVER (PARTITION BY "product_id", "name" ORDER BY "position") AS copy
  FROM "product_colors"
), cells AS (
  SELECT p."id" AS product_id, greatest(p."stock_quantity", 0) AS total,
         coalesce(c."name", '') AS color, coalesce(c."position", 0) AS color_position,
         s.size, s.ord AS size_position,
         coalesce(nullif(btrim(p."sku"), ''), 'P' || p."id") AS base,
         CASE WHEN c."name" IS NULL THEN NULL
              ELSE coalesce(nullif(upper(btrim(regexp_replace(c."name", '[^A-Za-z0-9]+', '-', 'g'), '-')), ''), 'C' || (c."position" + 1))
         END AS color_code
  FROM "products" p
  LEFT JOIN colours c ON c."product_id" = p."id" AND c.copy = 1
  CROSS JOIN LATERAL unnest(p."sizes") WITH ORDINALITY AS s(size, ord)
), numbered AS (
  SELECT *, row_number() OVER (PARTITION BY product_id ORDER BY color_position, size_position) - 1 AS i,
         count(*) OVER (PARTITION BY product_id) AS n
  FROM cells
), named AS (
  SELECT *, base || coalesce('-' || color_code, '') || '-' || size AS sku FROM numbered
)
SELECT product_id, color, size,
       CASE WHEN count(*) OVER (PARTITION BY lower(sku)) > 1
            THEN sku || '-' || row_number() OVER (PARTITION BY lower(sku) ORDER BY product_id, i)
            ELSE sku END,
       (total / n + CASE WHEN i < total % n THEN 1 ELSE 0 END)::integer
FROM named
ORDER BY product_id, i;--> statement-breakpoint
-- Past orders keep their snapshots; a line that took stock now knows its variant, so cancelling returns it there.
UPDATE "order_items" oi SET "variant_id" = v."id"
FROM "product_variants" v
WHERE oi."product_id" = v."product_id" AND oi."measurements" IS NULL AND oi."size" = v."size" AND coalesce(oi."color", '') = v."color";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_quantity";