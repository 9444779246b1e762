-- The lockout register at 1,000,000 processes (ticket 15, docs/PERFORMANCE.md « Registre à 1 000 000 de processus »).
-- A lockout is a process with a record in `consignation`; the register walks processes in its order (free ones, then
-- sequenced ones, the newest first), and one process in seven of the bench is a lockout: the walk read seven
-- processes per row shown, and a technician whose equipment rights show a few nodes walked every process of the
-- company. `process.has_lockout` says that the process has its record: set by a trigger when the record is written
-- (records are never deleted: DELETE is revoked, a process's deletion cascades to its record), so two partial indexes
-- hold the lockouts alone, in the register's order, the second one per equipment of the registry.
ALTER TABLE "process" ADD COLUMN IF NOT EXISTS "has_lockout" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Runs with its owner's rights in system mode (as app_release_waiting_on): a contractor who writes the record of its
-- client's lockout may not update the client's process under its own role. It sets that derived flag only.
CREATE OR REPLACE FUNCTION app_mark_lockout_processes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  UPDATE process p SET has_lockout = true FROM new_rows n WHERE p.id = n.process_id AND NOT p.has_lockout;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_mark_lockout_processes() FROM PUBLIC;
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_marks_process ON consignation;
--> statement-breakpoint
CREATE TRIGGER consignation_marks_process AFTER INSERT ON consignation REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_mark_lockout_processes();
--> statement-breakpoint
UPDATE process p SET has_lockout = true WHERE NOT p.has_lockout AND EXISTS (SELECT 1 FROM consignation c WHERE c.process_id = p.id);
--> statement-breakpoint
-- The register's order (sequenced last, the newest first) as one forward walk; the id included, so that the keys of a
-- page come from the index alone.
CREATE INDEX IF NOT EXISTS "process_lockout_numero_idx" ON "process" USING btree ("entreprise_id", "sequenced", "numero" DESC)
  INCLUDE ("id") WHERE has_lockout;
--> statement-breakpoint
-- The same per equipment of the registry, as the register's rights read a process's equipment: its id when the process
-- names one (digits, no leading zero), else 0 (no equipment, 0, a free name: on no equipment of the registry). A stored
-- column, not an expression in the index: under row-level security a condition on an expression of non-leakproof
-- functions (jsonb ->>, ~) is never an index condition, only a filter after the policy's; `= any(int[])` on a column is.
ALTER TABLE "process" ADD COLUMN IF NOT EXISTS "equipement_registre_id" integer GENERATED ALWAYS AS
  (CASE WHEN coalesce(equipement ->> 'id', '') ~ '^[1-9][0-9]{0,8}$' THEN (equipement ->> 'id')::integer ELSE 0 END) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_lockout_equipement_idx" ON "process" USING btree ("entreprise_id", "equipement_registre_id",
  "sequenced", "numero" DESC) INCLUDE ("id") WHERE has_lockout;
