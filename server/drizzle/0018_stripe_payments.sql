CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_status_check";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_payment_ref" text;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "reason" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_ref_unique" ON "payment" USING btree ("provider","provider_ref");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_status_check" CHECK ("payment"."status" in ('pending', 'succeeded', 'declined', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_reason_check" CHECK ("payment_refund"."reason" in ('operator', 'amount_mismatch', 'order_closed', 'already_paid'));