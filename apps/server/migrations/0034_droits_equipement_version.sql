-- A caller's equipment rights read once per permission version (ticket 15, docs/DECISIONS.md « Ticket 15 — les droits
-- d'équipement d'un appelant lus une fois par version des droits »). Every request that checks equipment rights (each
-- page of the lockout register among them) read the company's specific-rights setting and the caller's
-- equipment_permission entries. They are now kept with the caller's computed rights, which are cached by the company's
-- `permission_version` (read with the session at every request): so every change of what that read returns bumps the
-- version, whoever writes it (the permission use cases bump it already; the demo, a repair, a test write the tables
-- straight). A write rolled back takes its bump with it.
CREATE OR REPLACE FUNCTION app_bump_permission_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP <> 'INSERT' THEN
    UPDATE entreprise SET permission_version = permission_version + 1 WHERE id = OLD.entreprise_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.entreprise_id IS DISTINCT FROM OLD.entreprise_id) THEN
    UPDATE entreprise SET permission_version = permission_version + 1 WHERE id = NEW.entreprise_id;
  END IF;
  PERFORM set_config('app.system', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_bump_permission_version() FROM PUBLIC;
--> statement-breakpoint
DROP TRIGGER IF EXISTS equipment_permission_bumps_version ON equipment_permission;
--> statement-breakpoint
CREATE TRIGGER equipment_permission_bumps_version AFTER INSERT OR UPDATE OR DELETE ON equipment_permission
  FOR EACH ROW EXECUTE FUNCTION app_bump_permission_version();
--> statement-breakpoint
-- The specific equipment rights setting (S 125) of one of the company's software entries, or an entry added or removed.
DROP TRIGGER IF EXISTS entreprise_logiciel_bumps_version ON entreprise_logiciel;
--> statement-breakpoint
CREATE TRIGGER entreprise_logiciel_bumps_version AFTER INSERT OR DELETE ON entreprise_logiciel
  FOR EACH ROW EXECUTE FUNCTION app_bump_permission_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS entreprise_logiciel_setting_bumps_version ON entreprise_logiciel;
--> statement-breakpoint
CREATE TRIGGER entreprise_logiciel_setting_bumps_version AFTER UPDATE OF setting, entreprise_id ON entreprise_logiciel
  FOR EACH ROW WHEN (OLD.setting #> '{display,equipment,specificRights}' IS DISTINCT FROM NEW.setting #> '{display,equipment,specificRights}'
    OR OLD.entreprise_id IS DISTINCT FROM NEW.entreprise_id)
  EXECUTE FUNCTION app_bump_permission_version();
