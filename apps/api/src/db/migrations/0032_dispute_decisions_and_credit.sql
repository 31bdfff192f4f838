ALTER TABLE "rental_disputes" DROP CONSTRAINT "rental_disputes_outcome_check";--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "paid_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "refunded_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD COLUMN "refund_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD COLUMN "refund_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD COLUMN "compensation_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_credit_check" CHECK ("rentals"."paid_credit" between 0 and "rentals"."paid" and "rentals"."refunded_credit" between 0 and least("rentals"."paid_credit", "rentals"."refunded"));--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_amounts_check" CHECK ("rental_disputes"."refund_hours" >= 0 and "rental_disputes"."refund_amount" >= 0 and "rental_disputes"."compensation_amount" >= 0);--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_outcome_check" CHECK (("rental_disputes"."status" = 'OPEN' and "rental_disputes"."outcome" is null) or ("rental_disputes"."status" = 'RESOLVED' and "rental_disputes"."outcome" in ('DECLINED', 'REFUNDED', 'COMPENSATED', 'REFUNDED_AND_COMPENSATED')));