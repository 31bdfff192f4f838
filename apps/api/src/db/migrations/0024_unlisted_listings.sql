-- A listing leaves the catalog while its vendor is suspended or closed (issue 16 point 2,
-- decision 037): the counters count listed rows only. As in 0013, with `WHERE listed`: one upsert
-- per statement, keys upserted in order so that concurrent statements lock the counter rows in
-- the same order; listing or unlisting moves a listing's count in or out like any other change.
ALTER TABLE "server_listings" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO server_status_checks (listing_id) SELECT id FROM new_rows;
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, hashtext(id::text) & 15, count(*)
			FROM new_rows WHERE listed
			GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, hashtext(id::text) & 15, -count(*)
			FROM old_rows WHERE listed
			GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSE
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, bucket, listings)
			SELECT game_id, region_code, status, availability, bucket, sum(delta) FROM (
				SELECT game_id, region_code, status, availability, hashtext(id::text) & 15 AS bucket,
					1 AS delta FROM new_rows WHERE listed
				UNION ALL
				SELECT game_id, region_code, status, availability, hashtext(id::text) & 15 AS bucket,
					-1 AS delta FROM old_rows WHERE listed
			) AS d
			GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (game_id, region_code, status, availability, bucket)
			DO UPDATE SET listings = c.listings + excluded.listings;
	END IF;
	RETURN NULL;
END
$$;
