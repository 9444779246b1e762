-- Contractors (ticket 12). A person of an external company (entreprise.eu) runs every request under the role
-- securite_partner instead of securite_app (platform/http/bind.ts), with app.entreprise_id = their company and
-- app.utilisateur_id = themselves. The tenant policies of every table apply to this role as to securite_app (their
-- own company's rows). The policies below add, for this role ONLY (TO securite_partner), the processes of the
-- companies they work for: securite_app's queries keep their single index-friendly tenant policy (migration 0009).
DO $$ BEGIN
  CREATE ROLE securite_partner NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT securite_partner TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO securite_partner;
--> statement-breakpoint
-- The same table and sequence rights as securite_app, object by object (the journal stays append-only, the views
-- and tables it may not read stay closed), and for the tables later migrations create.
DO $$
DECLARE
  r record;
  p text;
BEGIN
  FOR r IN SELECT c.oid::regclass AS t, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') LOOP
    IF r.relkind = 'S' THEN
      FOREACH p IN ARRAY ARRAY['USAGE', 'SELECT', 'UPDATE'] LOOP
        IF has_sequence_privilege('securite_app', r.t::oid, p) THEN
          EXECUTE format('GRANT %s ON SEQUENCE %s TO securite_partner', p, r.t);
        END IF;
      END LOOP;
    ELSE
      FOREACH p IN ARRAY ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE'] LOOP
        IF has_table_privilege('securite_app', r.t::oid, p) THEN
          EXECUTE format('GRANT %s ON %s TO securite_partner', p, r.t);
        END IF;
      END LOOP;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO securite_partner;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO securite_partner;
--> statement-breakpoint
-- The person the request runs for (set by bind.ts with the company): named signers of a step are people.
CREATE OR REPLACE FUNCTION app_user() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.utilisateur_id', true), '')::integer
$$;
--> statement-breakpoint
-- Whether `company` is a client of the caller's company, the caller's company being its contractor (a relation
-- written by the client, type prestataire; entreprise_relation's own policy lets the partner read it). Ending the
-- relation closes everything below at once.
CREATE OR REPLACE FUNCTION app_client_of_partner(company integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM entreprise_relation r
    WHERE r.entreprise_id = company AND r.partenaire_id = app_tenant() AND r.type = 'prestataire'
  )
$$;
--> statement-breakpoint
-- Whether a process of a client is the contractor's: their company is one of its contractors (prestataire_ids), or
-- the caller is named (validateur or utilisateur rule) on a step of its workflow. It reads etape and
-- etape_autorisation, whose partner policies below never read process: no recursion between policies.
CREATE OR REPLACE FUNCTION app_partner_process(company integer, prestataires integer[], modele integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT app_client_of_partner(company) AND (
    app_tenant() = ANY (prestataires)
    OR EXISTS (
      SELECT 1 FROM etape e JOIN etape_autorisation a ON a.etape_id = e.id
      WHERE e.process_modele_id = modele AND a.type IN ('validateur', 'utilisateur') AND a.utilisateur_id = app_user()
    )
  )
$$;
--> statement-breakpoint
-- The contractor's processes of its clients: read, and changed while they stay its own (a save or signature of a
-- step; which step, the server's step rules decide). No INSERT or DELETE: a contractor creates or deletes nothing
-- in the client company.
CREATE POLICY partner_read ON process FOR SELECT TO securite_partner
  USING (app_partner_process(entreprise_id, prestataire_ids, process_modele_id));
--> statement-breakpoint
CREATE POLICY partner_update ON process FOR UPDATE TO securite_partner
  USING (app_partner_process(entreprise_id, prestataire_ids, process_modele_id))
  WITH CHECK (app_partner_process(entreprise_id, prestataire_ids, process_modele_id));
--> statement-breakpoint
-- The contractor's lists find its processes by company among the contractors (prestataire_ids @> ARRAY[company]).
CREATE INDEX IF NOT EXISTS process_prestataires_idx ON process USING gin (prestataire_ids);
--> statement-breakpoint
-- What saving and signing a step writes, and the process screen reads, on a process the contractor sees: step
-- records, signatures, files, sequencing (read). EXISTS on process is itself under process's policies.
CREATE POLICY partner_access ON process_etape TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = process_etape.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = process_etape.process_id AND p.entreprise_id = process_etape.entreprise_id));
--> statement-breakpoint
-- Signatures are never deleted (a withdrawn or returned one is marked cleared): read, insert and update only.
CREATE POLICY partner_read ON signature FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = signature.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON signature FOR INSERT TO securite_partner
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = signature.process_id AND p.entreprise_id = signature.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_update ON signature FOR UPDATE TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = signature.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = signature.process_id AND p.entreprise_id = signature.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON process_file TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = process_file.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = process_file.process_id AND p.entreprise_id = process_file.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_read ON process_sequencing FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = process_sequencing.process_id));
--> statement-breakpoint
-- The journal: read, and appended to (the role has neither UPDATE nor DELETE on it, as securite_app).
CREATE POLICY partner_read ON process_journal FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = process_journal.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON process_journal FOR INSERT TO securite_partner
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = process_journal.process_id AND p.entreprise_id = process_journal.entreprise_id));
--> statement-breakpoint
-- Live events: the contractor announces its changes to the client's screens, and reads (catch-up after a
-- reconnection) the events of the client that name one of its processes.
CREATE POLICY partner_read ON process_event FOR SELECT TO securite_partner
  USING (app_client_of_partner(entreprise_id) AND EXISTS (SELECT 1 FROM process p WHERE p.id = ANY (process_event.process_ids)));
