CREATE TABLE "reward_credit_uses" (
	"ride_id" uuid NOT NULL,
	"credit_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "reward_credit_uses_amount_check" CHECK ("reward_credit_uses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "reward_credit_uses" ADD CONSTRAINT "reward_credit_uses_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_credit_uses" ADD CONSTRAINT "reward_credit_uses_credit_id_reward_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."reward_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_credit_uses_ride_credit" ON "reward_credit_uses" USING btree ("ride_id","credit_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code");