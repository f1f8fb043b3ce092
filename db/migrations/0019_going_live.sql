CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"scheduled_for" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"host" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"sha256" text,
	"row_count" integer,
	"s3_key" text,
	"s3_error" text,
	"error" text,
	"pruned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_scheduled_for_unique" ON "backups" USING btree ("scheduled_for") WHERE "backups"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owner_alerts_unsent_idx" ON "owner_alerts" USING btree ("occurred_at") WHERE "owner_alerts"."digest_sent_at" is null;--> statement-breakpoint
CREATE INDEX "owner_alerts_sent_idx" ON "owner_alerts" USING btree ("digest_sent_at" DESC NULLS LAST);