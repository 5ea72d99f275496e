CREATE TABLE "embedded_payout_destinations" (
	"token" text PRIMARY KEY NOT NULL,
	"last_four" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_transfers" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"destination_token" text NOT NULL,
	"amount" integer NOT NULL,
	"transfer_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"account_holder" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_id" uuid NOT NULL,
	"ledger_account" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"week" text,
	"idempotency_key" text,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"last_four" text NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "embedded_transfers" ADD CONSTRAINT "embedded_transfers_destination_token_embedded_payout_destinations_token_fk" FOREIGN KEY ("destination_token") REFERENCES "public"."embedded_payout_destinations"("token") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_payee_page_idx" ON "payouts" USING btree ("payee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_weekly_once" ON "payouts" USING btree ("payee_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency" ON "payouts" USING btree ("payee_id","idempotency_key");