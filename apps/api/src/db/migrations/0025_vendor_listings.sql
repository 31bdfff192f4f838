-- Vendors list their own servers (issue 16 point 4, decision 038). Whether a listing is in the
-- catalog becomes a column the database derives: its vendor active (what `listed` meant in 0024),
-- its status check passed, not deleted. The counters' trigger reads `listed` on the transition
-- tables, so every way in or out of the catalog moves the counts. Listings that exist are live:
-- they were checked when they were made (the demo) or by the status job since. A row written
-- without saying (a seed, an operator) counts as checked; the vendor's path writes null.
ALTER TABLE "server_listings" ADD COLUMN "vendor_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "server_listings" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_listings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "server_listings" SET "vendor_active" = "listed", "checked_at" = "created_at";--> statement-breakpoint
ALTER TABLE "server_listings" ALTER COLUMN "checked_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "server_listings" DROP COLUMN "listed";--> statement-breakpoint
ALTER TABLE "server_listings" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (vendor_active and checked_at is not null and deleted_at is null) STORED;--> statement-breakpoint
CREATE TABLE "listing_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"field" text NOT NULL,
	"from_value" text NOT NULL,
	"to_value" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_changes_field_check" CHECK ("listing_changes"."field" in ('price', 'game'))
);--> statement-breakpoint
CREATE TABLE "listing_images" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_changes_listing_idx" ON "listing_changes" USING btree ("listing_id","created_at" DESC NULLS LAST);
