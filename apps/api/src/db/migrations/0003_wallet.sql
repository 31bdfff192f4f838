CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"amount" bigint NOT NULL,
	"dust" numeric(78, 0) DEFAULT '0' NOT NULL,
	"deposit_id" uuid NOT NULL,
	"status" text DEFAULT 'SEEN' NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"missing_since" timestamp with time zone,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transfers_identity_key" UNIQUE("network","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "deposit_address_counters" (
	"network" text PRIMARY KEY NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"fee_percent" numeric(5, 2) NOT NULL,
	"processing_time" text NOT NULL,
	"confirmations" integer NOT NULL,
	"color" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint,
	"default_network" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"requested_amount" bigint NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"watch_until" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"network" text,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_identity_key" UNIQUE NULLS NOT DISTINCT("kind","owner_id","network","currency"),
	CONSTRAINT "ledger_accounts_user_not_negative" CHECK ("ledger_accounts"."kind" not in ('USER_WALLET', 'USER_CREDIT') or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"fee" bigint DEFAULT 0 NOT NULL,
	"network" text,
	"address" text,
	"tx_hash" text,
	"confirmations" integer,
	"required_confirmations" integer,
	"error_message" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_deposit_id_deposits_transaction_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" USING btree ("network","status");--> statement-breakpoint
CREATE INDEX "chain_transfers_deposit_idx" ON "chain_transfers" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_network_address_key" ON "deposits" USING btree ("network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_network_index_key" ON "deposits" USING btree ("network","derivation_index");--> statement-breakpoint
CREATE INDEX "deposits_watch_idx" ON "deposits" USING btree ("network","watch_until");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_reference_key" ON "wallet_transactions" USING btree ("reference");--> statement-breakpoint
-- Deposit configuration the operator can change later; the fee is a percent of what arrives.
INSERT INTO "deposit_settings" ("id", "min_amount", "max_amount", "default_network") VALUES (1, 10000000, NULL, 'TRC20');--> statement-breakpoint
INSERT INTO "deposit_networks" ("network", "display_name", "fee_percent", "processing_time", "confirmations", "color") VALUES
  ('TRC20', 'Tron (TRC20)', 0.50, 'About 1 minute', 20, '#EB0029'),
  ('ERC20', 'Ethereum (ERC20)', 1.00, 'About 3 minutes', 12, '#627EEA'),
  ('BEP20', 'BNB Smart Chain (BEP20)', 0.50, 'About 1 minute', 15, '#F0B90B');--> statement-breakpoint
INSERT INTO "deposit_address_counters" ("network", "next_index") VALUES ('TRC20', 0), ('ERC20', 0), ('BEP20', 0);
