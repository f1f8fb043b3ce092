CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_known" CHECK ("staff_invitations"."role" in ('owner', 'manager', 'staff', 'accountant'))
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_invitations_open_idx" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."revoked_at" is null;--> statement-breakpoint
-- Issue 48 (decision 047): every admin of before becomes an Owner, so no shop loses access;
-- any other value than the known roles reads as a customer, as the code always read it.
UPDATE "user_roles" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "user_roles" SET "role" = 'customer' WHERE "role" NOT IN ('owner', 'manager', 'staff', 'accountant', 'customer');--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" in ('owner', 'manager', 'staff', 'accountant', 'customer'));
