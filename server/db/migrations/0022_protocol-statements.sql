-- The first catalogue of discounts, replaced by discount_conditions (0021) and read by nothing.
DROP TABLE "discounts" CASCADE;--> statement-breakpoint
CREATE INDEX "orders_protocol_finished_idx" ON "orders" USING btree ("protocol_company_id","trip_finished_at","id") WHERE "orders"."protocol_company_id" is not null and "orders"."state" = 'finished';
