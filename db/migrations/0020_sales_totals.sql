CREATE TABLE "customer_counts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	"repeat_customers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_one_row" CHECK ("customer_counts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "customer_spend" (
	"customer_key" text NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "customer_spend_customer_key_currency_pk" PRIMARY KEY("customer_key","currency")
);
--> statement-breakpoint
CREATE TABLE "customer_totals" (
	"customer_key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"total_orders" integer NOT NULL,
	"cancelled_orders" integer NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	"latest_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_totals" (
	"currency" text NOT NULL,
	"order_status" text NOT NULL,
	"payment_status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_totals_currency_order_status_payment_status_pk" PRIMARY KEY("currency","order_status","payment_status")
);
--> statement-breakpoint
CREATE TABLE "sales_by_quarter_hour" (
	"starts_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"paid_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_by_quarter_hour_starts_at_currency_pk" PRIMARY KEY("starts_at","currency")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_spend" ADD CONSTRAINT "customer_spend_customer_key_customer_totals_customer_key_fk" FOREIGN KEY ("customer_key") REFERENCES "public"."customer_totals"("customer_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_spend_currency_idx" ON "customer_spend" USING btree ("currency","spent" DESC NULLS LAST,"customer_key");--> statement-breakpoint
CREATE INDEX "customer_totals_recent_idx" ON "customer_totals" USING btree ("last_order_at" DESC NULLS LAST,"customer_key");--> statement-breakpoint
CREATE INDEX "customer_totals_name_idx" ON "customer_totals" USING btree (lower("latest_name"),"customer_key");--> statement-breakpoint
CREATE INDEX "customer_totals_orders_idx" ON "customer_totals" USING btree ("total_orders" DESC NULLS LAST,"customer_key");--> statement-breakpoint
CREATE INDEX "product_variants_in_stock_idx" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."stock" > 0;--> statement-breakpoint
CREATE INDEX "orders_status_payment_created_idx" ON "orders" USING btree ("order_status","payment_status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Issue 44: the sales totals (db/schema/sales-totals.ts, docs/decisions/026) kept by the database
-- itself in the transaction that changes an order or a refund, whichever code writes it.
--
-- An order's refunded part, as the payment ledger has it: all of it once refunded, its processed
-- refunds (at most its total) while partially refunded, else nothing (a refund of an extra
-- payment leaves the order paid, and the order's total was never more than what it asked).
CREATE FUNCTION order_refunded_part(payment_status text, total_amount bigint, refunded_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE payment_status WHEN 'refunded' THEN total_amount WHEN 'partially_refunded' THEN least(refunded_amount, total_amount) ELSE 0 END
$$;--> statement-breakpoint
-- Whether the order's money came in (then it stays "paid revenue", minus its refunded part).
CREATE FUNCTION order_was_paid(payment_status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT payment_status IN ('paid', 'partially_refunded', 'refunded')
$$;--> statement-breakpoint
-- The Customers page's key (app/modules/customers/customer-key.server.ts): the account, else the trimmed lower-case email.
CREATE FUNCTION order_customer_key(user_id text, customer_email text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'email:' || lower(btrim(customer_email)) END
$$;--> statement-breakpoint
-- The orders of these customers, found through orders_user_created_idx and orders_guest_email_idx.
CREATE FUNCTION customer_orders(keys text[])
RETURNS TABLE (customer_key text, id uuid, user_id text, customer_name text, currency text, order_status text,
               payment_status text, total_amount bigint, refunded_amount bigint, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT 'user:' || o.user_id, o.id, o.user_id, o.customer_name, o.currency, o.order_status, o.payment_status,
         o.total_amount, o.refunded_amount, o.created_at
  FROM orders o
  WHERE o.user_id = ANY (ARRAY(SELECT substr(k, 6) FROM unnest(keys) k WHERE k LIKE 'user:%'))
  UNION ALL
  SELECT 'email:' || lower(btrim(o.customer_email)), o.id, o.user_id, o.customer_name, o.currency, o.order_status, o.payment_status,
         o.total_amount, o.refunded_amount, o.created_at
  FROM orders o
  WHERE o.user_id IS NULL AND lower(btrim(o.customer_email)) = ANY (ARRAY(SELECT substr(k, 7) FROM unnest(keys) k WHERE k LIKE 'email:%'))
$$;--> statement-breakpoint
-- Recounts these customers from their orders. Their rows are locked first, in key order (two
-- transactions never wait on each other crosswise), and each statement after that reads what is
-- committed by then (READ COMMITTED), so concurrent orders of one customer are all counted.
CREATE FUNCTION refresh_customer_totals(keys text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  customers_before bigint;
  repeaters_before bigint;
  customers_after bigint;
  repeaters_after bigint;
BEGIN
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
      first_order_at = s.first_order_at, last_order_at = s.last_order_at, latest_name = s.latest_name
  FROM (
    SELECT c.customer_key, max(c.user_id) AS user_id,
           count(*) FILTER (WHERE c.order_status <> 'cancelled') AS total_orders,
           count(*) FILTER (WHERE c.order_status = 'cancelled') AS cancelled_orders,
           min(c.created_at) AS first_order_at, max(c.created_at) AS last_order_at,
           (array_agg(c.customer_name ORDER BY c.created_at DESC, c.id DESC))[1] AS latest_name
    FROM customer_orders(keys) c
    GROUP BY 1
  ) s
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
-- The statement trigger of orders: one pass over the rows a statement inserted, changed (only
-- the columns the totals read) or deleted, whatever their number. Customers first, then the
-- shop's totals, each in key order.
CREATE FUNCTION orders_keep_sales_totals() RETURNS trigger
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
                  o.total_amount, o.refunded_amount, o.created_at)
                 IS DISTINCT FROM
                 (n.user_id, n.customer_email, n.customer_name, n.currency, n.order_status, n.payment_status,
                  n.total_amount, n.refunded_amount, n.created_at)')
  END;
  EXECUTE format('SELECT array_agg(DISTINCT k ORDER BY k) FROM (SELECT order_customer_key(c.user_id, c.customer_email) AS k FROM (%s) c) x', changes)
  INTO keys;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_customer_totals(keys);
  EXECUTE format($sql$
    INSERT INTO order_totals AS t (currency, order_status, payment_status, orders, total_amount, refunded_amount)
    SELECT c.currency, c.order_status, c.payment_status, sum(c.sign), sum(c.sign * c.total_amount),
           sum(c.sign * order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount))
    FROM (%s) c
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_amount) <> 0
        OR sum(c.sign * order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount)) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (currency, order_status, payment_status) DO UPDATE
    SET orders = t.orders + excluded.orders, total_amount = t.total_amount + excluded.total_amount,
        refunded_amount = t.refunded_amount + excluded.refunded_amount
  $sql$, changes);
  EXECUTE format($sql$
    INSERT INTO sales_by_quarter_hour AS t (starts_at, currency, orders, revenue, paid_revenue)
    SELECT date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00'), c.currency, sum(c.sign),
           sum(c.sign * (c.total_amount - order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount))),
           coalesce(sum(c.sign * (c.total_amount - order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount)))
             FILTER (WHERE order_was_paid(c.payment_status)), 0)
    FROM (%s) c
    WHERE c.order_status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_amount) <> 0
        OR sum(c.sign * order_refunded_part(c.payment_status, c.total_amount, c.refunded_amount)) <> 0
        OR sum(c.sign * c.total_amount) FILTER (WHERE order_was_paid(c.payment_status)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (starts_at, currency) DO UPDATE
    SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue,
        paid_revenue = t.paid_revenue + excluded.paid_revenue
  $sql$, changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A refund moves its order's refunded_amount only when it is, or was, processed.
CREATE FUNCTION refunds_keep_order_refunded_amount() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  order_ids uuid[] := ARRAY[]::uuid[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'processed' THEN
    order_ids := order_ids || OLD.order_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'processed' THEN
    order_ids := order_ids || NEW.order_id;
  END IF;
  UPDATE orders o
  SET refunded_amount = r.amount
  FROM (
    SELECT i.id, coalesce((SELECT sum(f.amount) FROM refunds f WHERE f.order_id = i.id AND f.status = 'processed'), 0) AS amount
    FROM unnest(order_ids) i(id)
  ) r
  WHERE o.id = r.id AND o.refunded_amount <> r.amount;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Backfill: an existing shop's totals, counted while nothing else writes orders or refunds.
LOCK TABLE orders, refunds IN SHARE MODE;--> statement-breakpoint
UPDATE orders o SET refunded_amount = r.amount
FROM (SELECT order_id, sum(amount) AS amount FROM refunds WHERE status = 'processed' GROUP BY 1) r
WHERE o.id = r.order_id;--> statement-breakpoint
INSERT INTO order_totals (currency, order_status, payment_status, orders, total_amount, refunded_amount)
SELECT currency, order_status, payment_status, count(*), sum(total_amount), sum(order_refunded_part(payment_status, total_amount, refunded_amount))
FROM orders
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO sales_by_quarter_hour (starts_at, currency, orders, revenue, paid_revenue)
SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), currency, count(*),
       sum(total_amount - order_refunded_part(payment_status, total_amount, refunded_amount)),
       coalesce(sum(total_amount - order_refunded_part(payment_status, total_amount, refunded_amount)) FILTER (WHERE order_was_paid(payment_status)), 0)
FROM orders
WHERE order_status <> 'cancelled'
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO customer_totals (customer_key, user_id, total_orders, cancelled_orders, first_order_at, last_order_at, latest_name)
SELECT order_customer_key(user_id, customer_email), max(user_id),
       count(*) FILTER (WHERE order_status <> 'cancelled'), count(*) FILTER (WHERE order_status = 'cancelled'),
       min(created_at), max(created_at), (array_agg(customer_name ORDER BY created_at DESC, id DESC))[1]
FROM orders
GROUP BY 1;--> statement-breakpoint
INSERT INTO customer_spend (customer_key, currency, orders, spent)
SELECT order_customer_key(user_id, customer_email), currency, count(*),
       sum(total_amount - order_refunded_part(payment_status, total_amount, refunded_amount))
FROM orders
WHERE order_status <> 'cancelled'
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO customer_counts (id, customers, repeat_customers)
SELECT 1, count(*), count(*) FILTER (WHERE total_orders > 1) FROM customer_totals;--> statement-breakpoint
CREATE TRIGGER orders_keep_sales_totals_on_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sales_totals();--> statement-breakpoint
CREATE TRIGGER orders_keep_sales_totals_on_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sales_totals();--> statement-breakpoint
CREATE TRIGGER orders_keep_sales_totals_on_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sales_totals();--> statement-breakpoint
CREATE TRIGGER refunds_keep_order_refunded_amount AFTER INSERT OR UPDATE OR DELETE ON refunds
FOR EACH ROW EXECUTE FUNCTION refunds_keep_order_refunded_amount();
