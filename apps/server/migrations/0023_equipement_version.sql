-- The version of each company's equipment tree (issue 13): the server keeps the compact tree it answered, serialized
-- and compressed, per (company, version), and serves it again while the version is the same. Statement triggers bump
-- it in the same transaction as every insert, update or delete of the company's equipment, whatever module writes:
-- a reader whose statement sees version v sees exactly the tree of version v. No row yet: version 0 (nothing written
-- since this migration).
CREATE TABLE IF NOT EXISTS "equipement_version" (
  "entreprise_id" integer PRIMARY KEY NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
SELECT app_apply_tenant_rls('equipement_version');
--> statement-breakpoint
-- One bump per company touched by the statement (transition tables: a subtree move of 100,000 rows bumps once).
-- A hard delete (only by the cascade of a company's own deletion) bumps the companies that still exist.
CREATE OR REPLACE FUNCTION equipement_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO equipement_version AS v (entreprise_id) SELECT DISTINCT entreprise_id FROM new_rows
      ON CONFLICT (entreprise_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO equipement_version AS v (entreprise_id)
      SELECT entreprise_id FROM new_rows UNION SELECT entreprise_id FROM old_rows
      ON CONFLICT (entreprise_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO equipement_version AS v (entreprise_id)
      SELECT DISTINCT o.entreprise_id FROM old_rows o WHERE EXISTS (SELECT 1 FROM entreprise e WHERE e.id = o.entreprise_id)
      ON CONFLICT (entreprise_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_version_insert ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_version_insert AFTER INSERT ON equipement REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipement_version_bump();
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_version_update ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_version_update AFTER UPDATE ON equipement REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipement_version_bump();
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_version_delete ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_version_delete AFTER DELETE ON equipement REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipement_version_bump();
