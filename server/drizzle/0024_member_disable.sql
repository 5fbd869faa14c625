ALTER TABLE "member_session" DROP CONSTRAINT "member_session_revoked_check";--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_email_prefix_idx" ON "member" USING btree ((lower("email") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "member_phone_prefix_idx" ON "member" USING btree (("phone" collate "C"),"id");--> statement-breakpoint
CREATE INDEX "member_name_prefix_idx" ON "member" USING btree ((lower("user_name") collate "C"),"id");--> statement-breakpoint
ALTER TABLE "member_session" ADD CONSTRAINT "member_session_revoked_check" CHECK (("member_session"."revoked_at" is null) = ("member_session"."revoked_reason" is null) and ("member_session"."revoked_reason" is null or "member_session"."revoked_reason" in ('logout', 'password', 'reuse', 'disabled')));