ALTER TABLE "products" ADD COLUMN "made_to_measure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_measure_surcharge" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_measure_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "measurements" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "made_to_measure_surcharge" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "made_to_measure_days" integer;