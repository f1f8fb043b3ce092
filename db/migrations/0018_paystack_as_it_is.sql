CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_attempt_id" uuid,
	"provider_dispute_id" text NOT NULL,
	"transaction_reference" text NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"category" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"customer_message" text,
	"provider_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id"),
	CONSTRAINT "payment_disputes_amount_positive" CHECK ("payment_disputes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_known";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "extra_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_refund_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_disputes_open_idx" ON "payment_disputes" USING btree ("due_at") WHERE "payment_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payment_provider_events_received_idx" ON "payment_provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "refunds_attention_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" in ('failed', 'needs_attention', 'unconfirmed');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_refund_reference_unique" UNIQUE("provider_refund_reference");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'processing', 'processed', 'failed', 'needs_attention', 'unconfirmed'));