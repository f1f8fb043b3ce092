CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_role" text,
	"ip" text,
	"action" text NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"operation" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text,
	"product_id" integer,
	"order_id" uuid,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_area_idx" ON "activity_log" USING btree ("actor_id","area","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_area_idx" ON "activity_log" USING btree ("area","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_product_idx" ON "activity_log" USING btree ("product_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity_log"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "activity_log_order_idx" ON "activity_log" USING btree ("order_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity_log"."order_id" is not null;--> statement-breakpoint
-- The activity log's writer (decision 049). An admin action's transaction sets
-- `ahenfie.activity` (who, their role, their address, the form: db/activity-scope.ts); without
-- it (the storefront, jobs, webhooks) the trigger returns at once and records nothing.
CREATE FUNCTION record_admin_activity() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('ahenfie.activity', true), '')::jsonb;
  before jsonb;
  after jsonb;
  whole jsonb;
  changes jsonb := '{}'::jsonb;
  field text;
  -- Kept up by the database or derived: never news.
  quiet text[] := array['updated_at', 'search_text', 'product_category_id', 'product_featured', 'product_active'];
  -- Recorded as changed, never with their values.
  hidden text[] := array['token_hash', 'confirmation_token_hash', 'secret', 'backup_codes', 'bytes', 'secretKey', 'secret_key', 'webhookSecret'];
  v_area text;
  v_kind text;
  v_subject text;
  v_label text;
  v_product integer;
  v_order uuid;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'uploaded_files' THEN
    -- A file's bytes would be written out as hex only to be hidden: its size says it changed.
    IF TG_OP <> 'INSERT' THEN before := jsonb_build_object('path', OLD.path, 'content_type', OLD.content_type, 'bytes', octet_length(OLD.bytes)); END IF;
    IF TG_OP <> 'DELETE' THEN after := jsonb_build_object('path', NEW.path, 'content_type', NEW.content_type, 'bytes', octet_length(NEW.bytes)); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW); END IF;
  END IF;
  whole := coalesce(after, before);

  -- What the row is, what it is called, and whose history it belongs to.
  CASE TG_TABLE_NAME
    WHEN 'products' THEN
      v_area := 'products'; v_kind := 'product'; v_label := whole->>'name'; v_product := (whole->>'id')::integer;
    WHEN 'product_variants' THEN
      v_area := 'products'; v_kind := 'variant'; v_product := (whole->>'product_id')::integer;
      v_label := concat_ws(' · ', (SELECT name FROM products WHERE id = v_product), nullif(whole->>'color', ''), whole->>'size');
    WHEN 'product_colors' THEN
      v_area := 'products'; v_kind := 'colour'; v_product := (whole->>'product_id')::integer;
      v_label := concat_ws(' · ', (SELECT name FROM products WHERE id = v_product), whole->>'name');
    WHEN 'categories' THEN
      v_area := 'products'; v_kind := 'collection'; v_label := whole->>'name';
    WHEN 'product_reviews' THEN
      v_area := 'reviews'; v_kind := 'review'; v_product := (whole->>'product_id')::integer;
      v_label := concat_ws(' · ', (SELECT name FROM products WHERE id = v_product), whole->>'author_name');
    WHEN 'orders' THEN
      v_area := 'orders'; v_kind := 'order'; v_label := whole->>'order_number'; v_order := (whole->>'id')::uuid;
    WHEN 'order_notes' THEN
      v_area := 'orders'; v_kind := 'note'; v_order := (whole->>'order_id')::uuid;
    WHEN 'order_production_steps' THEN
      v_area := 'orders'; v_kind := 'production step'; v_order := (whole->>'order_id')::uuid;
    WHEN 'draft_orders' THEN
      v_area := 'orders'; v_kind := 'draft order'; v_label := whole->>'reference';
    WHEN 'refunds' THEN
      v_area := 'payments'; v_kind := 'refund'; v_order := (whole->>'order_id')::uuid;
    WHEN 'recorded_payments' THEN
      v_area := 'payments'; v_kind := 'recorded payment'; v_order := (whole->>'order_id')::uuid;
    WHEN 'payment_links' THEN
      v_area := 'payments'; v_kind := 'payment link'; v_order := (whole->>'order_id')::uuid;
    WHEN 'discount_codes' THEN
      v_area := 'discounts'; v_kind := 'discount code'; v_label := whole->>'code';
    WHEN 'shipping_zones' THEN
      v_area := 'shipping'; v_kind := 'shipping zone'; v_label := whole->>'name';
    WHEN 'settings' THEN
      -- One row per settings group: the group's own fields are what changed.
      v_area := 'settings'; v_kind := 'setting'; v_label := whole->>'key'; v_subject := whole->>'key';
      before := before->'value';
      after := after->'value';
      IF jsonb_typeof(coalesce(after, before)) <> 'object' THEN
        before := jsonb_build_object('value', before);
        after := jsonb_build_object('value', after);
      END IF;
      whole := coalesce(before, '{}'::jsonb) || coalesce(after, '{}'::jsonb);
    WHEN 'uploaded_files' THEN
      v_area := 'settings'; v_kind := 'file'; v_label := whole->>'path'; v_subject := whole->>'path';
    WHEN 'backups' THEN
      v_area := 'settings'; v_kind := 'backup'; v_label := coalesce(whole->>'file_name', whole->>'kind');
    WHEN 'user_roles' THEN
      v_area := 'staff'; v_kind := 'staff member'; v_subject := whole->>'user_id';
      v_label := (SELECT email FROM users WHERE id = whole->>'user_id');
    WHEN 'staff_invitations' THEN
      v_area := 'staff'; v_kind := 'invitation'; v_label := whole->>'email';
    WHEN 'two_factors' THEN
      v_area := 'staff'; v_kind := 'two-step sign-in'; v_subject := whole->>'user_id';
      v_label := (SELECT email FROM users WHERE id = whole->>'user_id');
    WHEN 'users' THEN
      v_area := 'staff'; v_kind := 'account'; v_label := whole->>'email';
    WHEN 'custom_requests' THEN
      v_area := 'custom requests'; v_kind := 'custom request'; v_label := whole->>'reference';
    WHEN 'quotes' THEN
      v_area := 'custom requests'; v_kind := 'quote';
      v_label := concat_ws(' · ', (SELECT reference FROM custom_requests WHERE id = (whole->>'request_id')::uuid), 'version ' || (whole->>'version'));
    WHEN 'newsletter_subscribers' THEN
      v_area := 'newsletter'; v_kind := 'subscriber'; v_label := whole->>'email';
    ELSE
      v_area := 'other'; v_kind := TG_TABLE_NAME;
  END CASE;
  -- A product's variants and colours removed with it: the product's row is gone, its last entry is not.
  IF v_product IS NOT NULL AND TG_TABLE_NAME IN ('product_variants', 'product_colors') AND NOT EXISTS (SELECT 1 FROM products WHERE id = v_product) THEN
    v_label := concat_ws(' · ', (SELECT subject_label FROM activity_log WHERE kind = 'product' AND subject_id = v_product::text ORDER BY id DESC LIMIT 1), v_label);
  END IF;
  IF v_order IS NOT NULL AND v_label IS NULL THEN
    v_label := (SELECT order_number FROM orders WHERE id = v_order);
  END IF;

  FOR field IN SELECT jsonb_object_keys(whole) LOOP
    CONTINUE WHEN field = ANY (quiet);
    -- A zone's place in the list moves when another is added or removed: not a change of that zone.
    CONTINUE WHEN TG_TABLE_NAME = 'shipping_zones' AND field = 'position';
    CONTINUE WHEN TG_OP = 'UPDATE' AND before->field IS NOT DISTINCT FROM after->field;
    -- An addition or a removal lists what the row held, without its empty fields.
    CONTINUE WHEN TG_OP <> 'UPDATE' AND jsonb_typeof(whole->field) = 'null';
    IF field = ANY (hidden) OR (TG_TABLE_NAME = 'settings' AND v_subject ILIKE '%secret%') THEN
      changes := changes || jsonb_build_object(field, 'hidden');
    ELSE
      changes := changes || jsonb_build_object(field, jsonb_build_array(before->field, after->field));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;

  INSERT INTO activity_log (actor_id, actor_name, actor_role, ip, action, area, kind, operation, subject_id, subject_label, product_id, order_id, changes)
  VALUES (
    actor->>'id', coalesce(actor->>'name', 'Unknown'), actor->>'role', actor->>'ip', coalesce(actor->>'action', 'admin'),
    v_area, v_kind,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'changed' ELSE 'removed' END,
    coalesce(v_subject, whole->>'id', ''), v_label, v_product, v_order, changes
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY array[
    'products', 'product_variants', 'product_colors', 'categories', 'product_reviews',
    'orders', 'order_notes', 'order_production_steps', 'draft_orders',
    'refunds', 'recorded_payments', 'payment_links',
    'discount_codes', 'shipping_zones', 'settings', 'uploaded_files', 'backups',
    'user_roles', 'staff_invitations', 'two_factors', 'users',
    'custom_requests', 'quotes', 'newsletter_subscribers'
  ] LOOP
    -- WHEN: a write that names no actor (the storefront's orders and stock) queues no event and
    -- calls no function at all, where the function returning at once took 11–47 µs a one-row
    -- transaction (docs/performance.md, "issue 48": `bench:activity`).
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'WHEN (coalesce(current_setting(''ahenfie.activity'', true), '''') <> '''') EXECUTE FUNCTION record_admin_activity()',
      audited || '_record_admin_activity', audited
    );
  END LOOP;
END;
$$;
