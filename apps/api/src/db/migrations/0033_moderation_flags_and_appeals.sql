CREATE TABLE "moderation_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"raised_by" uuid,
	"message" text NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"ticket_id" uuid,
	"rental_id" uuid,
	"assignee_id" uuid,
	"decided_by" uuid,
	"decision_note" text,
	"penalty_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_flags_source_check" CHECK ("moderation_flags"."source" in ('vendor_user', 'support_user', 'admin_action')),
	CONSTRAINT "moderation_flags_reason_check" CHECK ("moderation_flags"."reason" in ('solicitation', 'privacy_breach', 'suspicious_pattern')),
	CONSTRAINT "moderation_flags_status_check" CHECK ("moderation_flags"."status" in ('pending', 'reviewing', 'resolved', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appeal_token_hash" text;--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appeal_message" text;--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appeal_outcome" text;--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appeal_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "user_penalties" ADD COLUMN "appeal_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_penalty_id_user_penalties_id_fk" FOREIGN KEY ("penalty_id") REFERENCES "public"."user_penalties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_flags_queue_idx" ON "moderation_flags" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "moderation_flags_user_idx" ON "moderation_flags" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "user_penalties" ADD CONSTRAINT "user_penalties_appeal_decided_by_users_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_penalties_appeal_token_key" ON "user_penalties" USING btree ("appeal_token_hash");--> statement-breakpoint
CREATE INDEX "user_penalties_appeals_idx" ON "user_penalties" USING btree ("appealed_at") WHERE "user_penalties"."appealed_at" is not null and "user_penalties"."appeal_outcome" is null;