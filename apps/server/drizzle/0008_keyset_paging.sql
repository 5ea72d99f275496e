-- Keyset paging (docs/decisions/017-keyset-paging.md): every page of a growing list is one range of one of these indexes.
DROP INDEX "driver_applications_status_idx";--> statement-breakpoint
DROP INDEX "licensee_applications_status_idx";--> statement-breakpoint
DROP INDEX "rides_rider_idx";--> statement-breakpoint
DROP INDEX "rides_driver_idx";--> statement-breakpoint
CREATE INDEX "disputes_opened_idx" ON "disputes" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "disputes_rider_idx" ON "disputes" USING btree ("rider_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "disputes_territory_opened_idx" ON "disputes" USING btree ("territory_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_submitted_idx" ON "driver_applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "licensee_applications_submitted_idx" ON "licensee_applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "rides_territory_idx" ON "rides" USING btree ("territory_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "rides_requested_idx" ON "rides" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_territory_created_idx" ON "support_tickets" USING btree ("territory_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_applications_status_idx" ON "driver_applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "licensee_applications_status_idx" ON "licensee_applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "rides_rider_idx" ON "rides" USING btree ("rider_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "rides_driver_idx" ON "rides" USING btree ("driver_id","requested_at","id");