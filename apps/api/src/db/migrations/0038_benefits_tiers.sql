CREATE TABLE "loyalty_states" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier" text DEFAULT 'BRONZE' NOT NULL,
	"since" timestamp with time zone,
	"below_since" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"checked_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_states_tier_check" CHECK ("loyalty_states"."tier" in ('BRONZE', 'SILVER', 'GOLD', 'PLATINUM'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_tier_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"reason" text NOT NULL,
	"spend" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_tier_changes_reason_check" CHECK ("loyalty_tier_changes"."reason" in ('PROMOTED', 'DEMOTED'))
);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "paid_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "refunded_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "review_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_states" ADD CONSTRAINT "loyalty_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_tier_changes" ADD CONSTRAINT "loyalty_tier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_states_check_idx" ON "loyalty_states" USING btree ("checked_on") WHERE "loyalty_states"."tier" <> 'BRONZE';--> statement-breakpoint
CREATE INDEX "loyalty_tier_changes_user_idx" ON "loyalty_tier_changes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_discount_check" CHECK ("rentals"."paid_discount" between 0 and "rentals"."paid" - "rentals"."paid_credit" and "rentals"."refunded_discount" between 0 and least("rentals"."paid_discount", "rentals"."refunded" - "rentals"."refunded_credit"));