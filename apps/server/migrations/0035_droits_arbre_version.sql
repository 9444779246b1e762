-- What a caller reads of the equipment tree kept with their rights (ticket 15, docs/DECISIONS.md « Ticket 15 — les
-- nœuds lus par un appelant gardés avec ses droits »). With the company's specific equipment rights on, the nodes a
-- person reads follow their entries and the tree's paths (a right on a node covers its subtree): so a node added, or a
-- path changed, changes what they read as much as an entry written does. Such a statement bumps the company's
-- `permission_version` (once per company and statement, as migration 0034 does for the entries), which gives the next
-- request new rights, and with them a new reading of the tree. A change of any other column (name, position among
-- siblings, deletion mark) leaves it alone: rights follow the path, deleted nodes included.
CREATE OR REPLACE FUNCTION app_bump_permission_version_on_tree() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP = 'INSERT' THEN
    UPDATE entreprise SET permission_version = permission_version + 1
      WHERE id IN (SELECT entreprise_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE entreprise SET permission_version = permission_version + 1
      WHERE id IN (SELECT n.entreprise_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE o.path IS DISTINCT FROM n.path OR o.entreprise_id IS DISTINCT FROM n.entreprise_id
                   UNION
                   SELECT o.entreprise_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE o.path IS DISTINCT FROM n.path OR o.entreprise_id IS DISTINCT FROM n.entreprise_id);
  ELSE
    UPDATE entreprise SET permission_version = permission_version + 1
      WHERE id IN (SELECT entreprise_id FROM old_rows);
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_bump_permission_version_on_tree() FROM PUBLIC;
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_insert_bumps_version ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_insert_bumps_version AFTER INSERT ON equipement REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_bump_permission_version_on_tree();
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_update_bumps_version ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_update_bumps_version AFTER UPDATE ON equipement REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_bump_permission_version_on_tree();
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipement_delete_bumps_version ON equipement;
--> statement-breakpoint
CREATE TRIGGER equipement_delete_bumps_version AFTER DELETE ON equipement REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_bump_permission_version_on_tree();
