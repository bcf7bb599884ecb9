CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sip_call_id" text NOT NULL,
	"phone" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"dispatcher_id" integer,
	"code" smallint,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"handled_at" timestamp(0),
	"handled_by_id" integer,
	"handled_by" text
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_dispatcher_id_users_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_company_sip_call_idx" ON "calls" USING btree ("company_id","sip_call_id");--> statement-breakpoint
CREATE INDEX "calls_missed_idx" ON "calls" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "calls"."outcome" = 'missed' and "calls"."handled_at" is null;