-- The wallet list orders by created_at DESC, id DESC (nulls first: PostgreSQL's default for DESC).
-- The index now has exactly that order, so a page, keyset or not, is read from it in order.
DROP INDEX "wallet_transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);