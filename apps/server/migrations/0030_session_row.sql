-- The session lookup of every request, without a function call of its own. app_session_lookup (0008, 0014) is
-- PL/pgSQL, SECURITY DEFINER with SET search_path: each request paid the function call, its own executor and plan
-- cache (SPI), a result store and the search_path switch, about half of what the whole lookup costs in PostgreSQL.
-- app_session_row is the same read as a plain SQL function, STABLE, no SECURITY DEFINER, no SET: PostgreSQL inlines it
-- into the request's opening statement (platform/http/bind.ts), whose plan is prepared once per connection, so the
-- join runs inside that plan. It only reads: the opening sets `app.session_id` and the system mode before the join
-- (a subquery the join depends on) and ends the system mode in the same statement, after the join, whether a session
-- was found or not (one row always: a left join).
-- It runs with the caller's rights: the connection's own role, before the opening switches to the application role,
-- which cannot call it (revoked from PUBLIC, granted to nobody) and, could it call it, would read only what its
-- row-level security shows it. Every name is schema-qualified (tables, operators, functions): inlined, the body is
-- parsed under the caller's search_path.
-- Same columns as app_session_lookup: for a super admin whose session has an open support row, the company looked
-- up (entreprise_id, its flags and permission version) is the client's; his own is home_entreprise_id.
-- app_session_lookup stays for the instances of the previous version during a rolling upgrade; a later migration
-- can drop it.
CREATE OR REPLACE FUNCTION public.app_session_row(token_hash text)
RETURNS TABLE (
  session_id text, utilisateur_id integer, entreprise_id integer, is_super_admin boolean, enable boolean,
  locked boolean, eu boolean, mfa_pending boolean, remember_me boolean, logiciel_code text, expires_at timestamptz,
  profil_modele_id integer, profil_code text, profil_type text, permissions_v2 boolean, permission_version integer,
  home_entreprise_id integer, support_access_id integer, support_since timestamptz
)
LANGUAGE sql STABLE AS $$
  SELECT s.id, u.id, e.id, u.is_super_admin, u.enable, e.locked, e.eu, s.mfa_pending, s.remember_me,
         s.logiciel_code, s.expires_at, coalesce(s.profil_modele_id, u.profil_modele_id), p.code, p.type,
         e.permissions_v2, e.permission_version, u.entreprise_id, sa.id, sa.entered_at
  FROM public.session s
  JOIN public.utilisateur u ON u.id OPERATOR(pg_catalog.=) s.utilisateur_id
  LEFT JOIN public.support_access sa
    ON sa.id OPERATOR(pg_catalog.=) s.support_access_id AND u.is_super_admin AND sa.left_at IS NULL
  JOIN public.entreprise e ON e.id OPERATOR(pg_catalog.=) coalesce(sa.entreprise_id, u.entreprise_id)
  LEFT JOIN public.profil_modele p ON p.id OPERATOR(pg_catalog.=) coalesce(s.profil_modele_id, u.profil_modele_id)
  WHERE s.id OPERATOR(pg_catalog.=) token_hash AND s.expires_at OPERATOR(pg_catalog.>) pg_catalog.now()
  LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.app_session_row(text) FROM PUBLIC;
