-- An account's entries list newest first in the staff area's ledger explorer (decision 034): the
-- account index now holds that order, (account_id, created_at DESC, id DESC), and still serves the
-- sums of the platform accounts' balances (decision 009).
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);