ALTER TABLE "driver_profiles" ADD COLUMN "wheelchair_accessible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "vehicle_size" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "wheelchair_accessible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "vehicle_size" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "wheelchair_accessible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_seats_check" CHECK ("rides"."seats" between 1 and 8);