ALTER TABLE "orders" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "order_totals" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD COLUMN "deposit_kind" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD COLUMN "deposit_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "purpose" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_amount_not_negative" CHECK ("orders"."paid_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_amount_in_total" CHECK ("orders"."deposit_amount" is null or ("orders"."deposit_amount" > 0 and "orders"."deposit_amount" < "orders"."total_amount"));--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_deposit_kind_known" CHECK ("draft_orders"."deposit_kind" in ('auto', 'none', 'percent', 'amount'));--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_deposit_value_not_negative" CHECK ("draft_orders"."deposit_value" >= 0);--> statement-breakpoint
-- Issue 46, part 3 (docs/decisions/041-deposits-and-balances.md): an order can be paid in parts,
-- its deposit and then its balance, so the payment ledger (docs/decisions/031) counts what came
-- in (orders.paid_amount) rather than the total of a paid order. For every order paid before
-- this migration the two are the same.
--
-- What came in follows the payment status wherever it is written: paid is the whole total,
-- pending and failed nothing; deposit_paid (a part) is written with its amount by the code.
CREATE FUNCTION orders_keep_paid_amount() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.payment_status IS NOT DISTINCT FROM OLD.payment_status THEN
    RETURN NEW;
  END IF;
  IF NEW.payment_status = 'paid' THEN
    NEW.paid_amount := NEW.total_amount;
  ELSIF NEW.payment_status IN ('pending', 'failed') THEN
    NEW.paid_amount := 0;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_keep_paid_amount BEFORE INSERT OR UPDATE OF payment_status ON orders
FOR EACH ROW EXECUTE FUNCTION orders_keep_paid_amount();--> statement-breakpoint
LOCK TABLE orders, refunds, order_totals, sales_by_quarter_hour, customer_totals, customer_spend IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE orders SET paid_amount = total_amount WHERE payment_status IN ('paid', 'partially_refunded', 'refunded');--> statement-breakpoint
-- The ledger's parts per order, now of what came in. A deposit-paid order keeps that status
-- through a partial refund (its balance is still due); its refunded part is its refunds.
DROP FUNCTION order_net_part(text, bigint, bigint);--> statement-breakpoint
DROP FUNCTION order_paid_part(text, bigint);--> statement-breakpoint
DROP FUNCTION order_refunded_part(text, bigint, bigint);--> statement-breakpoint
DROP FUNCTION order_outstanding_part(text, text, bigint);--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_was_paid(payment_status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT payment_status IN ('paid', 'deposit_paid', 'partially_refunded', 'refunded')
$$;--> statement-breakpoint
CREATE FUNCTION order_paid_part(payment_status text, paid_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN order_was_paid(payment_status) THEN paid_amount ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION order_refunded_part(payment_status text, paid_amount bigint, refunded_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE payment_status WHEN 'refunded' THEN paid_amount
    WHEN 'partially_refunded' THEN least(refunded_amount, paid_amount)
    WHEN 'deposit_paid' THEN least(refunded_amount, paid_amount) ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION order_net_part(payment_status text, paid_amount bigint, refunded_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT order_paid_part(payment_status, paid_amount) - order_refunded_part(payment_status, paid_amount, refunded_amount)
$$;--> statement-breakpoint
-- `due` is total_amount − paid_amount: all of an unpaid order, the balance of a deposit-paid one.
CREATE FUNCTION order_outstanding_part(order_status text, payment_status text, due bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN order_status <> 'cancelled' AND payment_status IN ('pending', 'failed', 'deposit_paid') THEN due ELSE 0 END
$$;--> statement-breakpoint
DROP FUNCTION customer_orders(text[]);--> statement-breakpoint
CREATE FUNCTION customer_orders(keys text[])
RETURNS TABLE (customer_key text, id uuid, user_id text, customer_name text, currency text, order_status text,
               payment_status text, total_amount bigint, paid_amount bigint, refunded_amount bigint, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT 'user:' || o.user_id, o.id, o.user_id, o.customer_name, o.currency, o.order_status, o.payment_status,
         o.total_amount, o.paid_amount, o.refunded_amount, o.created_at
  FROM orders o
  WHERE o.user_id = ANY (ARRAY(SELECT substr(k, 6) FROM unnest(keys) k WHERE k LIKE 'user:%'))
  UNION ALL
  SELECT 'email:' || lower(btrim(o.customer_email)), o.id, o.user_id, o.customer_name, o.currency, o.order_status, o.payment_status,
         o.total_amount, o.paid_amount, o.refunded_amount, o.created_at
  FROM orders o
  WHERE o.user_id IS NULL AND lower(btrim(o.customer_email)) = ANY (ARRAY(SELECT substr(k, 7) FROM unnest(keys) k WHERE k LIKE 'email:%'))
$$;--> statement-breakpoint
-- As in migration 0022, with a customer's net of what came in (paid_amount).
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
         sum(order_net_part(c.payment_status, c.paid_amount, c.refunded_amount))
  FROM customer_orders(keys) c
  GROUP BY 1, 2
  HAVING count(*) FILTER (WHERE c.order_status <> 'cancelled') > 0
      OR sum(order_net_part(c.payment_status, c.paid_amount, c.refunded_amount)) <> 0;
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
--> statement-breakpoint
-- As in migration 0020, with paid_amount among the columns the totals read: order_totals keeps
-- the sum of what came in, and a day's paid revenue is what came in less what went back.
CREATE OR REPLACE FUNCTION orders_keep_sales_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  keys text[];
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE format('SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %1$s
                 UNION ALL
                 SELECT 1 AS sign, n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %1$s',
                '(o.user_id, o.customer_email, o.customer_name, o.currency, o.order_status, o.payment_status,
                  o.total_amount, o.paid_amount, o.refunded_amount, o.created_at)
                 IS DISTINCT FROM
                 (n.user_id, n.customer_email, n.customer_name, n.currency, n.order_status, n.payment_status,
                  n.total_amount, n.paid_amount, n.refunded_amount, n.created_at)')
  END;
  EXECUTE format('SELECT array_agg(DISTINCT k ORDER BY k) FROM (SELECT order_customer_key(c.user_id, c.customer_email) AS k FROM (%s) c) x', changes)
  INTO keys;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_customer_totals(keys);
  EXECUTE format($sql$
    INSERT INTO order_totals AS t (currency, order_status, payment_status, orders, total_amount, refunded_amount, paid_amount)
    SELECT c.currency, c.order_status, c.payment_status, sum(c.sign), sum(c.sign * c.total_amount),
           sum(c.sign * order_refunded_part(c.payment_status, c.paid_amount, c.refunded_amount)),
           sum(c.sign * order_paid_part(c.payment_status, c.paid_amount))
    FROM (%s) c
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_amount) <> 0
        OR sum(c.sign * order_refunded_part(c.payment_status, c.paid_amount, c.refunded_amount)) <> 0
        OR sum(c.sign * order_paid_part(c.payment_status, c.paid_amount)) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (currency, order_status, payment_status) DO UPDATE
    SET orders = t.orders + excluded.orders, total_amount = t.total_amount + excluded.total_amount,
        refunded_amount = t.refunded_amount + excluded.refunded_amount, paid_amount = t.paid_amount + excluded.paid_amount
  $sql$, changes);
  EXECUTE format($sql$
    INSERT INTO sales_by_quarter_hour AS t (starts_at, currency, orders, revenue, paid_revenue)
    SELECT date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00'), c.currency, sum(c.sign),
           sum(c.sign * (c.total_amount - order_refunded_part(c.payment_status, c.paid_amount, c.refunded_amount))),
           sum(c.sign * order_net_part(c.payment_status, c.paid_amount, c.refunded_amount))
    FROM (%s) c
    WHERE c.order_status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_amount) <> 0
        OR sum(c.sign * order_refunded_part(c.payment_status, c.paid_amount, c.refunded_amount)) <> 0
        OR sum(c.sign * order_net_part(c.payment_status, c.paid_amount, c.refunded_amount)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (starts_at, currency) DO UPDATE
    SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue,
        paid_revenue = t.paid_revenue + excluded.paid_revenue
  $sql$, changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Recount the shop's totals with what came in (the same figures for every order paid in full).
DELETE FROM order_totals;--> statement-breakpoint
INSERT INTO order_totals (currency, order_status, payment_status, orders, total_amount, refunded_amount, paid_amount)
SELECT currency, order_status, payment_status, count(*), sum(total_amount),
       sum(order_refunded_part(payment_status, paid_amount, refunded_amount)), sum(order_paid_part(payment_status, paid_amount))
FROM orders
GROUP BY 1, 2, 3;
