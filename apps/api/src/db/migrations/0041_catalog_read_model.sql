CREATE TABLE "catalog_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_epoch_one_row" CHECK ("catalog_epoch"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "server_listings" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "server_listings_change_xid_idx" ON "server_listings" USING btree ("change_xid");--> statement-breakpoint
INSERT INTO "catalog_epoch" ("id", "epoch") VALUES (1, 0);--> statement-breakpoint
-- Every update stamps the row with its transaction, so each instance's catalog read model can ask
-- for what changed since its last read (decision 062). Inserts take the column's default.
CREATE FUNCTION "server_listings_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.change_xid := pg_current_xact_id();
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "server_listings_change_stamped" BEFORE UPDATE ON "server_listings"
	FOR EACH ROW EXECUTE FUNCTION "server_listings_stamp_change"();--> statement-breakpoint
-- What a row stamp cannot show (a deleted or truncated listing, a renamed region) moves the epoch,
-- in the same transaction: a read model that sees a new epoch reloads the whole catalog.
CREATE FUNCTION "catalog_epoch_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalog_epoch SET epoch = epoch + 1 WHERE id = 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "server_listings_epoch_on_delete" AFTER DELETE OR TRUNCATE ON "server_listings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_epoch_bump"();--> statement-breakpoint
CREATE TRIGGER "regions_epoch_on_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_epoch_bump"();
