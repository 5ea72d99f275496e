ALTER TABLE "rides" DROP CONSTRAINT "rides_status_check";--> statement-breakpoint
ALTER TABLE "rides" DROP CONSTRAINT "rides_driver_when_assigned";--> statement-breakpoint
ALTER TABLE "rides" DROP CONSTRAINT "rides_fare_held_when_assigned";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rides_scheduled_idx" ON "rides" USING btree ("scheduled_at") WHERE "rides"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_scheduled_has_time" CHECK ("rides"."status" <> 'scheduled' or "rides"."scheduled_at" is not null);--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_status_check" CHECK ("rides"."status" in ('scheduled', 'requested', 'accepted', 'in_progress', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_driver_when_assigned" CHECK ("rides"."status" in ('scheduled', 'requested', 'cancelled') or "rides"."driver_id" is not null);--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_fare_held_when_assigned" CHECK ("rides"."status" in ('scheduled', 'requested', 'cancelled') or "rides"."fare_held_at" is not null);