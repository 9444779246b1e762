-- The request's first statement: looks the session up (system-wide, the company is not known yet) and returns the
-- caller's row; the application then switches to its role and company in the same statement. Owned by the
-- migration role, not callable by the application role.
CREATE OR REPLACE FUNCTION app_session_lookup(token_hash text)
RETURNS TABLE (
  session_id text, utilisateur_id integer, entreprise_id integer, is_super_admin boolean, enable boolean,
  locked boolean, eu boolean, mfa_pending boolean, remember_me boolean, logiciel_code text, expires_at timestamptz,
  profil_modele_id integer, profil_code text, profil_type text, permissions_v2 boolean, permission_version integer
)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM set_config('app.system', 'on', true);
  RETURN QUERY
    SELECT s.id, u.id, u.entreprise_id, u.is_super_admin, u.enable, e.locked, e.eu, s.mfa_pending, s.remember_me,
           s.logiciel_code, s.expires_at, coalesce(s.profil_modele_id, u.profil_modele_id), p.code, p.type,
           e.permissions_v2, e.permission_version
    FROM session s
    JOIN utilisateur u ON u.id = s.utilisateur_id
    JOIN entreprise e ON e.id = u.entreprise_id
    LEFT JOIN profil_modele p ON p.id = coalesce(s.profil_modele_id, u.profil_modele_id)
    WHERE s.id = token_hash AND s.expires_at > now()
    LIMIT 1;
  PERFORM set_config('app.system', '', true);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_lookup(text) FROM PUBLIC;
