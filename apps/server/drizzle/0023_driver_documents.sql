CREATE TABLE "driver_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"expires_on" date,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"expiry_handled_at" timestamp with time zone,
	CONSTRAINT "driver_documents_kind_check" CHECK ("driver_documents"."kind" in ('licence', 'insurance', 'registration', 'photo')),
	CONSTRAINT "driver_documents_media_type_check" CHECK ("driver_documents"."media_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "driver_documents_size_check" CHECK ("driver_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_documents_driver_idx" ON "driver_documents" USING btree ("driver_id","kind","uploaded_at");--> statement-breakpoint
CREATE INDEX "driver_documents_expiry_idx" ON "driver_documents" USING btree ("expires_on") WHERE "driver_documents"."expires_on" is not null;