-- Gammes, readings and manoeuvre sheets (module gamme, issue 13). Every table carries entreprise_id under forced
-- row-level security. Readings are never deleted (cancelled with who, when, why); a round resent is recorded once
-- (unique client_id per company).
CREATE TABLE IF NOT EXISTS "gamme" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "logiciel_id" integer NOT NULL REFERENCES "logiciel"("id"),
  "libelle" text NOT NULL,
  "client" text,
  "duree" integer,
  "version" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gamme_entreprise_idx" ON "gamme" USING btree ("entreprise_id", "logiciel_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "gamme_modele_metrique" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "gamme_id" integer NOT NULL REFERENCES "gamme"("id"),
  "nom" text NOT NULL,
  "data_type" text NOT NULL,
  "idx" integer NOT NULL,
  "property_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "equipement_id" integer REFERENCES "equipement"("id"),
  "unite" text,
  "min" double precision,
  "max" double precision,
  "low_warning" double precision,
  "high_warning" double precision,
  "obligatoire" boolean DEFAULT false NOT NULL,
  "workflow_models_to_create" integer[] DEFAULT '{}' NOT NULL,
  "version" integer DEFAULT 0 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gamme_modele_metrique_gamme_idx" ON "gamme_modele_metrique" USING btree ("gamme_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "releve" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "client_id" uuid NOT NULL,
  "gamme_id" integer NOT NULL REFERENCES "gamme"("id"),
  "metrique_id" integer NOT NULL REFERENCES "gamme_modele_metrique"("id"),
  "equipement_id" integer NOT NULL REFERENCES "equipement"("id"),
  "value" text,
  "valeur_numerique" double precision,
  "niveau" text NOT NULL,
  "comment" text,
  "captured_at" timestamp with time zone NOT NULL,
  "captured_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
  "activite_instance_id" integer REFERENCES "activite_instance"("id"),
  "process_id" integer REFERENCES "process"("id"),
  "processes_created" integer[] DEFAULT '{}' NOT NULL,
  "cancelled_at" timestamp with time zone,
  "cancelled_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "cancel_reason" text,
  CONSTRAINT "releve_niveau_ck" CHECK (niveau IN ('ok', 'warning', 'alarm')),
  CONSTRAINT "releve_cancel_ck" CHECK (cancelled_at IS NULL OR cancel_reason IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "releve_client_uq" ON "releve" USING btree ("entreprise_id", "client_id");
--> statement-breakpoint
-- The last valid reading of a point on an equipment (the previous value), read backwards from one index entry.
CREATE INDEX IF NOT EXISTS "releve_point_idx" ON "releve" USING btree ("equipement_id", "metrique_id", "captured_at", "id") WHERE cancelled_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releve_equipement_idx" ON "releve" USING btree ("equipement_id", "captured_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "etat_manoeuvre_modele" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "gamme_id" integer REFERENCES "gamme"("id"),
  "libelle" text NOT NULL,
  "couleur" text,
  "idx" integer DEFAULT 0 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "etat_manoeuvre_modele_idx" ON "etat_manoeuvre_modele" USING btree ("entreprise_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "manoeuvre_modele" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "gamme_id" integer NOT NULL REFERENCES "gamme"("id"),
  "type_manoeuvre" text,
  "consignes" text,
  "version" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "manoeuvre_modele_gamme_uq" ON "manoeuvre_modele" USING btree ("gamme_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mm_manoeuvre" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "gamme_id" integer NOT NULL REFERENCES "gamme"("id"),
  "numero" integer NOT NULL,
  "poste" text,
  "equipement_id" integer REFERENCES "equipement"("id"),
  "appareil" text,
  "operation" text,
  "etat_manoeuvre_id" integer REFERENCES "etat_manoeuvre_modele"("id"),
  "observations" text,
  "version" integer DEFAULT 0 NOT NULL,
  -- Checked at the end of each statement, so renumbering (numero ± 1 over a range) runs in one UPDATE.
  CONSTRAINT "mm_manoeuvre_numero_uq" UNIQUE ("gamme_id", "numero") DEFERRABLE INITIALLY IMMEDIATE
);
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'gamme', 'gamme_modele_metrique', 'releve', 'etat_manoeuvre_modele', 'manoeuvre_modele', 'mm_manoeuvre'
]::regclass[]) AS t;
