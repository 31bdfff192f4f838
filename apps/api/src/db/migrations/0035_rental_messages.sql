CREATE TABLE "rental_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"rental_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_messages_side_check" CHECK ("rental_messages"."side" in ('renter', 'vendor'))
);
--> statement-breakpoint
CREATE TABLE "rental_threads" (
	"rental_id" uuid PRIMARY KEY NOT NULL,
	"renter_read_seq" bigint DEFAULT 0 NOT NULL,
	"vendor_read_seq" bigint DEFAULT 0 NOT NULL,
	"renter_mailed_seq" bigint DEFAULT 0 NOT NULL,
	"vendor_mailed_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "support_attachments_pending_idx";--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "rental_message_id" uuid;--> statement-breakpoint
ALTER TABLE "rental_messages" ADD CONSTRAINT "rental_messages_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_messages" ADD CONSTRAINT "rental_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_threads" ADD CONSTRAINT "rental_threads_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_messages_rental_idx" ON "rental_messages" USING btree ("rental_id","seq");--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_rental_message_id_rental_messages_id_fk" FOREIGN KEY ("rental_message_id") REFERENCES "public"."rental_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_rental_message_idx" ON "support_attachments" USING btree ("rental_message_id") WHERE "support_attachments"."rental_message_id" is not null;--> statement-breakpoint
CREATE INDEX "support_attachments_pending_idx" ON "support_attachments" USING btree ("uploader_id","created_at") WHERE "support_attachments"."message_id" is null and "support_attachments"."rental_message_id" is null;