-- Support mode of a super admin (issue 12, item 9). A super admin enters a client company explicitly; every request
-- of that session then runs in the client's scope until he leaves or signs out.
-- The journal: who entered which company, when, and when it ended. Its tenant is the CLIENT company, so that the
-- client's admins can read it under row-level security; the name is kept as written at entry (the super admin's
-- own row is in his company, which the client cannot read, and survives the account's deletion).
CREATE TABLE "support_access" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE CASCADE,
  "utilisateur_id" integer REFERENCES "utilisateur"("id") ON DELETE SET NULL,
  "utilisateur_libelle" text NOT NULL,
  "entered_at" timestamp with time zone DEFAULT now() NOT NULL,
  "left_at" timestamp with time zone,
  -- quitter (the super admin left), changement (he entered another company), deconnexion, expiration (session ended)
  "ended_by" text
);--> statement-breakpoint
CREATE INDEX "support_access_entreprise_idx" ON "support_access" ("entreprise_id", "entered_at");--> statement-breakpoint
CREATE INDEX "support_access_open_idx" ON "support_access" ("utilisateur_id") WHERE "left_at" IS NULL;--> statement-breakpoint
SELECT app_apply_tenant_rls('support_access');--> statement-breakpoint
-- The session's open support row (null outside support mode); the row gives the company and the time of entry.
ALTER TABLE "session" ADD COLUMN "support_access_id" integer REFERENCES "support_access"("id") ON DELETE SET NULL;--> statement-breakpoint
-- A session sees and writes its own row whatever company the request is scoped to (a super admin in support mode
-- runs in the client's scope while his session belongs to his company). app_session_lookup names the session.
CREATE POLICY session_own ON session USING (id = nullif(current_setting('app.session_id', true), ''))
  WITH CHECK (id = nullif(current_setting('app.session_id', true), ''));--> statement-breakpoint
-- A session that ends (sign-out, expiry purge, company locked or deleted) closes its open support row.
CREATE OR REPLACE FUNCTION app_support_session_ended() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  IF OLD.support_access_id IS NOT NULL THEN
    PERFORM set_config('app.system', 'on', true);
    UPDATE support_access
       SET left_at = least(now(), OLD.expires_at),
           ended_by = CASE WHEN OLD.expires_at <= now() THEN 'expiration' ELSE 'deconnexion' END
     WHERE id = OLD.support_access_id AND left_at IS NULL;
    PERFORM set_config('app.system', prev, true);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_support_session_ended() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER session_support_ended AFTER DELETE ON session
  FOR EACH ROW WHEN (OLD.support_access_id IS NOT NULL) EXECUTE FUNCTION app_support_session_ended();--> statement-breakpoint
-- The request's first statement (migration 0008), now support-aware: for a super admin whose session has an open
-- support row, the company looked up (entreprise_id, and its flags and permission version) is the client's; his
-- own company is home_entreprise_id. It also names the session for the session_own policy. New columns change the
-- function's result type: dropped and created again.
DROP FUNCTION IF EXISTS app_session_lookup(text);--> statement-breakpoint
CREATE FUNCTION app_session_lookup(token_hash text)
RETURNS TABLE (
  session_id text, utilisateur_id integer, entreprise_id integer, is_super_admin boolean, enable boolean,
  locked boolean, eu boolean, mfa_pending boolean, remember_me boolean, logiciel_code text, expires_at timestamptz,
  profil_modele_id integer, profil_code text, profil_type text, permissions_v2 boolean, permission_version integer,
  home_entreprise_id integer, support_access_id integer, support_since timestamptz
)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM set_config('app.system', 'on', true);
  PERFORM set_config('app.session_id', token_hash, true);
  RETURN QUERY
    SELECT s.id, u.id, e.id, u.is_super_admin, u.enable, e.locked, e.eu, s.mfa_pending, s.remember_me,
           s.logiciel_code, s.expires_at, coalesce(s.profil_modele_id, u.profil_modele_id), p.code, p.type,
           e.permissions_v2, e.permission_version, u.entreprise_id, sa.id, sa.entered_at
    FROM session s
    JOIN utilisateur u ON u.id = s.utilisateur_id
    LEFT JOIN support_access sa ON sa.id = s.support_access_id AND u.is_super_admin AND sa.left_at IS NULL
    JOIN entreprise e ON e.id = coalesce(sa.entreprise_id, u.entreprise_id)
    LEFT JOIN profil_modele p ON p.id = coalesce(s.profil_modele_id, u.profil_modele_id)
    WHERE s.id = token_hash AND s.expires_at > now()
    LIMIT 1;
  PERFORM set_config('app.system', '', true);
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_lookup(text) FROM PUBLIC;
