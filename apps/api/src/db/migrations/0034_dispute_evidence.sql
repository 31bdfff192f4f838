CREATE TABLE "server_status_hours" (
	"listing_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"players_max" integer DEFAULT 0 NOT NULL,
	"players_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "server_status_hours_listing_id_hour_pk" PRIMARY KEY("listing_id","hour"),
	CONSTRAINT "server_status_hours_answered_check" CHECK ("server_status_hours"."answered" between 0 and "server_status_hours"."checks"),
	CONSTRAINT "server_status_hours_players_check" CHECK ("server_status_hours"."players_max" >= 0 and "server_status_hours"."players_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "panel_power_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"rental_id" uuid,
	"signal" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "panel_power_actions_signal_check" CHECK ("panel_power_actions"."signal" in ('start', 'stop', 'restart')),
	CONSTRAINT "panel_power_actions_outcome_check" CHECK ("panel_power_actions"."outcome" in ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "panel_state_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"state" text NOT NULL,
	"detail" text,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "panel_state_changes_state_check" CHECK ("panel_state_changes"."state" in ('starting', 'running', 'stopping', 'stopped', 'error'))
);
--> statement-breakpoint
ALTER TABLE "server_status_hours" ADD CONSTRAINT "server_status_hours_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_power_actions" ADD CONSTRAINT "panel_power_actions_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_power_actions" ADD CONSTRAINT "panel_power_actions_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_state_changes" ADD CONSTRAINT "panel_state_changes_listing_id_server_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."server_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_power_actions_listing_idx" ON "panel_power_actions" USING btree ("listing_id","sent_at");--> statement-breakpoint
CREATE INDEX "panel_state_changes_listing_idx" ON "panel_state_changes" USING btree ("listing_id","changed_at");