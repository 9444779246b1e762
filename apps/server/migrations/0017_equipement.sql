-- The equipment registry (module equipement, issue 13): the tree, the company's four free fields, isolation points,
-- activities and their instances. Every table carries entreprise_id under forced row-level security.
CREATE TABLE IF NOT EXISTS "equipement" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "parent_id" integer REFERENCES "equipement"("id"),
  "path" integer[] NOT NULL,
  "idx" integer DEFAULT 0 NOT NULL,
  "type" text DEFAULT 'equipment' NOT NULL,
  "name" text NOT NULL,
  "name_recherche" text GENERATED ALWAYS AS (app_search_key(name || ' ' || coalesce(number, ''))) STORED,
  "number" text,
  "rfid" text,
  "unit" text,
  "comment" text,
  "article_id" integer,
  "latitude" double precision,
  "longitude" double precision,
  "localisation_id" integer,
  "marker_x" double precision,
  "marker_y" double precision,
  "status" text DEFAULT 'initial' NOT NULL,
  "etat_initial" text,
  "etat_en_cours" text,
  "gamme_id" integer,
  "icon" text,
  "color" text,
  "text1" text,
  "text2" text,
  "text3" text,
  "text4" text,
  "domaine_tension" text,
  "hide_risques_parent" boolean DEFAULT false NOT NULL,
  "display_previous" boolean DEFAULT false NOT NULL,
  "version" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "equipement_status_ck" CHECK (status IN ('initial', 'en_cours')),
  CONSTRAINT "equipement_type_ck" CHECK (type IN ('equipment', 'article')),
  CONSTRAINT "equipement_domaine_ck" CHECK (domaine_tension IS NULL OR domaine_tension IN ('TBT', 'BT', 'HTA', 'HTB')),
  CONSTRAINT "equipement_path_ck" CHECK (path[cardinality(path)] = id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_parent_idx" ON "equipement" USING btree ("entreprise_id", "parent_id", "idx");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_path_gin" ON "equipement" USING gin ("path");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_localisation_idx" ON "equipement" USING btree ("localisation_id") WHERE localisation_id IS NOT NULL;
--> statement-breakpoint
DO $$ BEGIN
  CREATE INDEX IF NOT EXISTS "equipement_recherche_trgm_idx" ON "equipement" USING gin ("name_recherche" gin_trgm_ops) WITH (fastupdate = off);
EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm indisponible : recherche d''équipement sans index trigramme';
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "equipement_champ" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "code" text NOT NULL,
  "libelle" text NOT NULL,
  "data_type" text DEFAULT 'text' NOT NULL,
  "options" jsonb DEFAULT '[]'::jsonb NOT NULL,
  CONSTRAINT "equipement_champ_code_ck" CHECK (code IN ('text1', 'text2', 'text3', 'text4'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "equipement_champ_uq" ON "equipement_champ" USING btree ("entreprise_id", "code");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "equipement_point_isolement" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "equipement_id" integer NOT NULL REFERENCES "equipement"("id"),
  "idx" integer DEFAULT 0 NOT NULL,
  "repere" text NOT NULL,
  "energie" text NOT NULL,
  "dispositif" text NOT NULL,
  "position_requise" text NOT NULL,
  "moyen_condamnation" text,
  "methode_verification" text,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_point_isolement_eq_idx" ON "equipement_point_isolement" USING btree ("equipement_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "equipement_activite" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "equipement_id" integer NOT NULL REFERENCES "equipement"("id"),
  "libelle" text NOT NULL,
  "description" text,
  "periodicite_jours" integer,
  "idx" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_activite_eq_idx" ON "equipement_activite" USING btree ("equipement_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "activite_instance" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "object_activite_id" integer NOT NULL REFERENCES "equipement_activite"("id"),
  "equipement_id" integer NOT NULL REFERENCES "equipement"("id"),
  "date_prevue" date,
  "progression" integer DEFAULT 0 NOT NULL,
  "completed" boolean DEFAULT false NOT NULL,
  "validated" boolean DEFAULT false NOT NULL,
  "commentaire" text,
  "completed_at" timestamp with time zone,
  "validated_at" timestamp with time zone,
  "validated_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "version" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "activite_instance_progression_ck" CHECK (progression BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activite_instance_eq_idx" ON "activite_instance" USING btree ("equipement_id", "date_prevue");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activite_instance_activite_idx" ON "activite_instance" USING btree ("object_activite_id");
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'equipement', 'equipement_champ', 'equipement_point_isolement', 'equipement_activite', 'activite_instance'
]::regclass[]) AS t;
--> statement-breakpoint
-- Equipment permissions pointed at no table until now: an entry on an equipment that does not exist grants nothing.
DELETE FROM "equipment_permission" WHERE equipement_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM equipement e WHERE e.id = equipement_id);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "equipment_permission" ADD CONSTRAINT "equipment_permission_equipement_fk" FOREIGN KEY ("equipement_id") REFERENCES "equipement"("id") ON DELETE cascade;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipment_permission_equipement_idx" ON "equipment_permission" USING btree ("equipement_id") WHERE equipement_id IS NOT NULL;
--> statement-breakpoint
-- The processes linked to an equipment (process.equipement = {id, libelle}, link-process).
-- Guarded cast: a value written before the registry may hold any id; only digits make an equipment id.
CREATE INDEX IF NOT EXISTS "process_equipement_id_idx" ON "process" USING btree ("entreprise_id", (CASE WHEN (equipement ->> 'id') ~ '^[0-9]{1,9}$' THEN (equipement ->> 'id')::integer END)) WHERE equipement IS NOT NULL;
