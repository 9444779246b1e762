-- Tenant isolation. The application connects with its login role and runs every request's work inside a
-- transaction that does SET LOCAL ROLE securite_app (neither superuser nor owner) and sets app.entreprise_id.
-- The one system-wide path (withSystem in platform/db/tenant.ts) sets app.system = 'on' instead.
DO $$ BEGIN
  CREATE ROLE securite_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT securite_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO securite_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO securite_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO securite_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.entreprise_id', true), '')::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_system() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.system', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_ok(company integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT app_is_system() OR company = app_tenant()
$$;
--> statement-breakpoint
-- Enables and forces RLS on a tenant table with the standard policy; later migrations call it for new tables.
CREATE OR REPLACE FUNCTION app_apply_tenant_rls(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s USING (app_tenant_ok(entreprise_id)) WITH CHECK (app_tenant_ok(entreprise_id))', tbl);
END $$;
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'entreprise_logiciel', 'service_modele', 'utilisateur', 'session', 'otp_code', 'outbox',
  'entreprise_groupe', 'habilitation', 'utilisateur_habilitation', 'message_collationne', 'process_modele',
  'entreprise_process_modele', 'entreprise_relation'
]::regclass[]) AS t;
--> statement-breakpoint
-- A relation is visible to both companies; only the client company writes it.
CREATE POLICY relation_partner_read ON entreprise_relation FOR SELECT USING (partenaire_id = app_tenant());
--> statement-breakpoint
-- A client company sees the people of its contractors and suppliers (read only).
CREATE POLICY utilisateur_partner_read ON utilisateur FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = utilisateur.entreprise_id)
);
--> statement-breakpoint
-- The company row is its own tenant; its partners may read it.
ALTER TABLE entreprise ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE entreprise FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON entreprise USING (app_tenant_ok(id)) WITH CHECK (app_tenant_ok(id));
--> statement-breakpoint
CREATE POLICY entreprise_partner_read ON entreprise FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r
          WHERE (r.entreprise_id = app_tenant() AND r.partenaire_id = entreprise.id)
             OR (r.partenaire_id = app_tenant() AND r.entreprise_id = entreprise.id))
);
--> statement-breakpoint
INSERT INTO logiciel (code, libelle, idx) VALUES
  ('mc', 'Mes consignations', 0), ('permis', 'Permis', 1), ('pdp', 'Plan de prévention', 2),
  ('mh', 'Mes habilitations', 3), ('qcm2', 'QCM habilitations', 4), ('mo', 'Mes ouvrages', 5),
  ('mr', 'Mes relevés', 6), ('mm', 'Ma maintenance', 7), ('formulaires', 'Formulaires', 8)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO profil_modele (code, libelle, type, idx) VALUES
  ('super_admin', 'Super admin', 'client', 0), ('admin', 'Admin', 'client', 1),
  ('administrateur', 'Administrateur', 'client', 2), ('responsable', 'Responsable', 'client', 3),
  ('hr_manager', 'HR manager', 'client', 4), ('utilisateur', 'Utilisateur', 'client', 5),
  ('fournisseur_admin', 'Administrateur fournisseur', 'supplier', 6),
  ('fournisseur_utilisateur', 'Utilisateur fournisseur', 'supplier', 7)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO profil_modele_logiciel (profil_modele_id, logiciel_id)
SELECT p.id, l.id FROM profil_modele p CROSS JOIN logiciel l WHERE p.code <> 'super_admin'
ON CONFLICT DO NOTHING;
