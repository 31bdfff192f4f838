-- Watcher cursors keep what the health details show: the head last seen, the working block range,
-- and the last read that could not be completed.
ALTER TABLE "chain_cursors" ADD COLUMN "head_block" bigint;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "head_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "block_range" integer;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "last_fault" text;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "last_fault_at" timestamp with time zone;--> statement-breakpoint
-- Derivation indexes are counted per index space, not per network: ERC20 and BEP20 derive from
-- the same account key, so they share the space EVM and its counter continues past the higher of
-- the two old counters (and past every index already used), so no index is handed out again.
ALTER TABLE "deposit_address_counters" RENAME COLUMN "network" TO "space";--> statement-breakpoint
INSERT INTO "deposit_address_counters" ("space", "next_index")
SELECT 'EVM', greatest(
  coalesce((SELECT max("next_index") FROM "deposit_address_counters" WHERE "space" IN ('ERC20', 'BEP20')), 0),
  coalesce((SELECT max("derivation_index") + 1 FROM "deposits" WHERE "network" IN ('ERC20', 'BEP20')), 0)
);--> statement-breakpoint
UPDATE "deposit_address_counters" SET "space" = 'TRON' WHERE "space" = 'TRC20';--> statement-breakpoint
DELETE FROM "deposit_address_counters" WHERE "space" IN ('ERC20', 'BEP20');--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "address_collision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Addresses already handed out twice: the first deposit keeps the address, every later one is
-- marked. Nothing is moved or re-credited; the health details count them and start-up names them.
UPDATE "deposits" SET "address_collision" = true
FROM (
  SELECT "transaction_id", row_number() OVER (
    PARTITION BY (case when "address" like '0x%' then lower("address") else "address" end)
    ORDER BY "created_at", "transaction_id"
  ) AS "nth"
  FROM "deposits"
) AS "ranked"
WHERE "ranked"."transaction_id" = "deposits"."transaction_id" AND "ranked"."nth" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_address_key" ON "deposits" USING btree ((case when "address" like '0x%' then lower("address") else "address" end)) WHERE not "deposits"."address_collision";
