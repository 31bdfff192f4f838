-- A storefront starts with a deposit maximum (100,000 USDT) instead of none: every money input
-- has a range, and an admin can still raise or lower it.
UPDATE "deposit_settings" SET "max_amount" = 100000000000 WHERE "max_amount" IS NULL;
