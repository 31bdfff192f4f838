-- Vendor payouts (issue 16 point 8, decision 041): a request moves available money to payout
-- pending at once; the admin enters the hash of the USDT transfer they sent; the payout is PAID
-- only when the chain shows that transfer. One open payout per vendor, one payout per transaction.
CREATE TABLE "vendor_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"tx_hash" text,
	"block_number" bigint,
	"confirmations" integer,
	"required_confirmations" integer,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payouts_status_check" CHECK ("vendor_payouts"."status" in ('REQUESTED', 'SUBMITTED', 'PAID', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "vendor_payouts_network_check" CHECK ("vendor_payouts"."network" in ('TRC20', 'ERC20', 'BEP20')),
	CONSTRAINT "vendor_payouts_amount_check" CHECK ("vendor_payouts"."amount" > 0),
	CONSTRAINT "vendor_payouts_hash_check" CHECK ("vendor_payouts"."status" not in ('SUBMITTED', 'PAID') or "vendor_payouts"."tx_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_vendor_id_vendors_user_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payouts_one_open_key" ON "vendor_payouts" USING btree ("vendor_id") WHERE "vendor_payouts"."status" in ('REQUESTED', 'SUBMITTED');--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payouts_tx_key" ON "vendor_payouts" USING btree ("network","tx_hash") WHERE "vendor_payouts"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "vendor_payouts_vendor_idx" ON "vendor_payouts" USING btree ("vendor_id","requested_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "vendor_payouts_status_idx" ON "vendor_payouts" USING btree ("status","requested_at","id");