CREATE SEQUENCE "public"."ledger_transfer_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "discount_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_amount" integer,
	"valid_from" date,
	"valid_until" date,
	"client_id" integer,
	"protocol_company_id" integer,
	"per_client_limit" integer,
	"total_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"compensate_driver" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp(0),
	"created_by" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"client_id" integer,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_balances" (
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	CONSTRAINT "driver_balances_company_id_driver_id_pk" PRIMARY KEY("company_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_id" integer,
	"transfer_id" bigint,
	"counterpart_id" integer,
	"created_by" integer,
	"note" text,
	"posting_key" text,
	"created_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp(0) DEFAULT (now() at time zone 'utc') NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "fare_settings" RENAME TO "finance_settings";--> statement-breakpoint
ALTER INDEX "fare_settings_pkey" RENAME TO "finance_settings_pkey";--> statement-breakpoint
ALTER TABLE "finance_settings" DROP CONSTRAINT "fare_settings_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "min_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "allow_negative_balance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_conditions" ADD CONSTRAINT "discount_conditions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_conditions" ADD CONSTRAINT "discount_conditions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_conditions" ADD CONSTRAINT "discount_conditions_protocol_company_id_companies_id_fk" FOREIGN KEY ("protocol_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_conditions" ADD CONSTRAINT "discount_conditions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_condition_id_discount_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."discount_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_balances" ADD CONSTRAINT "driver_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_balances" ADD CONSTRAINT "driver_balances_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_counterpart_id_users_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_conditions_company_idx" ON "discount_conditions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "discount_conditions_client_idx" ON "discount_conditions" USING btree ("client_id") WHERE "discount_conditions"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "discount_uses_condition_client_idx" ON "discount_uses" USING btree ("condition_id","client_id");--> statement-breakpoint
CREATE INDEX "driver_balances_company_balance_idx" ON "driver_balances" USING btree ("company_id","balance","driver_id");--> statement-breakpoint
CREATE INDEX "driver_balances_driver_idx" ON "driver_balances" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_driver_idx" ON "ledger_entries" USING btree ("company_id","driver_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_company_idx" ON "ledger_entries" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("company_id","posting_key") WHERE "ledger_entries"."posting_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_company_service_idx" ON "commissions" USING btree ("company_id",coalesce("service_id", 0));--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A balance kept on the user before the ledger becomes his opening entry with his first company.
INSERT INTO "driver_balances" ("company_id", "driver_id", "balance", "entries")
  SELECT (SELECT min(cu."company_id") FROM "company_users" cu WHERE cu."user_id" = u."id"), u."id", u."balance", 1
  FROM "users" u
  WHERE u."balance" <> 0 AND EXISTS (SELECT 1 FROM "company_users" cu WHERE cu."user_id" = u."id");--> statement-breakpoint
INSERT INTO "ledger_entries" ("company_id", "driver_id", "kind", "amount", "balance_after", "note", "posting_key")
  SELECT "company_id", "driver_id", 'opening_balance', "balance", "balance", 'Sold preluat', 'opening:' || "driver_id"
  FROM "driver_balances";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "balance";--> statement-breakpoint
-- Every driver has a balance row with each of his companies (the balances list reads one index).
INSERT INTO "driver_balances" ("company_id", "driver_id")
  SELECT cu."company_id", cu."user_id" FROM "company_users" cu JOIN "users" u ON u."id" = cu."user_id"
  WHERE 'driver' = ANY(u."roles")
  ON CONFLICT DO NOTHING;