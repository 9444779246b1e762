-- Contractors on lockouts and permits (ticket 15; docs/DECISIONS.md « Ticket 15 — prestataires sur les consignations
-- et les permis »). A contractor (role securite_partner, migration 0015) reads every record of the client's processes
-- that are its own (EXISTS on process, whose partner policy applies), and writes only what its people do on site
-- (NF C18-510, ED 6030): their personal padlocks, the avis de fin de travail of their team, the operations of the
-- chargé de travaux, the permit's signatures of the exécutant's side (and the fire watch when the watcher is theirs).
-- Never the attestations (the chargé de consignation is the client's, and so its counter), the isolation points, the
-- permit's content, extensions, suspensions, settings, register codes or the coactivity matrix. Every policy is TO
-- securite_partner only: the client's queries keep their single tenant policy. The server's rules (which act, which
-- state, which role) stay in the use cases; these policies are the floor the database holds whatever the code does.
-- Migration 0024's policies gave the lockout tables read and write alike: they are replaced here.

-- ---------------------------------------------------------------- lockouts
-- The attestation counter numbers the client's attestations: a contractor signs none.
DROP POLICY IF EXISTS partner_access ON consignation_compteur;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation_operation;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation_point;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation_cadenas;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation_attestation;
--> statement-breakpoint
DROP POLICY IF EXISTS partner_access ON consignation_avis;
--> statement-breakpoint
-- The lockout's record: read; written by the moves its steps make (avis de fin de travail → déconsignation demandée)
-- and rebuilt when a demo or older lockout has none (an insert), in the process's company.
CREATE POLICY partner_read ON consignation FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON consignation FOR INSERT TO securite_partner
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id AND p.entreprise_id = consignation.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_update ON consignation FOR UPDATE TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id AND p.entreprise_id = consignation.entreprise_id));
--> statement-breakpoint
-- Operations: read; signed by the contractor's person only (the chargé de travaux's second step), or rebuilt without
-- a signer from the signed steps (no one else's name).
CREATE POLICY partner_read ON consignation_operation FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_operation.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON consignation_operation FOR INSERT TO securite_partner
  WITH CHECK (
    coalesce(consignation_operation.utilisateur_id, app_user()) = app_user()
    AND EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_operation.process_id AND p.entreprise_id = consignation_operation.entreprise_id)
  );
--> statement-breakpoint
-- Isolation points: read only, its lockout's and its mother's (a daughter works under the mother's isolations: the
-- chargé de travaux checks them). `consignation` is read under its own partner policy (which reads process only).
CREATE POLICY partner_read ON consignation_point FOR SELECT TO securite_partner
  USING (
    EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_point.process_id)
    OR EXISTS (SELECT 1 FROM consignation c WHERE c.mere_id = consignation_point.process_id)
  );
--> statement-breakpoint
-- Personal padlocks: read; put on for a person of the contractor's company, recorded by the caller; taken off by
-- their holder only (the absent-worker procedure is the chargé de consignation's, the client's).
CREATE POLICY partner_read ON consignation_cadenas FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON consignation_cadenas FOR INSERT TO securite_partner
  WITH CHECK (
    consignation_cadenas.pose_par_id = app_user()
    AND EXISTS (SELECT 1 FROM utilisateur u WHERE u.id = consignation_cadenas.utilisateur_id AND u.entreprise_id = app_tenant())
    AND EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id AND p.entreprise_id = consignation_cadenas.entreprise_id)
  );
--> statement-breakpoint
CREATE POLICY partner_update ON consignation_cadenas FOR UPDATE TO securite_partner
  USING (consignation_cadenas.utilisateur_id = app_user() AND EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id))
  WITH CHECK (
    consignation_cadenas.utilisateur_id = app_user()
    AND consignation_cadenas.retrait_par_id = app_user()
    AND EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id AND p.entreprise_id = consignation_cadenas.entreprise_id)
  );
--> statement-breakpoint
-- Attestations: read only (printed by the contractor, signed by the client's chargé de consignation).
CREATE POLICY partner_read ON consignation_attestation FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_attestation.process_id));
--> statement-breakpoint
-- Avis de fin de travail: read; signed by the contractor's person (the chargé de travaux of its team).
CREATE POLICY partner_read ON consignation_avis FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_avis.process_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON consignation_avis FOR INSERT TO securite_partner
  WITH CHECK (
    consignation_avis.utilisateur_id = app_user()
    AND EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_avis.process_id AND p.entreprise_id = consignation_avis.entreprise_id)
  );
--> statement-breakpoint
-- ---------------------------------------------------------------- permits
-- The permit: read; written by the signatures that complete an act (its state, version, fin de travaux), never created.
CREATE POLICY partner_read ON permis FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = permis.process_id));
--> statement-breakpoint
CREATE POLICY partner_update ON permis FOR UPDATE TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = permis.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = permis.process_id AND p.entreprise_id = permis.entreprise_id));
--> statement-breakpoint
-- The lockouts a permit relies on, its extensions: read only. `permis` is read under its own partner policy.
CREATE POLICY partner_read ON permis_consignation FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_consignation.permis_id));
--> statement-breakpoint
CREATE POLICY partner_read ON permis_prolongation FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_prolongation.permis_id));
--> statement-breakpoint
-- Signatures: read; signed by the contractor's person as exécutant or surveillant, never as the issuer (émetteur).
CREATE POLICY partner_read ON permis_signature FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_signature.permis_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON permis_signature FOR INSERT TO securite_partner
  WITH CHECK (
    permis_signature.utilisateur_id = app_user()
    AND permis_signature.role IN ('executant', 'surveillant')
    AND EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_signature.permis_id AND x.entreprise_id = permis_signature.entreprise_id)
  );
--> statement-breakpoint
-- Suspensions: read; the open one is closed by the contractor's fin de travaux signed while suspended.
CREATE POLICY partner_read ON permis_suspension FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_suspension.permis_id));
--> statement-breakpoint
CREATE POLICY partner_update ON permis_suspension FOR UPDATE TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_suspension.permis_id))
  WITH CHECK (
    permis_suspension.repris_par = app_user()
    AND EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_suspension.permis_id AND x.entreprise_id = permis_suspension.entreprise_id)
  );
--> statement-breakpoint
-- Fire-watch checks: read; signed by the contractor's person (the server checks the watcher is of its company).
CREATE POLICY partner_read ON permis_controle FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_controle.permis_id));
--> statement-breakpoint
CREATE POLICY partner_insert ON permis_controle FOR INSERT TO securite_partner
  WITH CHECK (
    permis_controle.utilisateur_id = app_user()
    AND EXISTS (SELECT 1 FROM permis x WHERE x.id = permis_controle.permis_id AND x.entreprise_id = permis_controle.entreprise_id)
  );
--> statement-breakpoint
-- The client's fire-watch settings: read (a contractor's fin de travaux starts the watch with them), never written.
CREATE POLICY partner_read ON permis_setting FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
-- ---------------------------------------------------------------- coactivité
-- The conflicts recorded on either of its processes (its screen names who it shares the zone with), read only; the
-- activities of its clients' workflows, read as their steps are (0015). The matrix stays the client's.
CREATE POLICY partner_read ON coactivite_conflit FOR SELECT TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id IN (coactivite_conflit.process_id, coactivite_conflit.autre_process_id)));
--> statement-breakpoint
CREATE POLICY partner_read ON coactivite_workflow_activite FOR SELECT TO securite_partner
  USING (app_client_of_partner(entreprise_id));
