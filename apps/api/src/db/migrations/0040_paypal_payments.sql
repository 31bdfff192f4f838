CREATE TABLE "paypal_disputes" (
	"dispute_id" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"value" text NOT NULL,
	"usdt_amount" bigint NOT NULL,
	"held" bigint NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"won_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paypal_payments" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" text,
	"capture_id" text,
	"currency" text NOT NULL,
	"value" text NOT NULL,
	"usdt_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"refunded_value" text DEFAULT '0.00' NOT NULL,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"reason" text,
	"approve_url" text,
	"approved_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "paypal_payments_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE TABLE "paypal_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"transmission_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "paypal_disputes" ADD CONSTRAINT "paypal_disputes_transaction_id_paypal_payments_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."paypal_payments"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_payments" ADD CONSTRAINT "paypal_payments_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_payments" ADD CONSTRAINT "paypal_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_payments" ADD CONSTRAINT "paypal_payments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paypal_payments_open_idx" ON "paypal_payments" USING btree ("state","updated_at") WHERE "paypal_payments"."state" in ('CREATED', 'APPROVED', 'PENDING');--> statement-breakpoint
CREATE INDEX "paypal_payments_user_idx" ON "paypal_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "paypal_webhook_events_unprocessed_idx" ON "paypal_webhook_events" USING btree ("received_at") WHERE "paypal_webhook_events"."processed_at" is null;--> statement-breakpoint
UPDATE "wallet_transactions" SET "payment_method" = 'crypto' WHERE "type" = 'DEPOSIT';
