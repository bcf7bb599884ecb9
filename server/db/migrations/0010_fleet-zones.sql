CREATE TABLE "driver_change_counter" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_changes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_position_history" (
	"driver_id" integer NOT NULL,
	"reported_at" timestamp(0) NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"order_id" integer,
	CONSTRAINT "driver_position_history_driver_id_reported_at_pk" PRIMARY KEY("driver_id","reported_at")
);
--> statement-breakpoint
CREATE TABLE "driver_positions" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"polygon_id" integer,
	"order_id" integer,
	"reported_at" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polygons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"paths" jsonb NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"radius" integer,
	"paths" jsonb,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones_revision" (
	"id" smallint PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_busy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "high_priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "idle_from" timestamp(0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polygons" ADD CONSTRAINT "polygons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stands" ADD CONSTRAINT "stands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_changes_at_idx" ON "driver_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "driver_position_history_at_idx" ON "driver_position_history" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "driver_position_history_order_idx" ON "driver_position_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "polygons_company_idx" ON "polygons" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stands_company_idx" ON "stands" USING btree ("company_id");--> statement-breakpoint
INSERT INTO "driver_change_counter" ("id", "last") VALUES (1, 0);--> statement-breakpoint
INSERT INTO "zones_revision" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
-- The seed marked demo drivers online with nobody connected (issue #17): online is now a
-- driver's own state, set by his app.
UPDATE "users" SET "is_online" = false WHERE 'driver' = ANY("roles");
