-- Locations and the risk catalogue (modules localisation and risque, issue 13): locations with a plan image and free
-- markers, the foreign key of equipment to its location, risk families (INRS ED 840) and G/F scales seeded for every
-- company (the existing ones here, new ones by a trigger), risks, and risks attached to equipment.
CREATE TABLE IF NOT EXISTS "localisation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "parent_id" integer REFERENCES "localisation"("id"),
  "libelle" text NOT NULL,
  "description" text,
  "couleur" text,
  "icon" text,
  "latitude" double precision,
  "longitude" double precision,
  "idx" integer DEFAULT 0 NOT NULL,
  "version" integer DEFAULT 0 NOT NULL,
  "image_nom" text,
  "image_mime" text,
  "image_taille" integer,
  "image_chemin" text,
  "image_uploaded_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "localisation_latitude_ck" CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  CONSTRAINT "localisation_longitude_ck" CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "localisation_entreprise_idx" ON "localisation" USING btree ("entreprise_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "localisation_marker" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "localisation_id" integer NOT NULL REFERENCES "localisation"("id") ON DELETE cascade,
  "libelle" text NOT NULL,
  "x" double precision NOT NULL,
  "y" double precision NOT NULL,
  "couleur" text,
  "icon" text,
  "idx" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "localisation_marker_xy_ck" CHECK (x BETWEEN 0 AND 1 AND y BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "localisation_marker_localisation_idx" ON "localisation_marker" USING btree ("localisation_id", "idx");
--> statement-breakpoint
-- Equipment placed on a location that does not exist (none before this migration) loses its place.
UPDATE "equipement" SET localisation_id = NULL, marker_x = NULL, marker_y = NULL
  WHERE localisation_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM localisation l WHERE l.id = localisation_id);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "equipement" ADD CONSTRAINT "equipement_localisation_fk" FOREIGN KEY ("localisation_id") REFERENCES "localisation"("id");
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risque_famille" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "code" text,
  "libelle" text NOT NULL,
  "couleur" text,
  "idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risque_famille_entreprise_idx" ON "risque_famille" USING btree ("entreprise_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risque" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "famille_id" integer REFERENCES "risque_famille"("id"),
  "libelle" text NOT NULL,
  "description" text,
  "mesures" text,
  "gravite" integer,
  "frequence" integer,
  "idx" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risque_entreprise_idx" ON "risque" USING btree ("entreprise_id", "famille_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risque_echelle" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "axe" text NOT NULL,
  "niveau" integer NOT NULL,
  "libelle" text NOT NULL,
  CONSTRAINT "risque_echelle_axe_ck" CHECK (axe IN ('gravite', 'frequence'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "risque_echelle_niveau_uq" ON "risque_echelle" USING btree ("entreprise_id", "axe", "niveau");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "equipement_risque" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "equipement_id" integer NOT NULL REFERENCES "equipement"("id"),
  "risque_id" integer NOT NULL REFERENCES "risque"("id"),
  "commentaire" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "equipement_risque_uq" ON "equipement_risque" USING btree ("equipement_id", "risque_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipement_risque_risque_idx" ON "equipement_risque" USING btree ("risque_id");
--> statement-breakpoint
-- The default families and scales of a company (idempotent: a company that has some keeps its own).
CREATE OR REPLACE FUNCTION app_seed_risque_defaults(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM risque_famille WHERE entreprise_id = company) THEN
    INSERT INTO risque_famille (entreprise_id, code, libelle, couleur, idx)
    SELECT company, v.code, v.libelle, v.couleur, v.idx FROM (VALUES
      ('chute-plain-pied', 'Chute de plain-pied', '#e8590c', 0),
      ('chute-hauteur', 'Chute de hauteur', '#d9480f', 1),
      ('circulation', 'Circulations internes', '#5c940d', 2),
      ('routier', 'Risque routier', '#2b8a3e', 3),
      ('activite-physique', 'Activité physique et manutention manuelle', '#0b7285', 4),
      ('manutention-mecanique', 'Manutention mécanique', '#1864ab', 5),
      ('chimique', 'Produits, émissions et déchets (chimique)', '#862e9c', 6),
      ('biologique', 'Agents biologiques', '#5f3dc4', 7),
      ('machines', 'Équipements de travail (machines, outils)', '#364fc7', 8),
      ('effondrement', 'Effondrements et chutes d''objets', '#495057', 9),
      ('bruit', 'Bruit', '#a61e4d', 10),
      ('thermique', 'Ambiances thermiques', '#c92a2a', 11),
      ('incendie-explosion', 'Incendie, explosion (ATEX)', '#e03131', 12),
      ('electrique', 'Électricité', '#f08c00', 13),
      ('lumineux', 'Ambiances lumineuses', '#868e96', 14),
      ('rayonnements', 'Rayonnements', '#9c36b5', 15),
      ('vibrations', 'Vibrations', '#1098ad', 16),
      ('espace-confine', 'Espace confiné', '#087f5b', 17),
      ('psychosociaux', 'Risques psychosociaux', '#c2255c', 18),
      ('coactivite', 'Entreprises extérieures et coactivité', '#3b5bdb', 19)
    ) AS v(code, libelle, couleur, idx);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM risque_echelle WHERE entreprise_id = company) THEN
    INSERT INTO risque_echelle (entreprise_id, axe, niveau, libelle)
    SELECT company, v.axe, v.niveau, v.libelle FROM (VALUES
      ('gravite', 1, 'Faible (premiers soins)'),
      ('gravite', 2, 'Moyenne (accident avec arrêt)'),
      ('gravite', 3, 'Grave (incapacité permanente)'),
      ('gravite', 4, 'Très grave (mortel ou irréversible)'),
      ('frequence', 1, 'Rare'),
      ('frequence', 2, 'Occasionnelle'),
      ('frequence', 3, 'Fréquente'),
      ('frequence', 4, 'Permanente')
    ) AS v(axe, niveau, libelle);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_seed_risque_defaults_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_seed_risque_defaults(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS entreprise_risque_defaults ON "entreprise";
--> statement-breakpoint
CREATE TRIGGER entreprise_risque_defaults AFTER INSERT ON "entreprise" FOR EACH ROW EXECUTE FUNCTION app_seed_risque_defaults_trigger();
--> statement-breakpoint
SELECT app_seed_risque_defaults(id) FROM entreprise;
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'localisation', 'localisation_marker', 'risque_famille', 'risque', 'risque_echelle', 'equipement_risque'
]::regclass[]) AS t;
