CREATE TABLE "driver_online_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "driver_online_sessions_order" CHECK ("driver_online_sessions"."ended_at" is null or "driver_online_sessions"."ended_at" >= "driver_online_sessions"."started_at")
);
--> statement-breakpoint
ALTER TABLE "driver_online_sessions" ADD CONSTRAINT "driver_online_sessions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_online_sessions_one_open" ON "driver_online_sessions" USING btree ("driver_id") WHERE "driver_online_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "driver_online_sessions_driver_started" ON "driver_online_sessions" USING btree ("driver_id","started_at");