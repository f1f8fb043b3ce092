-- Issue 44: the Customers list sorted by amount spent or by number of orders through an index
-- (docs/decisions/026-sales-totals-kept-by-the-database.md, "Amended"): each customer's orders
-- and spending in the store's currency are kept on customer_totals beside the rest, by the
-- same trigger, and recounted for every customer when the store's currency changes.
ALTER TABLE "customer_totals" ADD COLUMN "store_currency_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_totals" ADD COLUMN "store_currency_spent" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The store's currency as the app reads it (app/modules/settings/store-settings.ts: one of
-- storeCurrencies, GHS when unset or unknown).
CREATE FUNCTION store_currency() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value #>> '{}' FROM settings
                   WHERE key = 'currency' AND jsonb_typeof(value) = 'string' AND value #>> '{}' IN ('GHS', 'USD', 'EUR')), 'GHS')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_customer_totals(keys text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  customers_before bigint;
  repeaters_before bigint;
  customers_after bigint;
  repeaters_after bigint;
BEGIN
  -- A change of the store's currency (settings_keep_customer_store_currency) waits for this
  -- transaction, or this one for it: the currency read below is the one that stays.
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('ahenfie:store-currency', 0));
  -- A new customer's row starts as a placeholder with no order (every real row has one).
  INSERT INTO customer_totals (customer_key, total_orders, cancelled_orders, first_order_at, last_order_at, latest_name)
  SELECT k, 0, 0, now(), now(), '' FROM unnest(keys) k ORDER BY k
  ON CONFLICT (customer_key) DO NOTHING;
  PERFORM 1 FROM customer_totals WHERE customer_key = ANY (keys) ORDER BY customer_key FOR UPDATE;
  SELECT count(*) FILTER (WHERE total_orders + cancelled_orders > 0), count(*) FILTER (WHERE total_orders > 1)
  INTO customers_before, repeaters_before
  FROM customer_totals WHERE customer_key = ANY (keys);
  DELETE FROM customer_spend WHERE customer_key = ANY (keys);
  INSERT INTO customer_spend (customer_key, currency, orders, spent)
  SELECT c.customer_key, c.currency, count(*), sum(c.total_amount - order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount))
  FROM customer_orders(keys) c
  WHERE c.order_status <> 'cancelled'
  GROUP BY 1, 2;
  UPDATE customer_totals t
  SET user_id = s.user_id, total_orders = s.total_orders, cancelled_orders = s.cancelled_orders,
      first_order_at = s.first_order_at, last_order_at = s.last_order_at, latest_name = s.latest_name,
      store_currency_orders = coalesce(p.orders, 0), store_currency_spent = coalesce(p.spent, 0)
  FROM (
    SELECT c.customer_key, max(c.user_id) AS user_id,
           count(*) FILTER (WHERE c.order_status <> 'cancelled') AS total_orders,
           count(*) FILTER (WHERE c.order_status = 'cancelled') AS cancelled_orders,
           min(c.created_at) AS first_order_at, max(c.created_at) AS last_order_at,
           (array_agg(c.customer_name ORDER BY c.created_at DESC, c.id DESC))[1] AS latest_name
    FROM customer_orders(keys) c
    GROUP BY 1
  ) s
  LEFT JOIN customer_spend p ON p.customer_key = s.customer_key AND p.currency = store_currency()
  WHERE t.customer_key = s.customer_key;
  -- A customer whose last order went (deleted, or moved to an account) is no customer any more.
  DELETE FROM customer_totals t
  WHERE t.customer_key = ANY (keys) AND t.customer_key NOT IN (SELECT c.customer_key FROM customer_orders(keys) c);
  SELECT count(*), count(*) FILTER (WHERE total_orders > 1)
  INTO customers_after, repeaters_after
  FROM customer_totals WHERE customer_key = ANY (keys);
  -- The shop-wide counts move only when a customer comes, goes, or orders a second time.
  IF customers_after <> customers_before OR repeaters_after <> repeaters_before THEN
    UPDATE customer_counts
    SET customers = customers + customers_after - customers_before,
        repeat_customers = repeat_customers + repeaters_after - repeaters_before
    WHERE id = 1;
  END IF;
END
$$;--> statement-breakpoint
-- A new store currency: every customer's kept orders and spending in it, from customer_spend.
-- In-flight order transactions finish first (the advisory lock), then every row is locked in key
-- order, as refresh_customer_totals locks them, and recounted in a statement that sees them.
CREATE FUNCTION settings_keep_customer_store_currency() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ahenfie:store-currency', 0));
  PERFORM 1 FROM customer_totals ORDER BY customer_key FOR UPDATE;
  UPDATE customer_totals t
  SET store_currency_orders = n.orders, store_currency_spent = n.spent
  FROM (
    SELECT c.customer_key, coalesce(p.orders, 0) AS orders, coalesce(p.spent, 0) AS spent
    FROM customer_totals c
    LEFT JOIN customer_spend p ON p.customer_key = c.customer_key AND p.currency = store_currency()
  ) n
  WHERE t.customer_key = n.customer_key
    AND (t.store_currency_orders, t.store_currency_spent) IS DISTINCT FROM (n.orders, n.spent);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER settings_keep_customer_store_currency_on_insert AFTER INSERT ON settings
FOR EACH ROW WHEN (NEW.key = 'currency') EXECUTE FUNCTION settings_keep_customer_store_currency();--> statement-breakpoint
CREATE TRIGGER settings_keep_customer_store_currency_on_update AFTER UPDATE ON settings
FOR EACH ROW WHEN ((OLD.key = 'currency' OR NEW.key = 'currency') AND (OLD.key, OLD.value) IS DISTINCT FROM (NEW.key, NEW.value))
EXECUTE FUNCTION settings_keep_customer_store_currency();--> statement-breakpoint
CREATE TRIGGER settings_keep_customer_store_currency_on_delete AFTER DELETE ON settings
FOR EACH ROW WHEN (OLD.key = 'currency') EXECUTE FUNCTION settings_keep_customer_store_currency();--> statement-breakpoint
-- Backfill, while nothing else writes the totals, before the indexes are built.
LOCK TABLE customer_totals, customer_spend IN SHARE MODE;--> statement-breakpoint
UPDATE customer_totals t
SET store_currency_orders = p.orders, store_currency_spent = p.spent
FROM customer_spend p
WHERE p.customer_key = t.customer_key AND p.currency = store_currency();--> statement-breakpoint
DROP INDEX "customer_totals_orders_idx";--> statement-breakpoint
CREATE INDEX "customer_totals_spent_idx" ON "customer_totals" USING btree ("store_currency_spent" DESC NULLS LAST,"customer_key");--> statement-breakpoint
CREATE INDEX "customer_totals_orders_idx" ON "customer_totals" USING btree ("total_orders" DESC NULLS LAST,"store_currency_spent" DESC NULLS LAST,"customer_key");
