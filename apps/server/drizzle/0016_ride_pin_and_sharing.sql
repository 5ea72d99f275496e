CREATE TABLE "ride_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pin" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pin_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_shares" ADD CONSTRAINT "ride_shares_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_shares_token_hash" ON "ride_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ride_shares_ride_idx" ON "ride_shares" USING btree ("ride_id");--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_pin_attempts_check" CHECK ("rides"."pin_attempts" >= 0);