CREATE TABLE "vendor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"display_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"games" text[] NOT NULL,
	"regions" text[] NOT NULL,
	"payout_addresses" jsonb NOT NULL,
	"terms_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	CONSTRAINT "vendor_applications_status_check" CHECK ("vendor_applications"."status" in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "vendor_payout_addresses" (
	"vendor_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payout_addresses_vendor_id_network_pk" PRIMARY KEY("vendor_id","network"),
	CONSTRAINT "vendor_payout_addresses_network_check" CHECK ("vendor_payout_addresses"."network" in ('TRC20', 'ERC20', 'BEP20'))
);
--> statement-breakpoint
CREATE TABLE "vendor_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"status_reason" text,
	"display_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"games" text[] NOT NULL,
	"regions" text[] NOT NULL,
	"terms_version" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"payouts_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status_check" CHECK ("vendors"."status" in ('PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_not_negative";--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payout_addresses" ADD CONSTRAINT "vendor_payout_addresses_vendor_id_vendors_user_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status_changes" ADD CONSTRAINT "vendor_status_changes_vendor_id_vendors_user_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status_changes" ADD CONSTRAINT "vendor_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_applications_one_pending_key" ON "vendor_applications" USING btree ("user_id") WHERE "vendor_applications"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "vendor_applications_user_idx" ON "vendor_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_applications_pending_idx" ON "vendor_applications" USING btree ("created_at","id") WHERE "vendor_applications"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "vendor_status_changes_vendor_idx" ON "vendor_status_changes" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendors_status_idx" ON "vendors" USING btree ("status","created_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "rentals_uncleared_idx" ON "rentals" USING btree ("ended_at") WHERE "rentals"."status" <> 'ACTIVE' and "rentals"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "rentals_vendor_idx" ON "rentals" USING btree ("vendor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_cached_not_negative" CHECK ("ledger_accounts"."kind" not in ('USER_WALLET', 'USER_CREDIT', 'VENDOR_PENDING', 'VENDOR_AVAILABLE', 'VENDOR_PAYOUT_PENDING') or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- Accounts that already sell (the vendor role, or listings or rentals of their own) become ACTIVE
-- vendors, with the games and regions of their listings.
INSERT INTO "vendors" ("user_id", "status", "display_name", "contact_email", "games", "regions", "terms_version", "terms_accepted_at")
SELECT u."id", 'ACTIVE', u."display_name", u."email",
       coalesce((SELECT array_agg(DISTINCT l."game_id" ORDER BY l."game_id") FROM "server_listings" l WHERE l."vendor_id" = u."id"), '{}'),
       coalesce((SELECT array_agg(DISTINCT l."region_code" ORDER BY l."region_code") FROM "server_listings" l WHERE l."vendor_id" = u."id"), '{}'),
       '2026-11-25', now()
  FROM "users" u
 WHERE u."role" = 'vendor'
    OR EXISTS (SELECT 1 FROM "server_listings" l WHERE l."vendor_id" = u."id")
    OR EXISTS (SELECT 1 FROM "rentals" r WHERE r."vendor_id" = u."id");--> statement-breakpoint
INSERT INTO "vendor_status_changes" ("vendor_id", "from_status", "to_status", "reason")
SELECT "user_id", NULL, 'ACTIVE', 'Selling before vendor applications existed' FROM "vendors";--> statement-breakpoint
-- What rentals released to vendors was all one "payable"; it becomes pending, and the clearing job
-- makes each rental's share available once its dispute window closed (decision 037). The kind is
-- now a cached balance: its row takes the sum of its entries.
UPDATE "ledger_accounts" a
   SET "kind" = 'VENDOR_PENDING',
       "balance" = coalesce((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."account_id" = a."id"), 0)
 WHERE a."kind" = 'VENDOR_PAYABLE';--> statement-breakpoint
-- Escrow is kept per vendor: what running rentals hold moves from the one escrow account to their
-- vendor's, one ledger transaction per rental, named after it as every escrow movement is.
INSERT INTO "ledger_accounts" ("kind", "owner_id", "currency")
SELECT DISTINCT 'ESCROW', r."vendor_id", 'USDT' FROM "rentals" r
 WHERE r."paid" - r."refunded" - r."released" - r."commission" > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH "held" AS (
  SELECT r."id", r."vendor_id", r."paid" - r."refunded" - r."released" - r."commission" AS "amount"
    FROM "rentals" r
   WHERE r."paid" - r."refunded" - r."released" - r."commission" > 0
), "moved" AS (
  INSERT INTO "ledger_transactions" ("kind", "reference")
  SELECT 'ESCROW_TO_VENDOR', 'rental:' || h."id" || ':escrow-to-vendor' FROM "held" h
  RETURNING "id", "reference"
)
INSERT INTO "ledger_entries" ("ledger_transaction_id", "account_id", "amount")
SELECT m."id", a."id", x."amount"
  FROM "moved" m
  JOIN "held" h ON m."reference" = 'rental:' || h."id" || ':escrow-to-vendor'
 CROSS JOIN LATERAL (VALUES (h."vendor_id", h."amount"), (NULL::uuid, -h."amount")) AS x("owner", "amount")
  JOIN "ledger_accounts" a
    ON a."kind" = 'ESCROW' AND a."currency" = 'USDT' AND a."network" IS NULL
   AND a."owner_id" IS NOT DISTINCT FROM x."owner";
