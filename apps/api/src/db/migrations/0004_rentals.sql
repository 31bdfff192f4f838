CREATE TABLE "listing_panels" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"panel_url" text NOT NULL,
	"server_identifier" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_states" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"detail" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"hours" integer NOT NULL,
	"price_per_hour" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"commission_bp" integer NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"power_off_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rentals_status_check" CHECK ("rentals"."status" in ('ACTIVE', 'EXPIRED', 'CANCELLED')),
	CONSTRAINT "rentals_hours_check" CHECK ("rentals"."hours" between 1 and 8760),
	CONSTRAINT "rentals_escrow_check" CHECK ("rentals"."paid" >= "rentals"."refunded" + "rentals"."released" + "rentals"."commission")
);
--> statement-breakpoint
ALTER TABLE "listing_panels" ADD CONSTRAINT "listing_panels_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_events" ADD CONSTRAINT "panel_events_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_states" ADD CONSTRAINT "panel_states_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_events_listing_idx" ON "panel_events" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rentals_renter_idx" ON "rentals" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "rentals_active_end_idx" ON "rentals" USING btree ("ends_at") WHERE "rentals"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "rentals_power_off_idx" ON "rentals" USING btree ("id") WHERE "rentals"."power_off_pending";