-- Device cookies for the login limits (docs/DECISIONS.md "Login limits"): a browser that logged in to an account before is not locked out by strangers' failures.
CREATE TABLE "device_cookies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"expires_at" timestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_cookies" ADD CONSTRAINT "device_cookies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_cookies_hash_idx" ON "device_cookies" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_cookies_user_idx" ON "device_cookies" USING btree ("user_id");