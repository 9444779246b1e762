-- Lockouts (ticket 15, Module A: A.1, A.5 1–6; NF C18-510, INRS ED 6109). The company's register codes (CS, TSN…
-- stored exactly, seeded for every company: the existing ones here, new ones by a trigger, as the habilitation
-- catalogue in 0021), and the lockout record of a process: canonical state and mode, signed operations, isolation
-- points with their padlocks, personal padlocks, numbered attestations, avis de fin de travail. Safety records: the
-- application never deletes them (DELETE revoked; a company's removal cascades as the owner).

-- ---------------------------------------------------------------- register codes
CREATE TABLE IF NOT EXISTS "registre_code" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "code" text NOT NULL CONSTRAINT "registre_code_code_ck" CHECK ("code" IN ('CS', 'TSN', 'TS', 'DS', 'DECONS', 'ART', 'SPS', 'SPD', 'IT')),
  "libelle" text NOT NULL,
  "couleur" text NOT NULL,
  "icone" text NOT NULL,
  "terminal" boolean DEFAULT false NOT NULL,
  "etat" text NOT NULL,
  "idx" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "registre_code_pk" PRIMARY KEY ("entreprise_id", "code")
);
--> statement-breakpoint
-- The defaults (domain notes §1.11; docs/DECISIONS.md « Consignations »), idempotent: codes a company has are kept.
CREATE OR REPLACE FUNCTION app_seed_registre_codes(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registre_code (entreprise_id, code, libelle, couleur, icone, terminal, etat, idx)
  SELECT company, c.code, c.libelle, c.couleur, c.icone, c.terminal, c.etat, c.idx FROM (VALUES
    ('CS', 'Consigné', '#1971c2', 'lock', false, 'consignee', 0),
    ('TSN', 'Travaux autorisés, non commencés', '#0c8599', 'clipboard-check', false, 'travaux_autorises', 1),
    ('TS', 'Travaux en cours sous consignation', '#2f9e44', 'tool', false, 'en_cours', 2),
    ('DS', 'Déconsignation demandée', '#e67700', 'lock-open', false, 'deconsignation_demandee', 3),
    ('DECONS', 'Déconsigné', '#495057', 'plug-connected', true, 'deconsignee', 4),
    ('ART', 'Arrêtée (annulée)', '#868e96', 'ban', true, 'annulee', 5),
    ('SPS', 'Suspendue pour sécurité', '#c92a2a', 'alert-triangle', false, 'suspendue_securite', 6),
    ('SPD', 'Déconsignée temporairement (essai, réquisition)', '#9c36b5', 'bolt', false, 'deconsignee_essai', 7),
    ('IT', 'Interruption de travail', '#f08c00', 'player-pause', false, 'interrompue', 8)
  ) AS c(code, libelle, couleur, icone, terminal, etat, idx)
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_seed_registre_codes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_seed_registre_codes(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS entreprise_registre_codes ON "entreprise";
--> statement-breakpoint
CREATE TRIGGER entreprise_registre_codes AFTER INSERT ON "entreprise" FOR EACH ROW EXECUTE FUNCTION app_seed_registre_codes_trigger();
--> statement-breakpoint
SELECT app_seed_registre_codes(id) FROM entreprise;
--> statement-breakpoint
-- ---------------------------------------------------------------- the lockout record
CREATE TABLE IF NOT EXISTS "consignation" (
  "process_id" integer PRIMARY KEY NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "etat" text DEFAULT 'demande' NOT NULL CONSTRAINT "consignation_etat_ck" CHECK ("etat" IN ('demande', 'preparee',
    'consignee_etape1', 'consignee', 'travaux_autorises', 'en_cours', 'interrompue', 'suspendue_securite', 'deconsignee_essai',
    'deconsignation_demandee', 'deconsignee', 'cloturee', 'annulee')),
  "mode" text DEFAULT 'une_etape' NOT NULL CONSTRAINT "consignation_mode_ck" CHECK ("mode" IN ('une_etape', 'deux_etapes')),
  "mere_id" integer REFERENCES "consignation"("process_id"),
  "consignee_at" timestamp with time zone,
  "deconsignee_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_mere_idx" ON "consignation" USING btree ("mere_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_etat_idx" ON "consignation" USING btree ("entreprise_id", "etat");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_operation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "consignation"("process_id") ON DELETE cascade,
  "operation" text NOT NULL CONSTRAINT "consignation_operation_ck" CHECK ("operation" IN ('separation', 'purge', 'condamnation',
    'identification', 'vat', 'malt_cc', 'verification')),
  "point_id" integer,
  "utilisateur_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "hash" text NOT NULL,
  "image" text,
  "commentaire" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consignation_operation_uq" ON "consignation_operation" USING btree ("process_id", "operation", coalesce("point_id", 0));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_point" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "consignation"("process_id") ON DELETE cascade,
  "equipement_point_id" integer REFERENCES "equipement_point_isolement"("id"),
  "idx" integer DEFAULT 0 NOT NULL,
  "repere" text NOT NULL,
  "energie" text NOT NULL,
  "dispositif" text NOT NULL,
  "position_requise" text NOT NULL,
  "moyen_condamnation" text,
  "methode_verification" text,
  "numero_cadenas" text,
  "pose_par_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "pose_at" timestamp with time zone,
  "retrait_par_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "retrait_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_point_process_idx" ON "consignation_point" USING btree ("process_id", "idx");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consignation_point_equipement_uq" ON "consignation_point" USING btree ("process_id", "equipement_point_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_cadenas" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "consignation"("process_id") ON DELETE cascade,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "numero" text NOT NULL,
  "pose_par_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "pose_at" timestamp with time zone DEFAULT now() NOT NULL,
  "retrait_par_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "retrait_at" timestamp with time zone,
  "motif_absence" text,
  "temoin_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "hash" text,
  "image" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_cadenas_process_idx" ON "consignation_cadenas" USING btree ("process_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consignation_cadenas_live_uq" ON "consignation_cadenas" USING btree ("process_id", "utilisateur_id") WHERE "retrait_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_compteur" (
  "entreprise_id" integer PRIMARY KEY NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_attestation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "consignation"("process_id") ON DELETE cascade,
  "numero" integer NOT NULL,
  "type" text NOT NULL CONSTRAINT "consignation_attestation_type_ck" CHECK ("type" IN ('premiere_etape', 'consignation')),
  "utilisateur_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "hash" text NOT NULL,
  "image" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consignation_attestation_numero_uq" ON "consignation_attestation" USING btree ("entreprise_id", "numero");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_attestation_process_idx" ON "consignation_attestation" USING btree ("process_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consignation_avis" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "consignation"("process_id") ON DELETE cascade,
  "equipe" text NOT NULL,
  "utilisateur_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "hash" text NOT NULL,
  "image" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consignation_avis_process_idx" ON "consignation_avis" USING btree ("process_id");
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'registre_code', 'consignation', 'consignation_operation', 'consignation_point', 'consignation_cadenas',
  'consignation_compteur', 'consignation_attestation', 'consignation_avis'
]::regclass[]) AS t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON registre_code, consignation, consignation_operation, consignation_point, consignation_cadenas,
  consignation_compteur, consignation_attestation, consignation_avis TO securite_app;
--> statement-breakpoint
-- Safety records are never deleted by the application (domain §7): cancel or close them, journaled.
REVOKE DELETE ON registre_code, consignation, consignation_operation, consignation_point, consignation_cadenas,
  consignation_compteur, consignation_attestation, consignation_avis FROM securite_app, securite_partner;
--> statement-breakpoint
-- A contractor signing its step of a client's lockout (migration 0015) reads and writes that lockout's records, as it
-- does the step's signatures: rows of a process it sees, in the process's company. It reads the client's codes.
CREATE POLICY partner_read ON registre_code FOR SELECT TO securite_partner USING (app_client_of_partner(entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_compteur TO securite_partner
  USING (app_client_of_partner(entreprise_id)) WITH CHECK (app_client_of_partner(entreprise_id));
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
--> statement-breakpoint
CREATE POLICY partner_access ON consignation TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation.process_id AND p.entreprise_id = consignation.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_operation TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_operation.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_operation.process_id AND p.entreprise_id = consignation_operation.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_point TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_point.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_point.process_id AND p.entreprise_id = consignation_point.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_cadenas TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_cadenas.process_id AND p.entreprise_id = consignation_cadenas.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_attestation TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_attestation.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_attestation.process_id AND p.entreprise_id = consignation_attestation.entreprise_id));
--> statement-breakpoint
CREATE POLICY partner_access ON consignation_avis TO securite_partner
  USING (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_avis.process_id))
  WITH CHECK (EXISTS (SELECT 1 FROM process p WHERE p.id = consignation_avis.process_id AND p.entreprise_id = consignation_avis.entreprise_id));
