CREATE TABLE "company_signups" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp(0),
	"archived_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer,
	"driver_id" integer,
	"reported_by" integer,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp(0),
	"resolved_by" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_daily_counts" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"phone" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_counts_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"model" text NOT NULL,
	"platform" text NOT NULL,
	"app_version" text,
	"driver_id" integer,
	"last_seen_at" timestamp(0),
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_report_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp(0) NOT NULL,
	"revoked_at" timestamp(0),
	"created_by" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "euid" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_payer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_ends_at" timestamp(0);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "default_service_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dispatch_defaults" jsonb;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "section" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "itp_until" date;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "rca_until" date;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "license_until" date;--> statement-breakpoint
ALTER TABLE "company_signups" ADD CONSTRAINT "company_signups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_daily_counts" ADD CONSTRAINT "order_daily_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_report_tokens" ADD CONSTRAINT "driver_report_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_report_tokens" ADD CONSTRAINT "driver_report_tokens_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_report_tokens" ADD CONSTRAINT "driver_report_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_company_idx" ON "announcements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_company_idx" ON "incidents" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_company_identifier_idx" ON "devices" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE INDEX "devices_driver_idx" ON "devices" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_report_tokens_hash_idx" ON "driver_report_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "driver_report_tokens_driver_idx" ON "driver_report_tokens" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cui_idx" ON "companies" USING btree ("cui") WHERE "companies"."cui" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_section_url_idx" ON "content_pages" USING btree ("section","url") WHERE "content_pages"."url" is not null;--> statement-breakpoint
-- The dashboard chart's daily counts for the orders that exist already (issue #20); from now on
-- the orders' write path keeps them.
INSERT INTO "order_daily_counts" ("company_id", "day", "online", "phone")
SELECT "processed_by_company_id",
       (("created_at" at time zone 'utc') at time zone 'Europe/Bucharest')::date,
       count(*) FILTER (WHERE "source" = 'from_app'),
       count(*) FILTER (WHERE "source" <> 'from_app')
FROM "orders"
WHERE "processed_by_company_id" IS NOT NULL
GROUP BY 1, 2;
