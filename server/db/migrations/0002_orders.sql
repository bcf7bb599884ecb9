CREATE TABLE "blocked_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"place_id" text,
	"comment" text,
	"scara" text,
	"bloc" text,
	"reper" text,
	"is_internal" boolean DEFAULT false NOT NULL,
	"use_count" integer DEFAULT 1 NOT NULL,
	"last_used_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"about" text,
	"protocol_parent_user" integer,
	"user_id" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp(0),
	"valid_to" timestamp(0),
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"timestamp" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"type" text NOT NULL,
	"initiator" text NOT NULL,
	"initiator_id" integer,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"place_id" text,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"comment" text,
	"bloc" text,
	"scara" text,
	"reper" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"start_at" timestamp(0),
	"assigned_at" timestamp(0),
	"trip_started_at" timestamp(0),
	"trip_finished_at" timestamp(0),
	"closed_at" timestamp(0),
	"state" text DEFAULT 'new' NOT NULL,
	"trip_state" text,
	"departure_time" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"service_id" integer DEFAULT 1 NOT NULL,
	"phone" text NOT NULL,
	"client_name" text,
	"about_client" text,
	"comment" text,
	"client_id" integer,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"dispatcher_id" integer,
	"custom_driver_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"search_company_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"payment_type" text DEFAULT 'cash' NOT NULL,
	"source" text DEFAULT 'from_call' NOT NULL,
	"cost" integer,
	"discount_amount" integer,
	"discounted_cost" integer,
	"discount_condition_id" integer,
	"discount_compensated" boolean DEFAULT false NOT NULL,
	"driver_payment" integer,
	"is_paid" boolean DEFAULT false NOT NULL,
	"driver_id" integer,
	"car_indicativ" text,
	"waiting_driver_time" integer,
	"in_pending_queue" boolean DEFAULT false NOT NULL,
	"always_in_call" boolean DEFAULT false NOT NULL,
	"manually_assigned" boolean DEFAULT false NOT NULL,
	"created_by_company_id" integer NOT NULL,
	"processed_by_company_id" integer NOT NULL,
	"protocol_company_id" integer,
	"call" jsonb,
	"call_state" text,
	"call_playback_state" text,
	"call_need_interaction" boolean DEFAULT false NOT NULL,
	"cancellation_reason_type" text,
	"cancellation_reason_text" text,
	"cancelled_by_identifier" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocked_phones" ADD CONSTRAINT "blocked_phones_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_phones" ADD CONSTRAINT "blocked_phones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_protocol_parent_user_users_id_fk" FOREIGN KEY ("protocol_parent_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_options" ADD CONSTRAINT "order_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_places" ADD CONSTRAINT "order_places_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispatcher_id_users_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_company_id_companies_id_fk" FOREIGN KEY ("created_by_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_processed_by_company_id_companies_id_fk" FOREIGN KEY ("processed_by_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_protocol_company_id_companies_id_fk" FOREIGN KEY ("protocol_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_phones_company_phone_idx" ON "blocked_phones" USING btree ("company_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "client_addresses_client_name_idx" ON "client_addresses" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "client_addresses_recent_idx" ON "client_addresses" USING btree ("client_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_company_phone_idx" ON "clients" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "clients_user_idx" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_options_company_key_idx" ON "order_options" USING btree (coalesce("company_id", 0),"key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_places_order_position_idx" ON "order_places" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_company_state_created_idx" ON "orders" USING btree ("processed_by_company_id","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_closed_idx" ON "orders" USING btree ("processed_by_company_id","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("processed_by_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_in_call_idx" ON "orders" USING btree ("processed_by_company_id","created_at" DESC NULLS LAST) WHERE "orders"."always_in_call" or "orders"."call_state" in ('started', 'on_hold');--> statement-breakpoint
CREATE INDEX "orders_creator_created_idx" ON "orders" USING btree ("created_by_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_driver_idx" ON "orders" USING btree ("driver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_dispatcher_idx" ON "orders" USING btree ("dispatcher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_address_trgm_idx" ON "orders" USING gin (f_unaccent(lower("address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_indicativ_idx" ON "orders" USING btree ("processed_by_company_id","car_indicativ");