CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_rest_of_world" boolean DEFAULT false NOT NULL,
	"fee" bigint NOT NULL,
	"free_shipping_threshold" bigint,
	"delivery_min_days" integer NOT NULL,
	"delivery_max_days" integer NOT NULL,
	"pay_on_delivery" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_fee_range" CHECK ("shipping_zones"."fee" >= 0),
	CONSTRAINT "shipping_zones_days_range" CHECK ("shipping_zones"."delivery_min_days" between 0 and 365 and "shipping_zones"."delivery_max_days" between "shipping_zones"."delivery_min_days" and 365)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_estimate" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_unique" ON "shipping_zones" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_one_rest_of_world" ON "shipping_zones" USING btree ("is_rest_of_world") WHERE "shipping_zones"."is_rest_of_world";--> statement-breakpoint
-- Every shop starts with zones a Ghanaian house would charge (docs/shipping.md). A shop that had
-- set its flat fee or free-shipping amount keeps them inside Ghana; the old settings go.
INSERT INTO "shipping_zones" ("name", "areas", "is_rest_of_world", "fee", "free_shipping_threshold", "delivery_min_days", "delivery_max_days", "pay_on_delivery", "position")
SELECT 'Greater Accra', ARRAY['GH-AA'], false,
	coalesce((SELECT ("value" #>> '{}')::bigint FROM "settings" WHERE "key" = 'shippingFee'), 3000),
	coalesce((SELECT ("value" #>> '{}')::bigint FROM "settings" WHERE "key" = 'freeShippingThreshold'), 50000),
	1, 2, true, 0
UNION ALL
SELECT 'Rest of Ghana', ARRAY['GH'], false,
	coalesce((SELECT ("value" #>> '{}')::bigint FROM "settings" WHERE "key" = 'shippingFee'), 5000),
	coalesce((SELECT ("value" #>> '{}')::bigint FROM "settings" WHERE "key" = 'freeShippingThreshold'), 50000),
	2, 4, true, 1
UNION ALL
SELECT 'West Africa', ARRAY['NG','CI','TG','BJ','BF','SN','SL','LR','GM','GN','GW','ML','NE','CV','MR'], false, 25000, NULL, 5, 8, false, 2
UNION ALL
SELECT 'Rest of the world', ARRAY[]::text[], true, 60000, NULL, 6, 10, false, 3;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" IN ('shippingFee', 'freeShippingThreshold');
