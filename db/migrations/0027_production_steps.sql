CREATE TABLE "order_production_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"back" boolean DEFAULT false NOT NULL,
	"note" text,
	"moved_by" text NOT NULL,
	"moved_by_user_id" text,
	"customer_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_production_steps_step_known" CHECK ("order_production_steps"."step" in ('measured', 'cutting', 'sewing', 'fitting', 'finishing', 'ready')),
	CONSTRAINT "order_production_steps_back_has_reason" CHECK (not "order_production_steps"."back" or length(btrim(coalesce("order_production_steps"."note", ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "order_production_steps" ADD CONSTRAINT "order_production_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_production_steps_order_idx" ON "order_production_steps" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_workshop_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."kind" <> 'standard';