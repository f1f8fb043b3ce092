CREATE TABLE "draft_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"customer_country" text DEFAULT 'GH' NOT NULL,
	"customer_region" text,
	"delivery" text DEFAULT 'ship' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"discount_reason" text,
	"notes" text,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "draft_orders_channel_known" CHECK ("draft_orders"."channel" in ('whatsapp', 'phone', 'showroom', 'instagram', 'email', 'other')),
	CONSTRAINT "draft_orders_delivery_known" CHECK ("draft_orders"."delivery" in ('ship', 'collect')),
	CONSTRAINT "draft_orders_discount_not_negative" CHECK ("draft_orders"."discount_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"paid_at" timestamp with time zone,
	"emailed_to" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "recorded_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorded_payments_amount_positive" CHECK ("recorded_payments"."amount" > 0),
	CONSTRAINT "recorded_payments_method_known" CHECK ("recorded_payments"."method" in ('cash', 'mobile_money_transfer', 'bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "production_days" integer;--> statement-breakpoint
-- Lines bought before line kinds: a line with measurements was made to measure.
UPDATE "order_items" SET "kind" = 'made_to_measure' WHERE "measurements" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'storefront' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by" text;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_payments" ADD CONSTRAINT "recorded_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_orders_open_idx" ON "draft_orders" USING btree ("updated_at" DESC NULLS LAST) WHERE "draft_orders"."order_id" is null;--> statement-breakpoint
CREATE INDEX "payment_links_order_idx" ON "payment_links" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recorded_payments_order_idx" ON "recorded_payments" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_known" CHECK ("order_items"."kind" in ('standard', 'made_to_measure', 'custom'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_known" CHECK ("orders"."source" in ('storefront', 'whatsapp', 'phone', 'showroom', 'instagram', 'email', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount_amount" >= 0 and "orders"."discount_amount" <= "orders"."subtotal_amount");