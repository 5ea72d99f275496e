CREATE TABLE "bonus_pool_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"month" text NOT NULL,
	"funding" integer NOT NULL,
	"reserve_in" integer NOT NULL,
	"paid" integer NOT NULL,
	"surplus" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_champions" (
	"month" text NOT NULL,
	"rank" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"prize_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"territory_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "driver_tiers" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"territory_id" uuid,
	"tier" text NOT NULL,
	"overall_score" double precision NOT NULL,
	"top_fraction" double precision,
	"metrics" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_zones" (
	"zip" text PRIMARY KEY NOT NULL,
	"territory_id" uuid NOT NULL,
	"tier" integer DEFAULT 2 NOT NULL,
	"current_multiplier" double precision DEFAULT 1 NOT NULL,
	"open_requests" integer DEFAULT 0 NOT NULL,
	"idle_drivers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pricing_zones_tier_check" CHECK ("pricing_zones"."tier" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "rate_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"percent" double precision NOT NULL,
	"justification" text NOT NULL,
	"community_input" text,
	"announced_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "rate_adjustments_percent_check" CHECK ("rate_adjustments"."percent" between -10 and 10)
);
--> statement-breakpoint
CREATE TABLE "reward_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_credits_remaining_check" CHECK ("reward_credits"."remaining" >= 0 and "reward_credits"."remaining" <= "reward_credits"."amount")
);
--> statement-breakpoint
CREATE TABLE "reward_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"points" integer NOT NULL,
	"ride_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_events_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "reward_events_nonzero" CHECK ("reward_events"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "reward_perks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"perk" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_ride_id" uuid
);
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_reason_check";--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "zone_tier" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "zone_multiplier" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_quotes" ADD COLUMN "rate_adjustment_percent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "zone_tier" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "zone_multiplier" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "rate_adjustment_percent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "safety_rating" integer;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pickup_eta_seconds" integer;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "credit_applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_pool_runs" ADD CONSTRAINT "bonus_pool_runs_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_champions" ADD CONSTRAINT "community_champions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_submissions" ADD CONSTRAINT "community_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_submissions" ADD CONSTRAINT "community_submissions_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_submissions" ADD CONSTRAINT "community_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_tiers" ADD CONSTRAINT "driver_tiers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_tiers" ADD CONSTRAINT "driver_tiers_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_zones" ADD CONSTRAINT "pricing_zones_zip_territory_zip_codes_zip_fk" FOREIGN KEY ("zip") REFERENCES "public"."territory_zip_codes"("zip") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_zones" ADD CONSTRAINT "pricing_zones_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_adjustments" ADD CONSTRAINT "rate_adjustments_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_adjustments" ADD CONSTRAINT "rate_adjustments_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_credits" ADD CONSTRAINT "reward_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_events" ADD CONSTRAINT "reward_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_events" ADD CONSTRAINT "reward_events_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_perks" ADD CONSTRAINT "reward_perks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_perks" ADD CONSTRAINT "reward_perks_used_ride_id_rides_id_fk" FOREIGN KEY ("used_ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_pool_runs_territory_month" ON "bonus_pool_runs" USING btree ("territory_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "community_champions_month_rank" ON "community_champions" USING btree ("month","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "community_champions_month_user" ON "community_champions" USING btree ("month","user_id");--> statement-breakpoint
CREATE INDEX "community_submissions_territory_idx" ON "community_submissions" USING btree ("territory_id","status");--> statement-breakpoint
CREATE INDEX "community_submissions_user_idx" ON "community_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "driver_tiers_territory_idx" ON "driver_tiers" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "pricing_zones_territory_idx" ON "pricing_zones" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "rate_adjustments_territory_idx" ON "rate_adjustments" USING btree ("territory_id","announced_at");--> statement-breakpoint
CREATE INDEX "reward_credits_user_idx" ON "reward_credits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reward_events_user_idx" ON "reward_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_perks_user_idx" ON "reward_perks" USING btree ("user_id","expires_at");--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_safety_rating_check" CHECK ("rides"."safety_rating" is null or "rides"."safety_rating" between 1 and 5);--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_credit_check" CHECK ("rides"."credit_applied" >= 0 and "rides"."credit_applied" <= "rides"."total_fare");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_reason_check" CHECK ("support_tickets"."reason" in ('low_confidence', 'asked_for_person', 'safety'));--> statement-breakpoint
CREATE FUNCTION "reward_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reward_events is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reward_events_append_only" BEFORE UPDATE OR DELETE ON "reward_events" FOR EACH ROW EXECUTE FUNCTION "reward_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "reward_events_no_truncate" BEFORE TRUNCATE ON "reward_events" FOR EACH STATEMENT EXECUTE FUNCTION "reward_events_refuse_change"();
--> statement-breakpoint
INSERT INTO "pricing_zones" ("zip", "territory_id", "tier", "current_multiplier", "open_requests", "idle_drivers", "updated_at")
SELECT "zip", "territory_id", 2, 1, 0, 0, now() FROM "territory_zip_codes";
