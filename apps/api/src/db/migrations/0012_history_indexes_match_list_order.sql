-- The wallet's transactions and a renter's rentals list by created_at DESC, id DESC (nulls first:
-- PostgreSQL's default for DESC). Each index now has exactly that order, so a page, from a cursor
-- or by number, is read from it in order (decision 031).
DROP INDEX "wallet_transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "rentals_renter_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_renter_idx" ON "rentals" USING btree ("renter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);