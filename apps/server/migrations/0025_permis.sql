-- Work permits and permis de feu (module permis, issue 15). One permit per process of the `permis` package; its
-- signatures, extensions, suspensions and fire-watch checks are appended, never deleted by the application. Every
-- table carries entreprise_id under forced row-level security. Concurrency is held by the database: one signature per
-- role and act (and one role per person and act), one open suspension, one row per numbered fire-watch check.
CREATE TABLE IF NOT EXISTS "permis" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  "type" text NOT NULL,
  "complements" text[] DEFAULT '{}'::text[] NOT NULL,
  "mode_validite" text,
  "date_debut" timestamp with time zone NOT NULL,
  "date_fin" timestamp with time zone NOT NULL,
  "date_fin_initiale" timestamp with time zone NOT NULL,
  "etat" text DEFAULT 'demande' NOT NULL,
  "travaux" text,
  "mesures" text,
  "delivre_at" timestamp with time zone,
  "demarre_at" timestamp with time zone,
  "fin_travaux_at" timestamp with time zone,
  "surveillance_minutes" integer,
  "controle_intervalle_minutes" integer,
  "clos_at" timestamp with time zone,
  "clos_par" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "annule_at" timestamp with time zone,
  "annule_par" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "motif_annulation" text,
  "version" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  CONSTRAINT "permis_type_ck" CHECK (type IN ('travail', 'feu')),
  CONSTRAINT "permis_etat_ck" CHECK (etat IN ('demande', 'delivre', 'en_cours', 'suspendu', 'fin_travaux', 'clos', 'annule')),
  CONSTRAINT "permis_mode_validite_ck" CHECK (mode_validite IS NULL OR mode_validite IN ('jour', 'operation')),
  CONSTRAINT "permis_validite_ck" CHECK (date_fin > date_debut)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "permis_process_uq" ON "permis" USING btree ("process_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "permis_entreprise_etat_idx" ON "permis" USING btree ("entreprise_id", "etat");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_consignation" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "permis_id" integer NOT NULL REFERENCES "permis"("id") ON DELETE cascade,
  "consignation_id" integer NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  CONSTRAINT "permis_consignation_pk" PRIMARY KEY ("permis_id", "consignation_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "permis_consignation_consignation_idx" ON "permis_consignation" USING btree ("consignation_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_signature" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "permis_id" integer NOT NULL REFERENCES "permis"("id") ON DELETE cascade,
  "acte" text NOT NULL,
  "role" text NOT NULL,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "signed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "image" text,
  "hash" text NOT NULL,
  CONSTRAINT "permis_signature_acte_ck" CHECK (acte IN ('delivrance', 'fin_travaux')),
  CONSTRAINT "permis_signature_role_ck" CHECK (role IN ('emetteur', 'executant', 'surveillant'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "permis_signature_role_uq" ON "permis_signature" USING btree ("permis_id", "acte", "role");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "permis_signature_personne_uq" ON "permis_signature" USING btree ("permis_id", "acte", "utilisateur_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_prolongation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "permis_id" integer NOT NULL REFERENCES "permis"("id") ON DELETE cascade,
  "ancienne_fin" timestamp with time zone NOT NULL,
  "nouvelle_fin" timestamp with time zone NOT NULL,
  "motif" text NOT NULL,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "signed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "image" text,
  "hash" text NOT NULL,
  CONSTRAINT "permis_prolongation_ck" CHECK (nouvelle_fin > ancienne_fin)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "permis_prolongation_permis_idx" ON "permis_prolongation" USING btree ("permis_id", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_suspension" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "permis_id" integer NOT NULL REFERENCES "permis"("id") ON DELETE cascade,
  "motif" text NOT NULL,
  "suspendu_par" integer NOT NULL REFERENCES "utilisateur"("id"),
  "suspendu_at" timestamp with time zone DEFAULT now() NOT NULL,
  "repris_par" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "repris_at" timestamp with time zone,
  "observation_reprise" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "permis_suspension_ouverte_uq" ON "permis_suspension" USING btree ("permis_id") WHERE repris_at is null;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_controle" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "permis_id" integer NOT NULL REFERENCES "permis"("id") ON DELETE cascade,
  "numero" integer NOT NULL,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "signed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "observation" text,
  "image" text,
  "hash" text NOT NULL,
  CONSTRAINT "permis_controle_numero_ck" CHECK (numero > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "permis_controle_numero_uq" ON "permis_controle" USING btree ("permis_id", "numero");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "permis_setting" (
  "entreprise_id" integer PRIMARY KEY NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "surveillance_minutes" integer DEFAULT 120 NOT NULL,
  "controle_intervalle_minutes" integer DEFAULT 30 NOT NULL,
  CONSTRAINT "permis_setting_ck" CHECK (controle_intervalle_minutes > 0 AND controle_intervalle_minutes <= surveillance_minutes)
);
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'permis', 'permis_consignation', 'permis_signature', 'permis_prolongation', 'permis_suspension', 'permis_controle',
  'permis_setting'
]::regclass[]) AS t;
--> statement-breakpoint
-- Safety records: the application never deletes a permit (it cancels or closes it) nor changes a signed act
-- (deleting the process still cascades: referential actions run as the tables' owner).
REVOKE DELETE ON permis, permis_signature, permis_prolongation, permis_suspension, permis_controle FROM securite_app, securite_partner;
--> statement-breakpoint
REVOKE UPDATE ON permis_signature, permis_prolongation, permis_controle FROM securite_app, securite_partner;
