ALTER TABLE "rides" ADD COLUMN "fare_held_at" timestamp with time zone;--> statement-breakpoint
-- Rides booked before the gate: those that went ahead, and waiting ones whose hold is confirmed, count as held.
UPDATE "rides" SET "fare_held_at" = coalesce("accepted_at", "requested_at") WHERE "status" NOT IN ('requested', 'cancelled') OR ("status" = 'requested' AND EXISTS (SELECT 1 FROM "charges" c WHERE c."ride_id" = "rides"."id" AND c."kind" = 'fare' AND c."status" = 'authorized' AND c."provider_ref" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_fare_held_when_assigned" CHECK ("rides"."status" in ('requested', 'cancelled') or "rides"."fare_held_at" is not null);
