DROP INDEX "order_status_history_created_idx";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "is_initial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing orders: the first entry of each is the one written when it was placed.
UPDATE "order_status_history" h SET "is_initial" = true
WHERE h."id" = (SELECT min(f."id") FROM "order_status_history" f WHERE f."order_id" = h."order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_changes_idx" ON "order_status_history" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "order_status_history"."is_initial";
