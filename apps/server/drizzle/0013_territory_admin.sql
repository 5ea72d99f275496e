CREATE TABLE "licensee_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"reason" text,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "territory_events_kind_check" CHECK ("territory_events"."kind" in ('zip_codes_changed', 'suspended', 'reinstated'))
);
--> statement-breakpoint
ALTER TABLE "territories" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "territories" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "territories" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "licensee_profiles" ADD CONSTRAINT "licensee_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_events" ADD CONSTRAINT "territory_events_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_events" ADD CONSTRAINT "territory_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "territory_events_territory_idx" ON "territory_events" USING btree ("territory_id","at");--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "territories_created_idx" ON "territories" USING btree ("created_at","id");