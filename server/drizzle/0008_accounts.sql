CREATE TABLE "auth_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "member_session_revoked_check" CHECK (("member_session"."revoked_at" is null) = ("member_session"."revoked_reason" is null) and ("member_session"."revoked_reason" is null or "member_session"."revoked_reason" in ('logout', 'password', 'reuse')))
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_by" text
);
--> statement-breakpoint
CREATE TABLE "verification_code" (
	"target" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"member_id" integer,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verification_code_purpose_check" CHECK ("verification_code"."purpose" in ('register', 'password', 'email', 'phone')),
	CONSTRAINT "verification_code_tries_check" CHECK ("verification_code"."tries" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"user_name" text NOT NULL,
	"member_no" text GENERATED ALWAYS AS ((case when kind = 'wholesale' then 'W' else 'R' end) || (case when id < 1000000 then lpad(id::text, 6, '0') else id::text end)) STORED NOT NULL,
	"driver_licence" text,
	"address" text,
	"card_no" text,
	"vip" boolean DEFAULT false NOT NULL,
	"vip_until" timestamp with time zone,
	"avatar_url" text,
	"org_id" integer,
	"company_trading_name" text,
	"company_number" text,
	"nzbn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_kind_check" CHECK ("member"."kind" in ('retail', 'wholesale')),
	CONSTRAINT "member_phone_check" CHECK ("member"."phone" ~ '^[0-9]*$'),
	CONSTRAINT "member_wholesale_check" CHECK ("member"."kind" = 'retail' or ("member"."company_trading_name" is not null and "member"."company_number" is not null and "member"."nzbn" is not null))
);
--> statement-breakpoint
ALTER TABLE "member_session" ADD CONSTRAINT "member_session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_member_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."member_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_code" ADD CONSTRAINT "verification_code_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_session_member_idx" ON "member_session" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "refresh_token_session_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_email_unique" ON "member" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_phone_unique" ON "member" USING btree ("phone") WHERE "member"."phone" <> '';--> statement-breakpoint
CREATE INDEX "member_org_idx" ON "member" USING btree ("org_id");