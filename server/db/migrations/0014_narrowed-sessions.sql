ALTER TABLE "access_tokens" ADD COLUMN "scope_role" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "scope_company_id" integer;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "parent_token_id" integer;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_scope_company_id_companies_id_fk" FOREIGN KEY ("scope_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_parent_token_id_access_tokens_id_fk" FOREIGN KEY ("parent_token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_parent_idx" ON "access_tokens" USING btree ("parent_token_id");