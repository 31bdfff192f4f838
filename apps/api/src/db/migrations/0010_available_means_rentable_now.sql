-- "Available" is what a renter can rent now: online and AVAILABLE. Dropping the generated
-- column drops its index, so the sort's index is built again on the new rank.
ALTER TABLE "server_listings" drop column "availability_rank";--> statement-breakpoint
ALTER TABLE "server_listings" ADD COLUMN "availability_rank" smallint GENERATED ALWAYS AS (case when status = 'online' and availability = 'AVAILABLE' then 0 when availability = 'RENTED' then 1 else 2 end) STORED;--> statement-breakpoint
CREATE INDEX "server_listings_availability_idx" ON "server_listings" USING btree ("availability_rank","price_micro","id");
