CREATE TABLE "gazetteer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"osm_type" text NOT NULL,
	"osm_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"housenumber" text,
	"city" text,
	"county" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "gazetteer_kind_check" CHECK ("gazetteer"."kind" in ('street', 'house', 'locality', 'place'))
);
--> statement-breakpoint
CREATE TABLE "internal_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"comment" text,
	"bloc" text,
	"scara" text,
	"reper" text,
	"source_place_id" text,
	"created_by" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	CONSTRAINT "internal_places_lat_check" CHECK ("internal_places"."lat" between -90 and 90),
	CONSTRAINT "internal_places_lng_check" CHECK ("internal_places"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "internal_places" ADD CONSTRAINT "internal_places_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_places" ADD CONSTRAINT "internal_places_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gazetteer_osm_idx" ON "gazetteer" USING btree ("osm_type","osm_id");--> statement-breakpoint
CREATE INDEX "gazetteer_search_trgm_idx" ON "gazetteer" USING gin (f_unaccent(lower("search_text")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gazetteer_lat_lng_idx" ON "gazetteer" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "internal_places_company_idx" ON "internal_places" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "internal_places_name_trgm_idx" ON "internal_places" USING gin (f_unaccent(lower("name")) gin_trgm_ops);