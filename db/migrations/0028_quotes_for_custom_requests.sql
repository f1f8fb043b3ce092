CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_amount" bigint NOT NULL,
	"deposit_kind" text NOT NULL,
	"deposit_value" bigint NOT NULL,
	"deposit_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"valid_until" date NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"token_hash" text NOT NULL,
	"emailed_to" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"superseded_at" timestamp with time zone,
	"order_id" uuid,
	CONSTRAINT "quotes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "quotes_status_known" CHECK ("quotes"."status" in ('open', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "quotes_deposit_kind_known" CHECK ("quotes"."deposit_kind" in ('percent', 'amount')),
	CONSTRAINT "quotes_deposit_within_total" CHECK ("quotes"."deposit_amount" > 0 and "quotes"."deposit_amount" < "quotes"."total_amount")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_source_known";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_custom_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."custom_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_version_idx" ON "quotes" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open_per_request_idx" ON "quotes" USING btree ("request_id") WHERE "quotes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id") WHERE "quotes"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_known" CHECK ("orders"."source" in ('storefront', 'whatsapp', 'phone', 'showroom', 'instagram', 'email', 'other', 'custom_request'));