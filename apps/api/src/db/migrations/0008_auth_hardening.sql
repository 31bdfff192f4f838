-- A sign-in started before this change has no browser to bind to: it must be started again.
DELETE FROM "oauth_states";--> statement-breakpoint
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "browser_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_throttles_expires_idx" ON "auth_throttles" USING btree ("expires_at");
