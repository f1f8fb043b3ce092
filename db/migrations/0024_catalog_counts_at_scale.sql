-- Issue 44, part 4: a collection's counts over a large catalog without reading its products'
-- rows (decision 037). Both kept by the database in the transaction of every change.
-- 1. Each variant carries its product's category, featured and active flags: "in stock" counts
--    the distinct products of product_variants_listed_in_stock_idx, index-only. Orders change
--    only a variant's stock, so they never wait on a product's row.
-- 2. product_word_counts: how many active products of a category hold each word of their search
--    text. A one-word search held by more than the listing's cap is capped without reading them.
CREATE TABLE "product_word_counts" (
	"word" text NOT NULL,
	"category_id" integer NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "product_word_counts_word_category_id_pk" PRIMARY KEY("word","category_id")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "product_category_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "product_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "product_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A new variant, or one moved to another product, copies its product's flags. FOR SHARE: a change
-- of the product in flight commits first (and this reads its outcome); one that comes after
-- waits for this transaction, and its trigger then sees this variant.
CREATE FUNCTION product_variants_copy_product() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  category integer;
  featured boolean;
  active boolean;
BEGIN
  SELECT p.category_id, p.is_featured, p.is_active INTO category, featured, active
  FROM products p WHERE p.id = NEW.product_id FOR SHARE;
  IF FOUND THEN
    NEW.product_category_id := category;
    NEW.product_featured := featured;
    NEW.product_active := active;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A product's category, featured or active flag changed: its variants follow, locked in id order
-- as orders lock them (order-stock.server.ts), so the two cannot deadlock.
CREATE FUNCTION products_copy_to_variants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_variants v
  SET product_category_id = NEW.category_id, product_featured = NEW.is_featured, product_active = NEW.is_active
  FROM (SELECT id FROM product_variants WHERE product_id = NEW.id ORDER BY id FOR UPDATE) l
  WHERE v.id = l.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The words of a search text: its runs of letters and digits, each once, of at most 100
-- characters. Each is a part of the text, so a product holding a word matches a search for it.
CREATE FUNCTION product_words(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[^[:alnum:]]+') w WHERE w <> '' AND length(w) <= 100
$$;--> statement-breakpoint
-- The statement trigger of products: the words of the active products a statement inserted,
-- deleted or changed (search text, category or active flag) counted off and on, in word order.
CREATE FUNCTION products_keep_word_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.search_text, n.category_id FROM new_rows n WHERE n.is_active'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.search_text, o.category_id FROM old_rows o WHERE o.is_active'
    ELSE format('SELECT -1 AS sign, o.search_text, o.category_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE o.is_active AND %1$s
                 UNION ALL
                 SELECT 1 AS sign, n.search_text, n.category_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE n.is_active AND %1$s',
                '(o.search_text, o.category_id, o.is_active) IS DISTINCT FROM (n.search_text, n.category_id, n.is_active)')
  END;
  EXECUTE format($sql$
    INSERT INTO product_word_counts AS t (word, category_id, products)
    SELECT w.word, coalesce(c.category_id, 0), sum(c.sign)
    FROM (%s) c CROSS JOIN LATERAL product_words(c.search_text) w(word)
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT (word, category_id) DO UPDATE SET products = t.products + excluded.products
  $sql$, changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Backfill, while nothing else writes products (the variants are locked by the columns added).
LOCK TABLE products IN SHARE MODE;--> statement-breakpoint
UPDATE product_variants v
SET product_category_id = p.category_id, product_featured = p.is_featured, product_active = p.is_active
FROM products p
WHERE p.id = v.product_id;--> statement-breakpoint
INSERT INTO product_word_counts (word, category_id, products)
SELECT w.word, coalesce(p.category_id, 0), count(*)
FROM products p CROSS JOIN LATERAL product_words(p.search_text) w(word)
WHERE p.is_active
GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "product_variants_listed_in_stock_idx" ON "product_variants" USING btree ("product_category_id","product_featured","product_id") WHERE "product_variants"."stock" > 0 and "product_variants"."product_active";--> statement-breakpoint
CREATE TRIGGER product_variants_copy_product BEFORE INSERT OR UPDATE OF product_id, product_category_id, product_featured, product_active
ON product_variants FOR EACH ROW EXECUTE FUNCTION product_variants_copy_product();--> statement-breakpoint
CREATE TRIGGER products_copy_to_variants AFTER UPDATE OF category_id, is_featured, is_active ON products
FOR EACH ROW WHEN ((OLD.category_id, OLD.is_featured, OLD.is_active) IS DISTINCT FROM (NEW.category_id, NEW.is_featured, NEW.is_active))
EXECUTE FUNCTION products_copy_to_variants();--> statement-breakpoint
CREATE TRIGGER products_keep_word_counts_on_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_word_counts();--> statement-breakpoint
CREATE TRIGGER products_keep_word_counts_on_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_word_counts();--> statement-breakpoint
CREATE TRIGGER products_keep_word_counts_on_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_word_counts();
