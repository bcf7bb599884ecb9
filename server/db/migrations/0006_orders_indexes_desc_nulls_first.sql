-- The orders indexes in the order a plain `ORDER BY … DESC` asks for (DESC means NULLS FIRST):
-- drizzle-kit wrote them DESC NULLS LAST, which PostgreSQL cannot walk for such a query.
-- orders_company_created_idx keeps the INCLUDE ("state") of migration 0005 (drizzle's schema
-- cannot say INCLUDE; edited by hand after drizzle-kit generate).
DROP INDEX "orders_company_state_created_idx";--> statement-breakpoint
DROP INDEX "orders_company_closed_idx";--> statement-breakpoint
DROP INDEX "orders_company_created_idx";--> statement-breakpoint
DROP INDEX "orders_in_call_idx";--> statement-breakpoint
DROP INDEX "orders_creator_created_idx";--> statement-breakpoint
DROP INDEX "orders_driver_idx";--> statement-breakpoint
DROP INDEX "orders_client_idx";--> statement-breakpoint
DROP INDEX "orders_dispatcher_idx";--> statement-breakpoint
CREATE INDEX "orders_company_state_created_idx" ON "orders" USING btree ("processed_by_company_id","state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_closed_idx" ON "orders" USING btree ("processed_by_company_id","closed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("processed_by_company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("state");--> statement-breakpoint
CREATE INDEX "orders_in_call_idx" ON "orders" USING btree ("processed_by_company_id","created_at" DESC NULLS FIRST) WHERE "orders"."always_in_call" or "orders"."call_state" in ('started', 'on_hold');--> statement-breakpoint
CREATE INDEX "orders_creator_created_idx" ON "orders" USING btree ("created_by_company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_driver_idx" ON "orders" USING btree ("driver_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_dispatcher_idx" ON "orders" USING btree ("dispatcher_id","created_at" DESC NULLS FIRST);