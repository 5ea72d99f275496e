CREATE TABLE "driver_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"suspended_by" uuid,
	"reason" text NOT NULL,
	"reinstated_at" timestamp with time zone,
	"reinstated_by" uuid,
	"reinstate_reason" text,
	CONSTRAINT "driver_suspensions_order" CHECK ("driver_suspensions"."reinstated_at" is null or "driver_suspensions"."reinstated_at" >= "driver_suspensions"."suspended_at")
);
--> statement-breakpoint
ALTER TABLE "driver_suspensions" ADD CONSTRAINT "driver_suspensions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_suspensions" ADD CONSTRAINT "driver_suspensions_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_suspensions" ADD CONSTRAINT "driver_suspensions_reinstated_by_users_id_fk" FOREIGN KEY ("reinstated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_suspensions_one_open" ON "driver_suspensions" USING btree ("driver_id") WHERE "driver_suspensions"."reinstated_at" is null;--> statement-breakpoint
CREATE INDEX "driver_suspensions_driver_idx" ON "driver_suspensions" USING btree ("driver_id","suspended_at");