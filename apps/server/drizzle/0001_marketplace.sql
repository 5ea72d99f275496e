CREATE TABLE "driver_presence" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"location_updated_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"distance_miles" double precision NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ride_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" uuid NOT NULL,
	"territory_id" uuid NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_lat" double precision NOT NULL,
	"pickup_lng" double precision NOT NULL,
	"dropoff_address" text NOT NULL,
	"dropoff_lat" double precision NOT NULL,
	"dropoff_lng" double precision NOT NULL,
	"distance" double precision NOT NULL,
	"duration" double precision NOT NULL,
	"base_fare" integer NOT NULL,
	"distance_fare" integer NOT NULL,
	"time_fare" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"platform_fee" integer NOT NULL,
	"admin_fee" integer NOT NULL,
	"total_fare" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" uuid NOT NULL,
	"driver_id" uuid,
	"territory_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_lat" double precision NOT NULL,
	"pickup_lng" double precision NOT NULL,
	"pickup_zip" text NOT NULL,
	"dropoff_address" text NOT NULL,
	"dropoff_lat" double precision NOT NULL,
	"dropoff_lng" double precision NOT NULL,
	"distance" double precision NOT NULL,
	"duration" double precision NOT NULL,
	"base_fare" integer NOT NULL,
	"distance_fare" integer NOT NULL,
	"time_fare" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"platform_fee" integer NOT NULL,
	"admin_fee" integer NOT NULL,
	"total_fare" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"rating_comment" text,
	"idempotency_key" text,
	"dispatch_round" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	CONSTRAINT "rides_status_check" CHECK ("rides"."status" in ('requested', 'accepted', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "rides_rating_check" CHECK ("rides"."rating" is null or "rides"."rating" between 1 and 5),
	CONSTRAINT "rides_tip_check" CHECK ("rides"."tip" >= 0),
	CONSTRAINT "rides_driver_when_assigned" CHECK ("rides"."status" in ('requested', 'cancelled') or "rides"."driver_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licensee_id" uuid NOT NULL,
	"application_id" uuid,
	"name" text NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"territory_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "home_zip" text;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "territory_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "driver_presence" ADD CONSTRAINT "driver_presence_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_locations" ADD CONSTRAINT "favorite_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD CONSTRAINT "ride_quotes_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD CONSTRAINT "ride_quotes_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_licensee_id_users_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_application_id_licensee_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."licensee_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_zip_codes" ADD CONSTRAINT "territory_zip_codes_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_presence_status_idx" ON "driver_presence" USING btree ("status");--> statement-breakpoint
CREATE INDEX "favorite_locations_user_idx" ON "favorite_locations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ride_offers_ride_driver" ON "ride_offers" USING btree ("ride_id","driver_id");--> statement-breakpoint
CREATE INDEX "ride_offers_pending_idx" ON "ride_offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "ride_offers_driver_idx" ON "ride_offers" USING btree ("driver_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rides_one_active_per_rider" ON "rides" USING btree ("rider_id") WHERE "rides"."status" in ('requested', 'accepted', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "rides_one_active_per_driver" ON "rides" USING btree ("driver_id") WHERE "rides"."status" in ('accepted', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "rides_idempotency" ON "rides" USING btree ("rider_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "rides_rider_idx" ON "rides" USING btree ("rider_id","requested_at");--> statement-breakpoint
CREATE INDEX "rides_driver_idx" ON "rides" USING btree ("driver_id","requested_at");--> statement-breakpoint
CREATE INDEX "rides_status_idx" ON "rides" USING btree ("status");--> statement-breakpoint
CREATE INDEX "territories_licensee_idx" ON "territories" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "territory_zip_codes_territory_idx" ON "territory_zip_codes" USING btree ("territory_id");--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_profiles_territory_idx" ON "driver_profiles" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "driver_profiles_home_zip_idx" ON "driver_profiles" USING btree ("home_zip");