-- A payment that reached a deposit's EVM address on the other EVM network (decision 036): kept,
-- followed to its confirmations, and held for an admin to credit by hand; never by the watcher.
ALTER TABLE "chain_transfers" ADD COLUMN "wrong_network" boolean DEFAULT false NOT NULL;