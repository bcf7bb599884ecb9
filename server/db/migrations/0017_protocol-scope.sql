-- A protocol client's lists follow the rides billed to his company (protocol_company_id), and a
-- change that bills an order elsewhere names the company it left, whose lists and sockets lose it.
ALTER TABLE "order_changes" ADD COLUMN "left_company_id" integer;--> statement-breakpoint
CREATE INDEX "orders_protocol_created_idx" ON "orders" USING btree ("protocol_company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."protocol_company_id" is not null;