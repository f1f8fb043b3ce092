CREATE TABLE "custom_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"garment_type" text NOT NULL,
	"occasion" text,
	"date_needed" date,
	"budget" text,
	"notes" text,
	"measurements" jsonb,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"staff_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "custom_requests_status_known" CHECK ("custom_requests"."status" in ('new', 'quoted', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "customer_measurements" (
	"user_id" text PRIMARY KEY NOT NULL,
	"measurements" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "custom_requests_created_idx" ON "custom_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_requests_status_created_idx" ON "custom_requests" USING btree ("status","created_at" DESC NULLS LAST);