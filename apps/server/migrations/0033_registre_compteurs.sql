-- The register's per-lockout counts kept on the lockout record (ticket 15, docs/DECISIONS.md « Ticket 15 — les comptes
-- d'une consignation tenus sur son enregistrement »). Each row of a register page counted its isolation points, its
-- personal padlocks (on, and in all), read its attestation's number and looked for daughters: four correlated
-- sub-queries per row, ~0.5 ms of PostgreSQL's 1.1 ms per page at 1,000,000 processes. The record now holds them,
-- written by the triggers below with the parts themselves.
--
-- Every write of a part already locks its lockout's record first (locked-lockout.ts), so the triggers' UPDATE of that
-- row adds no lock order; the counts move by deltas (+1, -1) under that row lock, exact under concurrent writers.
-- System mode, with their owner's rights, as the triggers of migrations 0031 and 0032: a contractor puts a padlock on
-- its client's lockout, whose record it may not update under its own role. They set these derived columns only.
ALTER TABLE "consignation" ADD COLUMN IF NOT EXISTS "points_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consignation" ADD COLUMN IF NOT EXISTS "cadenas_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consignation" ADD COLUMN IF NOT EXISTS "cadenas_poses" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consignation" ADD COLUMN IF NOT EXISTS "attestation_numero" integer;
--> statement-breakpoint
ALTER TABLE "consignation" ADD COLUMN IF NOT EXISTS "filles_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- An isolation point added to (or, by a superuser's repair, removed from) a lockout.
CREATE OR REPLACE FUNCTION app_count_lockout_points() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP <> 'INSERT' THEN
    UPDATE consignation SET points_total = points_total - 1 WHERE process_id = OLD.process_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE consignation SET points_total = points_total + 1 WHERE process_id = NEW.process_id;
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A personal padlock put on, taken off (retrait_at), or removed by a repair: the old row leaves the counts, the new
-- one enters them.
CREATE OR REPLACE FUNCTION app_count_lockout_padlocks() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP <> 'INSERT' THEN
    UPDATE consignation SET cadenas_total = cadenas_total - 1, cadenas_poses = cadenas_poses - (OLD.retrait_at IS NULL)::int
    WHERE process_id = OLD.process_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE consignation SET cadenas_total = cadenas_total + 1, cadenas_poses = cadenas_poses + (NEW.retrait_at IS NULL)::int
    WHERE process_id = NEW.process_id;
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The number of the lockout's attestation de consignation (the highest, as the register showed it): an insert raises
-- it (greatest: right whatever the order of two writers); a repair's update or delete reads it again.
CREATE OR REPLACE FUNCTION app_note_lockout_attestation() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP = 'INSERT' THEN
    IF NEW.type = 'consignation' THEN
      UPDATE consignation SET attestation_numero = greatest(attestation_numero, NEW.numero) WHERE process_id = NEW.process_id;
    END IF;
  ELSE
    UPDATE consignation c SET attestation_numero = (SELECT max(a.numero) FROM consignation_attestation a
      WHERE a.process_id = c.process_id AND a.type = 'consignation')
    WHERE c.process_id = OLD.process_id OR (TG_OP = 'UPDATE' AND c.process_id = NEW.process_id);
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A daughter attached to (or detached from) its mother: the mother's count of daughters. The daughter's creation has
-- locked the mother's record already (process-hooks.ts).
CREATE OR REPLACE FUNCTION app_count_lockout_daughters() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP <> 'INSERT' AND OLD.mere_id IS NOT NULL THEN
    UPDATE consignation SET filles_total = filles_total - 1 WHERE process_id = OLD.mere_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.mere_id IS NOT NULL THEN
    UPDATE consignation SET filles_total = filles_total + 1 WHERE process_id = NEW.mere_id;
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_count_lockout_points(), app_count_lockout_padlocks(), app_note_lockout_attestation(),
  app_count_lockout_daughters() FROM PUBLIC;
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_point_counted ON consignation_point;
--> statement-breakpoint
CREATE TRIGGER consignation_point_counted AFTER INSERT OR DELETE OR UPDATE OF process_id ON consignation_point
  FOR EACH ROW EXECUTE FUNCTION app_count_lockout_points();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_cadenas_counted ON consignation_cadenas;
--> statement-breakpoint
CREATE TRIGGER consignation_cadenas_counted AFTER INSERT OR DELETE OR UPDATE OF process_id, retrait_at ON consignation_cadenas
  FOR EACH ROW EXECUTE FUNCTION app_count_lockout_padlocks();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_attestation_noted ON consignation_attestation;
--> statement-breakpoint
CREATE TRIGGER consignation_attestation_noted AFTER INSERT OR DELETE OR UPDATE OF process_id, type, numero ON consignation_attestation
  FOR EACH ROW EXECUTE FUNCTION app_note_lockout_attestation();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignation_daughters_counted ON consignation;
--> statement-breakpoint
CREATE TRIGGER consignation_daughters_counted AFTER INSERT OR DELETE OR UPDATE OF mere_id ON consignation
  FOR EACH ROW EXECUTE FUNCTION app_count_lockout_daughters();
--> statement-breakpoint
-- The existing lockouts, counted once.
UPDATE consignation c SET points_total = x.n
FROM (SELECT process_id, count(*)::int AS n FROM consignation_point GROUP BY 1) x WHERE x.process_id = c.process_id;
--> statement-breakpoint
UPDATE consignation c SET cadenas_total = x.n, cadenas_poses = x.poses
FROM (SELECT process_id, count(*)::int AS n, count(*) FILTER (WHERE retrait_at IS NULL)::int AS poses FROM consignation_cadenas GROUP BY 1) x
WHERE x.process_id = c.process_id;
--> statement-breakpoint
UPDATE consignation c SET attestation_numero = x.numero
FROM (SELECT process_id, max(numero) AS numero FROM consignation_attestation WHERE type = 'consignation' GROUP BY 1) x
WHERE x.process_id = c.process_id;
--> statement-breakpoint
UPDATE consignation c SET filles_total = x.n
FROM (SELECT mere_id, count(*)::int AS n FROM consignation WHERE mere_id IS NOT NULL GROUP BY 1) x WHERE x.mere_id = c.process_id;