--> statement-breakpoint
CREATE POLICY partner_insert ON process_event FOR INSERT TO securite_partner
  WITH CHECK (
    app_client_of_partner(entreprise_id)
    AND NOT EXISTS (
      SELECT 1 FROM unnest(process_event.process_ids) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM process p WHERE p.id = x.id AND p.entreprise_id = process_event.entreprise_id)
    )
  );
--> statement-breakpoint
-- The workflow a client's process follows (its model, steps, fields, step rules), read only. These policies name no
-- process (process's policy reads etape and etape_autorisation: a policy reading process here would recurse). A
-- contractor thus reads the structure of its clients' workflows, never their processes beyond its own.
CREATE POLICY partner_read ON process_modele FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_read ON etape FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_read ON metrique FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_read ON etape_autorisation FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
-- Names (never e-mails) of people, for a process screen: the caller's company's people, and those of the companies
-- it works with in either direction (a contractor sees who created, signed or is in charge of a client's process; a
-- client already reads its partners' people by policy). It runs with its owner's rights in system mode, like
-- app_session_lookup, and filters the companies itself; it returns id, nom and prenom only.
CREATE OR REPLACE FUNCTION app_person_names(ids integer[])
RETURNS TABLE (id integer, nom text, prenom text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer := app_tenant();
  sys boolean := app_is_system();
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  RETURN QUERY
    SELECT u.id, u.nom, u.prenom FROM utilisateur u
    WHERE u.id = ANY (ids) AND (
      sys
      OR u.entreprise_id = tenant
      OR EXISTS (SELECT 1 FROM entreprise_relation r
                 WHERE (r.entreprise_id = tenant AND r.partenaire_id = u.entreprise_id)
                    OR (r.partenaire_id = tenant AND r.entreprise_id = u.entreprise_id))
    );
  PERFORM set_config('app.system', prev, true);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_person_names(integer[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_person_names(integer[]) TO securite_app, securite_partner;
--> statement-breakpoint
-- When a process ends, those waiting for it (sequencing) are free: their `sequenced` flag is recomputed. A contractor
-- may end its client's process while the waiting ones are not its own (hidden, and not updatable, under its role):
-- this function recomputes that derived flag, and only it, with its owner's rights; it reads and returns nothing.
CREATE OR REPLACE FUNCTION app_release_waiting_on(done integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  prev text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  UPDATE process p SET sequenced = EXISTS (
      SELECT 1 FROM process_sequencing s JOIN process w ON w.id = s.locked_by_process_id
      WHERE s.process_id = p.id AND w.etat <> 'termine')
    WHERE p.id IN (SELECT s.process_id FROM process_sequencing s WHERE s.locked_by_process_id = done);
  PERFORM set_config('app.system', prev, true);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_release_waiting_on(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_release_waiting_on(integer) TO securite_app, securite_partner;
