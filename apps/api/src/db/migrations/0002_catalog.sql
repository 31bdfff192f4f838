-- Trigram search on listing names and descriptions (the `q` filter).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_counts" (
	"game_id" text NOT NULL,
	"region_code" text NOT NULL,
	"status" text NOT NULL,
	"availability" text NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_counts_game_id_region_code_status_availability_pk" PRIMARY KEY("game_id","region_code","status","availability")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_port" integer NOT NULL,
	"default_query_port" integer NOT NULL,
	"query_port_offset" integer,
	"gamedig_type" text NOT NULL,
	"query_protocol" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cpu" text,
	"ram" text,
	"storage" text,
	"image" text,
	"price_micro" bigint NOT NULL,
	"price_unit" text DEFAULT 'hour' NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"availability" text DEFAULT 'AVAILABLE' NOT NULL,
	"availability_rank" smallint GENERATED ALWAYS AS (case availability when 'AVAILABLE' then 0 when 'RENTED' then 1 else 2 end) STORED,
	"players_current" integer DEFAULT 0 NOT NULL,
	"players_max" integer DEFAULT 0 NOT NULL,
	"performance_score" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"host" text NOT NULL,
	"query_port" integer NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_listings_status_check" CHECK ("server_listings"."status" in ('online', 'offline', 'maintenance')),
	CONSTRAINT "server_listings_availability_check" CHECK ("server_listings"."availability" in ('AVAILABLE', 'RENTED', 'MAINTENANCE')),
	CONSTRAINT "server_listings_price_unit_check" CHECK ("server_listings"."price_unit" in ('hour', 'day', 'month')),
	CONSTRAINT "server_listings_price_check" CHECK ("server_listings"."price_micro" > 0),
	CONSTRAINT "server_listings_players_check" CHECK ("server_listings"."players_current" >= 0 and "server_listings"."players_max" >= 0),
	CONSTRAINT "server_listings_performance_check" CHECK ("server_listings"."performance_score" between 0 and 100),
	CONSTRAINT "server_listings_query_port_check" CHECK ("server_listings"."query_port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "server_status_checks" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_answer_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_status_checks" ADD CONSTRAINT "server_status_checks_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_listings_price_idx" ON "server_listings" USING btree ("price_micro","id");--> statement-breakpoint
CREATE INDEX "server_listings_performance_idx" ON "server_listings" USING btree ("performance_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "server_listings_popularity_idx" ON "server_listings" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "server_listings_availability_idx" ON "server_listings" USING btree ("availability_rank","price_micro","id");--> statement-breakpoint
CREATE INDEX "server_listings_game_region_price_idx" ON "server_listings" USING btree ("game_id","region_code","price_micro","id");--> statement-breakpoint
CREATE INDEX "server_listings_region_idx" ON "server_listings" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "server_listings_vendor_idx" ON "server_listings" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "server_listings_search_idx" ON "server_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "server_status_checks_due_idx" ON "server_status_checks" USING btree ("next_check_at");
--> statement-breakpoint
-- Hand-written below this line: reference rows and the triggers drizzle-kit does not generate.
INSERT INTO "games" ("id", "name", "default_port", "default_query_port", "query_port_offset", "gamedig_type", "query_protocol") VALUES
	('minecraft', 'Minecraft', 25565, 25565, 0, 'minecraft', 'minecraftvanilla'),
	('csgo', 'CS:GO', 27015, 27015, 0, 'csgo', 'valve'),
	('rust', 'Rust', 28015, 28015, 0, 'rust', 'valve'),
	('valheim', 'Valheim', 2456, 2457, 1, 'valheim', 'valve'),
	('ark', 'ARK: Survival Evolved', 7777, 27015, NULL, 'ase', 'valve')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "regions" ("code", "name", "country") VALUES
	('fra', 'Frankfurt', 'Germany'),
	('ams', 'Amsterdam', 'Netherlands'),
	('sto', 'Stockholm', 'Sweden'),
	('lon', 'London', 'United Kingdom'),
	('nyc', 'New York', 'United States'),
	('dal', 'Dallas', 'United States'),
	('lax', 'Los Angeles', 'United States'),
	('sao', 'São Paulo', 'Brazil'),
	('sgp', 'Singapore', 'Singapore'),
	('tyo', 'Tokyo', 'Japan'),
	('syd', 'Sydney', 'Australia')
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- Keeps catalog_counts equal to the listings per (game, region, status, availability), and gives
-- every new listing its status-check row. Statement triggers with transition tables: one upsert
-- per statement however many rows it touched; keys are upserted in order so that concurrent
-- statements lock the counter rows in the same order.
CREATE FUNCTION "catalog_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO server_status_checks (listing_id) SELECT id FROM new_rows;
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, listings)
			SELECT game_id, region_code, status, availability, count(*) FROM new_rows
			GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (game_id, region_code, status, availability)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, listings)
			SELECT game_id, region_code, status, availability, -count(*) FROM old_rows
			GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (game_id, region_code, status, availability)
			DO UPDATE SET listings = c.listings + excluded.listings;
	ELSE
		INSERT INTO catalog_counts AS c (game_id, region_code, status, availability, listings)
			SELECT game_id, region_code, status, availability, sum(delta) FROM (
				SELECT game_id, region_code, status, availability, 1 AS delta FROM new_rows
				UNION ALL
				SELECT game_id, region_code, status, availability, -1 AS delta FROM old_rows
			) AS d
			GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
		ON CONFLICT (game_id, region_code, status, availability)
			DO UPDATE SET listings = c.listings + excluded.listings;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "server_listings_inserted" AFTER INSERT ON "server_listings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_listings_changed"();--> statement-breakpoint
CREATE TRIGGER "server_listings_updated" AFTER UPDATE ON "server_listings"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_listings_changed"();--> statement-breakpoint
CREATE TRIGGER "server_listings_deleted" AFTER DELETE ON "server_listings"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_listings_changed"();--> statement-breakpoint
CREATE FUNCTION "catalog_listings_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM catalog_counts;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "server_listings_truncated" AFTER TRUNCATE ON "server_listings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_listings_truncated"();
