CREATE TABLE "rental_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"outcome" text,
	"decision_reason" text,
	"decided_by" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"vendor_answer_due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "rental_disputes_reason_check" CHECK ("rental_disputes"."reason" in ('NOT_DELIVERED', 'UNREACHABLE', 'NOT_AS_DESCRIBED', 'PERFORMANCE', 'OTHER')),
	CONSTRAINT "rental_disputes_status_check" CHECK ("rental_disputes"."status" in ('OPEN', 'RESOLVED')),
	CONSTRAINT "rental_disputes_outcome_check" CHECK (("rental_disputes"."status" = 'OPEN' and "rental_disputes"."outcome" is null) or ("rental_disputes"."status" = 'RESOLVED' and "rental_disputes"."outcome" in ('DECLINED')))
);
--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_disputes" ADD CONSTRAINT "rental_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_disputes_one_open_idx" ON "rental_disputes" USING btree ("rental_id") WHERE "rental_disputes"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "rental_disputes_rental_idx" ON "rental_disputes" USING btree ("rental_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rental_disputes_vendor_idx" ON "rental_disputes" USING btree ("vendor_id","status");