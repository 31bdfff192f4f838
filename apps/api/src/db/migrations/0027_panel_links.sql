-- A vendor links a listing to its Pterodactyl panel (issue 16 point 5, decision 040). The key stays
-- encrypted; its last 4 characters are kept apart as the only part ever shown again. A link says
-- when it was saved (created_at stays the first link's time) and what the vendor's last
-- "Test connection" answered.
ALTER TABLE "listing_panels" ADD COLUMN "key_hint" text;--> statement-breakpoint
ALTER TABLE "listing_panels" ADD COLUMN "linked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_panels" ADD COLUMN "tested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_panels" ADD COLUMN "test_outcome" text;--> statement-breakpoint
ALTER TABLE "listing_panels" ADD COLUMN "test_message" text;--> statement-breakpoint
UPDATE "listing_panels" SET "linked_at" = "created_at";
