-- The equipment tree read in its order from one index (ticket 13): the depth of each node (a stored copy of
-- cardinality(path)) and an index in tree order (parent before child, then idx) that carries the name, so the compact
-- tree of a company is an index-only scan without a sort, and counting a company's nodes reads the index alone.
ALTER TABLE "equipement" ADD COLUMN IF NOT EXISTS "depth" integer GENERATED ALWAYS AS (cardinality(path)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_tree_idx" ON "equipement" USING btree ("entreprise_id", "depth", "parent_id" NULLS FIRST, "idx", "id") INCLUDE ("name") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The name search through the trigram index (as process_own, migration 0010): under row-level security LIKE (not
-- leakproof) is evaluated after the tenant policy, so equipement_recherche_trgm_idx was never used. This view reads
-- with its owner's rights and applies the company filter itself; the search statement keeps its own company condition.
CREATE OR REPLACE VIEW equipement_own AS
  SELECT id, entreprise_id, path, type, name_recherche, deleted_at FROM equipement WHERE entreprise_id = app_tenant();
--> statement-breakpoint
REVOKE ALL ON equipement_own FROM PUBLIC;
--> statement-breakpoint
GRANT SELECT ON equipement_own TO securite_app;
