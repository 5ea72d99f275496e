ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_deleted_pending_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null and "users"."erased_at" is null;