CREATE TABLE "discount_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"minimum_subtotal" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"scope" text DEFAULT 'order' NOT NULL,
	"collection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_sale_items" boolean DEFAULT false NOT NULL,
	"customer_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_shape" CHECK ("discount_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" in ('percentage', 'fixed', 'free_shipping')),
	CONSTRAINT "discount_codes_value_fits_kind" CHECK (("discount_codes"."kind" = 'percentage' and "discount_codes"."value" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."value" > 0) or ("discount_codes"."kind" = 'free_shipping' and "discount_codes"."value" = 0)),
	CONSTRAINT "discount_codes_scope_known" CHECK ("discount_codes"."scope" in ('order', 'collections', 'products')),
	CONSTRAINT "discount_codes_limits_positive" CHECK (coalesce("discount_codes"."usage_limit", 1) > 0 and coalesce("discount_codes"."per_customer_limit", 1) > 0),
	CONSTRAINT "discount_codes_dates_in_order" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."starts_at" < "discount_codes"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_value" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_saving" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_order_idx" ON "discount_code_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_email_idx" ON "discount_code_uses" USING btree ("code_id","email") WHERE "discount_code_uses"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_user_idx" ON "discount_code_uses" USING btree ("code_id","user_id") WHERE "discount_code_uses"."returned_at" is null and "discount_code_uses"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id") WHERE "orders"."discount_code_id" is not null;