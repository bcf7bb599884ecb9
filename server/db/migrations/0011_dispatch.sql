CREATE TABLE "dispatch_trace" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"generation" integer NOT NULL,
	"step" smallint NOT NULL,
	"kind" text NOT NULL,
	"at_ms" bigint NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_refusals" (
	"driver_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"since_ms" bigint NOT NULL,
	CONSTRAINT "driver_refusals_driver_id_company_id_pk" PRIMARY KEY("driver_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "order_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"generation" integer NOT NULL,
	"step" smallint NOT NULL,
	"driver_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	"kind" text DEFAULT 'offer' NOT NULL,
	"distance_m" integer,
	"offered_ms" bigint NOT NULL,
	"expires_ms" bigint NOT NULL,
	"viewed_ms" bigint,
	"answered_ms" bigint,
	"answer" text,
	"minutes" smallint
);
--> statement-breakpoint
CREATE TABLE "order_searches" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"plan" jsonb,
	"step" smallint DEFAULT -1 NOT NULL,
	"rotation" jsonb,
	"slot" smallint DEFAULT 0 NOT NULL,
	"due_ms" bigint NOT NULL,
	"lease_owner" text,
	"lease_until_ms" bigint DEFAULT 0 NOT NULL,
	"fence" bigint DEFAULT 0 NOT NULL,
	"outcome" text,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "priority_interval_drivers" (
	"interval_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	CONSTRAINT "priority_interval_drivers_interval_id_driver_id_pk" PRIMARY KEY("interval_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "priority_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from" timestamp(0) NOT NULL,
	"to" timestamp(0) NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"search_method_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"definitions" jsonb NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatch_trace" ADD CONSTRAINT "dispatch_trace_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_refusals" ADD CONSTRAINT "driver_refusals_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_searches" ADD CONSTRAINT "order_searches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priority_interval_drivers" ADD CONSTRAINT "priority_interval_drivers_interval_id_priority_intervals_id_fk" FOREIGN KEY ("interval_id") REFERENCES "public"."priority_intervals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priority_interval_drivers" ADD CONSTRAINT "priority_interval_drivers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priority_intervals" ADD CONSTRAINT "priority_intervals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_intervals" ADD CONSTRAINT "search_intervals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_intervals" ADD CONSTRAINT "search_intervals_search_method_id_search_methods_id_fk" FOREIGN KEY ("search_method_id") REFERENCES "public"."search_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_methods" ADD CONSTRAINT "search_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_trace_order_idx" ON "dispatch_trace" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_offers_order_idx" ON "order_offers" USING btree ("order_id","generation","step");--> statement-breakpoint
CREATE INDEX "order_offers_driver_idx" ON "order_offers" USING btree ("driver_id","offered_ms");--> statement-breakpoint
CREATE INDEX "order_searches_due_idx" ON "order_searches" USING btree ("state","due_ms");--> statement-breakpoint
CREATE INDEX "priority_intervals_company_idx" ON "priority_intervals" USING btree ("company_id","to");--> statement-breakpoint
CREATE INDEX "search_intervals_company_idx" ON "search_intervals" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "search_methods_company_idx" ON "search_methods" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_driver_active_idx" ON "orders" USING btree ("driver_id") WHERE "orders"."state" = 'assigned';