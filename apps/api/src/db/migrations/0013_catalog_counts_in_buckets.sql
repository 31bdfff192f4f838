-- The catalog's counters in 16 buckets per category (game, region, status, availability): a
-- listing's count lives in the bucket a hash of its id picks, so renting or cancelling two servers
-- of one category updates two rows instead of queueing on one. Readers already sum. The counters
-- are rebuilt from the listings in their buckets.
ALTER TABLE "catalog_counts" ADD COLUMN "bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_counts" DROP CONSTRAINT "catalog_counts_game_id_region_code_status_availability_pk";--> statement-breakpoint
ALTER TABLE "catalog_counts" ADD CONSTRAINT "catalog_counts_game_id_region_code_status_availability_bucket_pk" PRIMARY KEY("game_id","region_code","status","availability","bucket");--> statement-breakpoint
DELETE FROM "catalog_counts";--> statement-breakpoint
INSERT INTO "catalog_counts" (game_id, region_code, status, availability, bucket, listings)
	SELECT game_id, region_code, status, availability, hashtext(id::text) & 15, count(*)
	FROM "server_listings" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- As in 0002, with the bucket: one upsert per statement, keys upserted in order so that concurrent
-- statements lock the counter rows in the same order.
CREATE OR REPLACE FUNCTION "catalog_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO server_status_checks (listing_id) SELECT id FROM new_rows;
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, hashtext(id::text) & 15, count(*)
			FROM new_rows
			GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, hashtext(id::text) & 15, -count(*)
			FROM old_rows
			GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSE
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, bucket, sum(delta) FROM (
				SELECT game_id, region_code, status, availability, hashtext(id::text) & 15 AS bucket,
					1 AS delta FROM new_rows
				UNION ALL
				SELECT game_id, region_code, status, availability, hashtext(id::text) & 15 AS bucket,
					-1 AS delta FROM old_rows
			) AS d
			GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	END IF;
	RETURN NULL;
END
$$;
