-- The equipment tree read in its order from one index (ticket 13): the depth of each node (a stored copy of
-- cardinality(path)) and an index in tree order (parent before child, then idx) that carries the name, so the compact
-- tree of a company is an index-only scan without a sort, and counting a company's nodes reads the index alone.
ALTER TABLE "equipement" ADD COLUMN IF NOT EXISTS "depth" integer GENERATED ALWAYS AS (cardinality(path)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_tree_idx" ON "equipement" USING btree ("entreprise_id", "depth", "parent_id" NULLS FIRST, "idx", "id") INCLUDE ("name") WHERE deleted_at IS NULL;
