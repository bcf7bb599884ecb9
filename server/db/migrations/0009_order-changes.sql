CREATE TABLE "order_change_counter" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_changes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_changes_at_idx" ON "order_changes" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "order_change_counter" ("id", "last") VALUES (1, 0);
