-- The lockout register's totals kept by triggers (ticket 15, docs/DECISIONS.md « Ticket 15 — totaux du registre tenus
-- par déclencheurs »). The register counted up to 10,001 index entries at every page (~1 ms of a 1.2 ms statement at
-- 1,000,000 processes) and the technician's page counted its nodes' lockouts again. `consignation_etat_compte` holds,
-- per company and per state, how many lockouts there are: once for the whole company (equipement_registre_id = -1) and
-- once per equipment of the registry (the process's `equipement_registre_id`, 0 for none). A register total is then a sum
-- over a few rows.
--
-- The rows are signed deltas, only ever inserted by the triggers below (never updated): writers take no lock on a
-- shared row, so two lockouts changing state at once never wait for each other nor deadlock, and a rolled-back change
-- leaves no delta. The total of a key is the sum of its rows; the hourly housekeeping folds each key's rows into one
-- (app_compact_consignation_etat_compte), which keeps sums exact under concurrent writers and compactions (a row is
-- deleted by one compaction only, which inserts the sum of what it deleted).
CREATE TABLE IF NOT EXISTS "consignation_etat_compte" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "equipement_registre_id" integer NOT NULL,
  "etat" text NOT NULL,
  "n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_etat_compte_idx" ON "consignation_etat_compte" USING btree
  ("entreprise_id", "equipement_registre_id", "etat") INCLUDE ("n");
--> statement-breakpoint
SELECT app_apply_tenant_rls('consignation_etat_compte'::regclass);
--> statement-breakpoint
-- Read by the register; written by the triggers and the compaction only (their owner's rights, system mode).
GRANT SELECT ON consignation_etat_compte TO securite_app;
--> statement-breakpoint
-- A lockout's record written: +1 for its state, for its company and for its process's equipment. Statement-level, so
-- that a bulk insert writes one delta per key. System mode, as app_mark_lockout_processes: a contractor writes its
-- client's lockout records.
CREATE OR REPLACE FUNCTION app_count_lockouts_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
  SELECT r.entreprise_id, k.node, r.etat, count(*)::int
  FROM new_rows r JOIN process p ON p.id = r.process_id
  CROSS JOIN LATERAL (VALUES (-1), (p.equipement_registre_id)) AS k(node)
  GROUP BY 1, 2, 3;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lockout changing state: -1 for the old state, +1 for the new one, for its company and its equipment.
CREATE OR REPLACE FUNCTION app_count_lockout_moved() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
  SELECT NEW.entreprise_id, k.node, s.etat, s.d
  FROM process p
  CROSS JOIN LATERAL (VALUES (-1), (p.equipement_registre_id)) AS k(node)
  CROSS JOIN LATERAL (VALUES (OLD.etat, -1), (NEW.etat, 1)) AS s(etat, d)
  WHERE p.id = NEW.process_id;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lockout's process moved to another equipment of the registry: its state leaves the old node for the new one.
CREATE OR REPLACE FUNCTION app_count_lockout_reequipped() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
  SELECT c.entreprise_id, k.node, c.etat, k.d
  FROM consignation c
  CROSS JOIN LATERAL (VALUES (OLD.equipement_registre_id, -1), (NEW.equipement_registre_id, 1)) AS k(node, d)
  WHERE c.process_id = NEW.id;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lockout's process deleted (its record goes with it, by cascade): -1 while the record can still be read. Nothing
-- when the company itself is being deleted (its counts go with it, by cascade).
CREATE OR REPLACE FUNCTION app_count_lockout_process_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
  SELECT c.entreprise_id, k.node, c.etat, -1
  FROM consignation c
  CROSS JOIN LATERAL (VALUES (-1), (OLD.equipement_registre_id)) AS k(node)
  WHERE c.process_id = OLD.id AND EXISTS (SELECT 1 FROM entreprise e WHERE e.id = c.entreprise_id);
  PERFORM set_config('app.system', prev, true);
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A lockout record deleted on its own (never by the application, which may not delete one: a superuser's repair): -1
-- when its process is still there (deleted with its process, the process's trigger counted it already).
CREATE OR REPLACE FUNCTION app_count_lockouts_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
  SELECT r.entreprise_id, k.node, r.etat, -count(*)::int
  FROM old_rows r JOIN process p ON p.id = r.process_id
  CROSS JOIN LATERAL (VALUES (-1), (p.equipement_registre_id)) AS k(node)
  GROUP BY 1, 2, 3;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Folds each key's deltas into one row (zero sums dropped); run system-wide by the hourly housekeeping. Rows inserted
-- meanwhile are not seen, so not deleted: they stay beside the folded row.
CREATE OR REPLACE FUNCTION app_compact_consignation_etat_compte() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  folded integer;
BEGIN
  WITH k AS (
    SELECT entreprise_id, equipement_registre_id, etat FROM consignation_etat_compte
    GROUP BY 1, 2, 3 HAVING count(*) > 1 OR sum(n) = 0
  ), d AS (
    DELETE FROM consignation_etat_compte c USING k
    WHERE c.entreprise_id = k.entreprise_id AND c.equipement_registre_id = k.equipement_registre_id AND c.etat = k.etat
    RETURNING c.entreprise_id, c.equipement_registre_id, c.etat, c.n
  ), i AS (
    INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
    SELECT entreprise_id, equipement_registre_id, etat, sum(n)::int FROM d GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM d) - (SELECT count(*) FROM i) INTO folded;
  RETURN folded;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_count_lockouts_inserted(), app_count_lockout_moved(), app_count_lockout_reequipped(),
  app_count_lockout_process_deleted(), app_count_lockouts_deleted(), app_compact_consignation_etat_compte() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_compact_consignation_etat_compte() TO securite_app;
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_counts_inserted ON consignation;
--> statement-breakpoint
CREATE TRIGGER consignation_counts_inserted AFTER INSERT ON consignation REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_count_lockouts_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_counts_moved ON consignation;
--> statement-breakpoint
CREATE TRIGGER consignation_counts_moved AFTER UPDATE OF etat ON consignation
  FOR EACH ROW WHEN (OLD.etat IS DISTINCT FROM NEW.etat) EXECUTE FUNCTION app_count_lockout_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_counts_deleted ON consignation;
--> statement-breakpoint
CREATE TRIGGER consignation_counts_deleted AFTER DELETE ON consignation REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_count_lockouts_deleted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS process_counts_lockout_reequipped ON process;
--> statement-breakpoint
CREATE TRIGGER process_counts_lockout_reequipped AFTER UPDATE OF equipement ON process
  FOR EACH ROW WHEN (NEW.has_lockout AND OLD.equipement_registre_id IS DISTINCT FROM NEW.equipement_registre_id)
  EXECUTE FUNCTION app_count_lockout_reequipped();
--> statement-breakpoint
DROP TRIGGER IF EXISTS process_counts_lockout_deleted ON process;
--> statement-breakpoint
CREATE TRIGGER process_counts_lockout_deleted BEFORE DELETE ON process
  FOR EACH ROW WHEN (OLD.has_lockout) EXECUTE FUNCTION app_count_lockout_process_deleted();
--> statement-breakpoint
-- The existing lockouts, counted once.
DELETE FROM consignation_etat_compte;
--> statement-breakpoint
INSERT INTO consignation_etat_compte (entreprise_id, equipement_registre_id, etat, n)
SELECT c.entreprise_id, k.node, c.etat, count(*)::int
FROM consignation c JOIN process p ON p.id = c.process_id
CROSS JOIN LATERAL (VALUES (-1), (p.equipement_registre_id)) AS k(node)
GROUP BY 1, 2, 3;
