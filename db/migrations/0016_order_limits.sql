ALTER TABLE "orders" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "recipient_key" text;--> statement-breakpoint
CREATE INDEX "orders_held_email_idx" ON "orders" USING btree ("email_key","payment_due_at") WHERE "orders"."payment_due_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_held_client_idx" ON "orders" USING btree ("client_key","payment_due_at") WHERE "orders"."payment_due_at" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree ("recipient_key","next_attempt_at" DESC NULLS LAST) WHERE "email_outbox"."recipient_key" is not null;