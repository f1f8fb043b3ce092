ALTER TABLE "orders" ADD COLUMN "cash_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_by" text;--> statement-breakpoint
-- Issue 45, points 1 and 3 (docs/decisions/031-money-figures-follow-the-payment-ledger.md): every
-- admin money figure is one of the payment ledger's four, per order, defined here once:
--   paid        what came in: the order's total once paid (online, by hand, or cash recorded at
--               the door), partially refunded or refunded, whatever its order status;
--   refunded    its processed refunds (order_refunded_part, migration 0020);
--   net         paid − refunded;
--   outstanding what is still owed: the total of an order not cancelled and not paid (pending,
--               failed), such as a Pay on Delivery order before its cash is recorded.
-- A cancelled order that was paid and not refunded keeps its money in paid and net until it is
-- refunded. A customer's Total spent is their net (it was the total of their orders not
-- cancelled, paid or not).
CREATE FUNCTION order_paid_part(payment_status text, total_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN order_was_paid(payment_status) THEN total_amount ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION order_net_part(payment_status text, total_amount bigint, refunded_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT order_paid_part(payment_status, total_amount) - order_refunded_part(payment_status, total_amount, refunded_amount)
$$;--> statement-breakpoint
CREATE FUNCTION order_outstanding_part(order_status text, payment_status text, total_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN order_status <> 'cancelled' AND payment_status IN ('pending', 'failed') THEN total_amount ELSE 0 END
$$;--> statement-breakpoint
-- As in migration 0021, but customer_spend.spent is the customer's net in that currency (every
-- order's net, a cancelled one's included), and a currency row exists when the customer has an
-- order not cancelled or money kept in it.
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
  SELECT c.customer_key, c.currency, count(*) FILTER (WHERE c.order_status <> 'cancelled'),
         sum(order_net_part(c.payment_status, c.total_amount, c.refunded_amount))
  FROM customer_orders(keys) c
  GROUP BY 1, 2
  HAVING count(*) FILTER (WHERE c.order_status <> 'cancelled') > 0
      OR sum(order_net_part(c.payment_status, c.total_amount, c.refunded_amount)) <> 0;
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
-- Recount: every customer's spending as their net, while nothing else writes orders or the totals.
LOCK TABLE orders, refunds, customer_totals, customer_spend IN SHARE MODE;--> statement-breakpoint
DELETE FROM customer_spend;--> statement-breakpoint
INSERT INTO customer_spend (customer_key, currency, orders, spent)
SELECT order_customer_key(user_id, customer_email), currency, count(*) FILTER (WHERE order_status <> 'cancelled'),
       sum(order_net_part(payment_status, total_amount, refunded_amount))
FROM orders
GROUP BY 1, 2
HAVING count(*) FILTER (WHERE order_status <> 'cancelled') > 0 OR sum(order_net_part(payment_status, total_amount, refunded_amount)) <> 0;--> statement-breakpoint
UPDATE customer_totals t
SET store_currency_orders = coalesce(p.orders, 0), store_currency_spent = coalesce(p.spent, 0)
FROM customer_totals c
LEFT JOIN customer_spend p ON p.customer_key = c.customer_key AND p.currency = store_currency()
WHERE t.customer_key = c.customer_key
  AND (t.store_currency_orders, t.store_currency_spent) IS DISTINCT FROM (coalesce(p.orders, 0), coalesce(p.spent, 0));
