CREATE TABLE "fare_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"accept_taximeter" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_surcharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"days" integer[] NOT NULL,
	"time_from" text NOT NULL,
	"time_to" text NOT NULL,
	"percent" integer NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer,
	"start_fee" integer NOT NULL,
	"per_km" integer NOT NULL,
	"per_minute" integer NOT NULL,
	"minimum_fare" integer NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "zone_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer,
	"from_polygon_id" integer NOT NULL,
	"to_polygon_id" integer NOT NULL,
	"price" integer NOT NULL,
	"both_ways" boolean DEFAULT true NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fare_settings" ADD CONSTRAINT "fare_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_surcharges" ADD CONSTRAINT "tariff_surcharges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_prices" ADD CONSTRAINT "zone_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_prices" ADD CONSTRAINT "zone_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_prices" ADD CONSTRAINT "zone_prices_from_polygon_id_polygons_id_fk" FOREIGN KEY ("from_polygon_id") REFERENCES "public"."polygons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_prices" ADD CONSTRAINT "zone_prices_to_polygon_id_polygons_id_fk" FOREIGN KEY ("to_polygon_id") REFERENCES "public"."polygons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_surcharges_company_idx" ON "tariff_surcharges" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_company_service_idx" ON "tariffs" USING btree ("company_id",coalesce("service_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "zone_prices_pair_idx" ON "zone_prices" USING btree ("company_id",coalesce("service_id", 0),"from_polygon_id","to_polygon_id");