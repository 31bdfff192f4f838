-- The vendor area's Overview shows each listing's uptime over 30 days (issue 16 point 3), from the
-- status checks the catalog already runs. server_status_checks keeps only the last check, so each
-- check also counts into its listing's day (UTC): one small row per listing and day, written in
-- the same statement as the check's result, read by (listing_id, day) through the primary key.
CREATE TABLE "server_status_days" (
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "server_status_days_listing_id_day_pk" PRIMARY KEY("listing_id","day"),
	CONSTRAINT "server_status_days_answered_check" CHECK ("server_status_days"."answered" between 0 and "server_status_days"."checks")
);--> statement-breakpoint
ALTER TABLE "server_status_days" ADD CONSTRAINT "server_status_days_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;
