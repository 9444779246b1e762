-- Habilitations (ticket 14, Module D; NF C18-510 + A1 2020 + A2 2023, Code du travail R4544-9 to R4544-11, décret
-- n° 2025-355). Symbols become data: the company's catalogue (habilitation) with what each one covers, seeded with the
-- standard set for every company (the existing ones here, new ones by a trigger). Titles (titre_habilitation) hold
-- symbols (utilisateur_habilitation, one row per symbol of a title, with its scope and recyclage due date). Medical
-- visits, the habilitations of a process, the snapshot a signature keeps of the habilitation it was given under, and
-- the ledger of expiry alerts (one mail per record and threshold).

-- ---------------------------------------------------------------- the symbol catalogue
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "domaine" text;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "caractere" text;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "nature" text;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "attribut" text;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "medical_requis" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "recyclage_mois" integer;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "actif" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "idx" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "standard" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "habilitation" ADD CONSTRAINT "habilitation_domaine_ck" CHECK ("domaine" IS NULL OR "domaine" IN ('B', 'H'));
--> statement-breakpoint
ALTER TABLE "habilitation" ADD CONSTRAINT "habilitation_nature_ck" CHECK ("nature" IS NULL OR "nature" IN ('T', 'V', 'N', 'X'));
--> statement-breakpoint
ALTER TABLE "habilitation" ADD CONSTRAINT "habilitation_attribut_ck"
  CHECK ("attribut" IS NULL OR "attribut" IN ('Essai', 'Vérification', 'Mesurage', 'Manœuvre'));
--> statement-breakpoint
ALTER TABLE "habilitation" ADD CONSTRAINT "habilitation_recyclage_ck" CHECK ("recyclage_mois" IS NULL OR "recyclage_mois" BETWEEN 1 AND 120);
--> statement-breakpoint
-- A removed symbol frees its code.
DROP INDEX IF EXISTS "habilitation_code_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "habilitation_code_uq" ON "habilitation" USING btree ("entreprise_id", "code") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Which symbol directly covers which (B2V covers B2 and B1V); the rules follow it transitively.
CREATE TABLE IF NOT EXISTS "habilitation_couverture" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "habilitation_id" integer NOT NULL REFERENCES "habilitation"("id") ON DELETE cascade,
  "couvre_id" integer NOT NULL REFERENCES "habilitation"("id") ON DELETE cascade,
  CONSTRAINT "habilitation_couverture_pk" PRIMARY KEY ("habilitation_id", "couvre_id"),
  CONSTRAINT "habilitation_couverture_self_ck" CHECK ("habilitation_id" <> "couvre_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "habilitation_couverture_entreprise_idx" ON "habilitation_couverture" USING btree ("entreprise_id");
--> statement-breakpoint
-- The company's habilitation settings: the default recyclage period (NF C18-510 recommends 3 years).
CREATE TABLE IF NOT EXISTS "habilitation_setting" (
  "entreprise_id" integer PRIMARY KEY NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "recyclage_mois" integer DEFAULT 36 NOT NULL CONSTRAINT "habilitation_setting_recyclage_ck" CHECK ("recyclage_mois" BETWEEN 1 AND 120)
);
--> statement-breakpoint
-- The NF C18-510 set of a company (idempotent: symbols it already has, by code, are kept as they are).
CREATE OR REPLACE FUNCTION app_seed_habilitation_defaults(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO habilitation (entreprise_id, code, libelle, domaine, caractere, nature, attribut, medical_requis, recyclage_mois, idx, standard)
  SELECT company, v.code, v.libelle, v.domaine, v.caractere, v.nature, v.attribut, v.medical, v.recyclage, v.idx, true FROM (VALUES
    ('B0', 'Exécutant non électricien (BT)', 'B', '0', NULL, NULL, false, NULL::integer, 0),
    ('B0 Chargé de chantier', 'Chargé de chantier non électricien (BT)', 'B', '0', NULL, NULL, false, NULL, 1),
    ('B1', 'Exécutant électricien hors tension (BT)', 'B', '1', NULL, NULL, true, NULL, 2),
    ('B1V', 'Exécutant électricien au voisinage (BT)', 'B', '1', 'V', NULL, true, NULL, 3),
    ('B1T', 'Exécutant de travaux sous tension (BT)', 'B', '1', 'T', NULL, true, 12, 4),
    ('B1N', 'Exécutant de nettoyage sous tension (BT)', 'B', '1', 'N', NULL, true, 12, 5),
    ('B1X', 'Exécutant, opérations spéciales (BT)', 'B', '1', 'X', NULL, true, NULL, 6),
    ('B2', 'Chargé de travaux hors tension (BT)', 'B', '2', NULL, NULL, true, NULL, 7),
    ('B2V', 'Chargé de travaux au voisinage (BT)', 'B', '2', 'V', NULL, true, NULL, 8),
    ('B2V Essai', 'Chargé de travaux et chargé d''essais (BT)', 'B', '2', 'V', 'Essai', true, NULL, 9),
    ('B2T', 'Chargé de travaux sous tension (BT)', 'B', '2', 'T', NULL, true, 12, 10),
    ('B2N', 'Chargé de nettoyage sous tension (BT)', 'B', '2', 'N', NULL, true, 12, 11),
    ('B2X', 'Chargé de travaux, opérations spéciales (BT)', 'B', '2', 'X', NULL, true, NULL, 12),
    ('BC', 'Chargé de consignation (BT)', 'B', 'C', NULL, NULL, true, NULL, 13),
    ('BR', 'Chargé d''intervention générale (BT)', 'B', 'R', NULL, NULL, true, NULL, 14),
    ('BS', 'Chargé d''intervention élémentaire (BT)', 'B', 'S', NULL, NULL, true, NULL, 15),
    ('BE Essai', 'Opérations spécifiques : essais (BT)', 'B', 'E', NULL, 'Essai', true, NULL, 16),
    ('BE Vérification', 'Opérations spécifiques : vérifications (BT)', 'B', 'E', NULL, 'Vérification', true, NULL, 17),
    ('BE Mesurage', 'Opérations spécifiques : mesurages (BT)', 'B', 'E', NULL, 'Mesurage', true, NULL, 18),
    ('BE Manœuvre', 'Opérations spécifiques : manœuvres (BT)', 'B', 'E', NULL, 'Manœuvre', true, NULL, 19),
    ('BP', 'Opérations sur chaînes de modules photovoltaïques (BT)', 'B', 'P', NULL, NULL, true, NULL, 20),
    ('BF', 'Travaux de fouille à proximité de canalisations isolées (BT)', 'B', 'F', NULL, NULL, true, NULL, 21),
    ('H0', 'Exécutant non électricien (HT)', 'H', '0', NULL, NULL, false, NULL, 30),
    ('H0 Chargé de chantier', 'Chargé de chantier non électricien (HT)', 'H', '0', NULL, NULL, false, NULL, 31),
    ('H0V', 'Non électricien au voisinage (HT)', 'H', '0', 'V', NULL, false, NULL, 32),
    ('H1', 'Exécutant électricien hors tension (HT)', 'H', '1', NULL, NULL, true, NULL, 33),
    ('H1V', 'Exécutant électricien au voisinage (HT)', 'H', '1', 'V', NULL, true, NULL, 34),
    ('H1T', 'Exécutant de travaux sous tension (HT)', 'H', '1', 'T', NULL, true, 12, 35),
    ('H1N', 'Exécutant de nettoyage sous tension (HT)', 'H', '1', 'N', NULL, true, 12, 36),
    ('H1X', 'Exécutant, opérations spéciales (HT)', 'H', '1', 'X', NULL, true, NULL, 37),
    ('H2', 'Chargé de travaux hors tension (HT)', 'H', '2', NULL, NULL, true, NULL, 38),
    ('H2V', 'Chargé de travaux au voisinage (HT)', 'H', '2', 'V', NULL, true, NULL, 39),
    ('H2V Essai', 'Chargé de travaux et chargé d''essais (HT)', 'H', '2', 'V', 'Essai', true, NULL, 40),
    ('H2T', 'Chargé de travaux sous tension (HT)', 'H', '2', 'T', NULL, true, 12, 41),
    ('H2N', 'Chargé de nettoyage sous tension (HT)', 'H', '2', 'N', NULL, true, 12, 42),
    ('H2X', 'Chargé de travaux, opérations spéciales (HT)', 'H', '2', 'X', NULL, true, NULL, 43),
    ('HC', 'Chargé de consignation (HT)', 'H', 'C', NULL, NULL, true, NULL, 44),
    ('HE Essai', 'Opérations spécifiques : essais (HT)', 'H', 'E', NULL, 'Essai', true, NULL, 45),
    ('HE Vérification', 'Opérations spécifiques : vérifications (HT)', 'H', 'E', NULL, 'Vérification', true, NULL, 46),
    ('HE Mesurage', 'Opérations spécifiques : mesurages (HT)', 'H', 'E', NULL, 'Mesurage', true, NULL, 47),
    ('HE Manœuvre', 'Opérations spécifiques : manœuvres (HT)', 'H', 'E', NULL, 'Manœuvre', true, NULL, 48),
    ('HF', 'Travaux de fouille à proximité de canalisations isolées (HT)', 'H', 'F', NULL, NULL, true, NULL, 49)
  ) AS v(code, libelle, domaine, caractere, nature, attribut, medical, recyclage, idx)
  WHERE NOT EXISTS (SELECT 1 FROM habilitation h WHERE h.entreprise_id = company AND h.code = v.code AND h.deleted_at IS NULL);
  -- Standard coverage, between the company's live symbols of those codes (existing edges kept).
  INSERT INTO habilitation_couverture (entreprise_id, habilitation_id, couvre_id)
  SELECT company, a.id, b.id FROM (VALUES
    ('B0 Chargé de chantier', 'B0'), ('B1', 'B0'), ('B1V', 'B1'), ('B1T', 'B1'), ('B1N', 'B1'), ('B1X', 'B1'),
    ('B2', 'B1'), ('B2V', 'B2'), ('B2V', 'B1V'), ('B2V Essai', 'B2V'), ('B2V Essai', 'BE Essai'), ('B2T', 'B2'),
    ('B2T', 'B1T'), ('B2N', 'B2'), ('B2N', 'B1N'), ('B2X', 'B2'), ('B2X', 'B1X'), ('BC', 'BE Manœuvre'),
    ('BR', 'BS'), ('BR', 'BE Mesurage'), ('BR', 'BE Vérification'), ('BR', 'BE Manœuvre'), ('BS', 'B0'),
    ('BE Essai', 'B0'), ('BE Vérification', 'B0'), ('BE Mesurage', 'B0'), ('BE Manœuvre', 'B0'), ('BP', 'B0'),
    ('BF', 'B0'), ('H0 Chargé de chantier', 'H0'), ('H0V', 'H0'), ('H1', 'H0'), ('H1V', 'H1'), ('H1V', 'H0V'),
    ('H1T', 'H1'), ('H1N', 'H1'), ('H1X', 'H1'), ('H2', 'H1'), ('H2V', 'H2'), ('H2V', 'H1V'), ('H2V Essai', 'H2V'),
    ('H2V Essai', 'HE Essai'), ('H2T', 'H2'), ('H2T', 'H1T'), ('H2N', 'H2'), ('H2N', 'H1N'), ('H2X', 'H2'),
    ('H2X', 'H1X'), ('HC', 'HE Manœuvre'), ('HE Essai', 'H0'), ('HE Vérification', 'H0'), ('HE Mesurage', 'H0'),
    ('HE Manœuvre', 'H0'), ('HF', 'H0')
  ) AS e(de, vers)
  JOIN habilitation a ON a.entreprise_id = company AND a.code = e.de AND a.deleted_at IS NULL
  JOIN habilitation b ON b.entreprise_id = company AND b.code = e.vers AND b.deleted_at IS NULL
  ON CONFLICT DO NOTHING;
  INSERT INTO habilitation_setting (entreprise_id) VALUES (company) ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_seed_habilitation_defaults_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_seed_habilitation_defaults(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS entreprise_habilitation_defaults ON "entreprise";
--> statement-breakpoint
CREATE TRIGGER entreprise_habilitation_defaults AFTER INSERT ON "entreprise" FOR EACH ROW EXECUTE FUNCTION app_seed_habilitation_defaults_trigger();
--> statement-breakpoint
SELECT app_seed_habilitation_defaults(id) FROM entreprise;
--> statement-breakpoint
-- Symbols a company had before (B0, H0V, BR, BC… from an import) take the standard's fields when their code is one.
UPDATE habilitation h SET medical_requis = false WHERE h.code IN ('B0', 'H0', 'H0V', 'B0 Chargé de chantier', 'H0 Chargé de chantier');
--> statement-breakpoint
-- ---------------------------------------------------------------- titles
CREATE TABLE IF NOT EXISTS "titre_habilitation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "numero" text NOT NULL,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id") ON DELETE cascade,
  "employeur" text NOT NULL,
  "date_delivrance" date NOT NULL,
  "date_fin_validite" date,
  -- The training (avis après formation) it rests on: the formation table comes with migration 0022 (its FK there).
  "formation_id" integer,
  "observations" text,
  "etat" text DEFAULT 'brouillon' NOT NULL CONSTRAINT "titre_habilitation_etat_ck" CHECK ("etat" IN ('brouillon', 'signe', 'revoque', 'remplace')),
  "signe_employeur_par" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "signe_employeur_nom" text,
  "signe_employeur_at" timestamp with time zone,
  "signe_employeur_image" text,
  "signe_titulaire_at" timestamp with time zone,
  "signe_titulaire_image" text,
  "revoque_at" timestamp with time zone,
  "revoque_par" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "motif_revocation" text,
  "remplace_id" integer REFERENCES "titre_habilitation"("id") ON DELETE set null,
  "process_id" integer REFERENCES "process"("id") ON DELETE set null,
  "version" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "titre_habilitation_numero_uq" ON "titre_habilitation" USING btree ("entreprise_id", "numero") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titre_habilitation_utilisateur_idx" ON "titre_habilitation" USING btree ("utilisateur_id");
--> statement-breakpoint
-- One title per person and habilitation request process (a validated request grants once).
CREATE UNIQUE INDEX IF NOT EXISTS "titre_habilitation_process_uq" ON "titre_habilitation" USING btree ("process_id", "utilisateur_id") WHERE "process_id" IS NOT NULL;
--> statement-breakpoint
-- ---------------------------------------------------------------- holdings: one symbol of a title
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "titre_id" integer REFERENCES "titre_habilitation"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "domaine" text;
--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "equipement_id" integer REFERENCES "equipement"("id");
--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "localisation_id" integer REFERENCES "localisation"("id");
--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "restrictions" text;
--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD COLUMN IF NOT EXISTS "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- A person holds a symbol on successive titles (the renewed one and its predecessor): unique per title.
DROP INDEX IF EXISTS "utilisateur_habilitation_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "utilisateur_habilitation_titre_uq" ON "utilisateur_habilitation" USING btree ("titre_id", "habilitation_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "utilisateur_habilitation_utilisateur_idx" ON "utilisateur_habilitation" USING btree ("utilisateur_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "utilisateur_habilitation_habilitation_idx" ON "utilisateur_habilitation" USING btree ("habilitation_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "utilisateur_habilitation_equipement_idx" ON "utilisateur_habilitation" USING btree ("equipement_id") WHERE "equipement_id" IS NOT NULL;
--> statement-breakpoint
-- Holdings recorded before titles existed: each person's go onto a draft title « reprise », to be signed (the gate
-- counts only titles signed by the employer and the holder).
INSERT INTO titre_habilitation (entreprise_id, numero, utilisateur_id, employeur, date_delivrance, observations)
SELECT uh.entreprise_id, 'REPRISE-' || uh.utilisateur_id, uh.utilisateur_id, e.nom, min(coalesce(uh.date_obtention, current_date)),
       'Titre repris des habilitations enregistrées avant les titres : à vérifier et à signer.'
FROM utilisateur_habilitation uh JOIN entreprise e ON e.id = uh.entreprise_id
WHERE uh.titre_id IS NULL
GROUP BY uh.entreprise_id, uh.utilisateur_id, e.nom;
--> statement-breakpoint
UPDATE utilisateur_habilitation uh SET titre_id = t.id
FROM titre_habilitation t
WHERE uh.titre_id IS NULL AND t.entreprise_id = uh.entreprise_id AND t.numero = 'REPRISE-' || uh.utilisateur_id;
--> statement-breakpoint
-- ---------------------------------------------------------------- medical visits
CREATE TABLE IF NOT EXISTS "visite_medicale" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id") ON DELETE cascade,
  "type" text NOT NULL CONSTRAINT "visite_medicale_type_ck" CHECK ("type" IN ('vip', 'sir', 'attestation', 'reprise', 'autre')),
  "date" date NOT NULL,
  "resultat" text CONSTRAINT "visite_medicale_resultat_ck" CHECK ("resultat" IS NULL OR "resultat" IN ('favorable', 'restrictions', 'defavorable')),
  "valid_until" date,
  "restrictions" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  -- A visit entered by mistake is cancelled, never deleted: who, when, why.
  "deleted_at" timestamp with time zone,
  "deleted_by" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "motif_annulation" text,
  CONSTRAINT "visite_medicale_validite_ck" CHECK ("valid_until" IS NULL OR "valid_until" >= "date")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visite_medicale_utilisateur_idx" ON "visite_medicale" USING btree ("utilisateur_id", "date" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visite_medicale_entreprise_date_idx" ON "visite_medicale" USING btree ("entreprise_id", "date" DESC, "id" DESC);
--> statement-breakpoint
-- ---------------------------------------------------------------- habilitations of a process (S 167)
CREATE TABLE IF NOT EXISTS "process_habilitation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  "habilitation_id" integer NOT NULL REFERENCES "habilitation"("id"),
  "sens" text DEFAULT 'requise' NOT NULL CONSTRAINT "process_habilitation_sens_ck" CHECK ("sens" IN ('requise', 'accordee')),
  "utilisateur_id" integer REFERENCES "utilisateur"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_at" timestamp with time zone,
  "deleted_by" integer REFERENCES "utilisateur"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "process_habilitation_uq" ON "process_habilitation" USING btree
  ("process_id", "habilitation_id", "sens", coalesce("utilisateur_id", 0)) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_habilitation_habilitation_idx" ON "process_habilitation" USING btree ("habilitation_id");
--> statement-breakpoint
-- ---------------------------------------------------------------- the snapshot a step signature keeps
ALTER TABLE "signature" ADD COLUMN IF NOT EXISTS "habilitation" jsonb;
--> statement-breakpoint
-- ---------------------------------------------------------------- expiry alerts: once per record, date and threshold
CREATE TABLE IF NOT EXISTS "habilitation_alerte" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id") ON DELETE cascade,
  "objet" text NOT NULL CONSTRAINT "habilitation_alerte_objet_ck" CHECK ("objet" IN ('detention', 'titre', 'visite')),
  "objet_id" integer NOT NULL,
  "echeance" date NOT NULL,
  "seuil" integer NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "habilitation_alerte_uq" ON "habilitation_alerte" USING btree
  ("entreprise_id", "utilisateur_id", "objet", "objet_id", "echeance", "seuil");
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'habilitation_couverture', 'habilitation_setting', 'titre_habilitation', 'visite_medicale', 'process_habilitation',
  'habilitation_alerte'
]::regclass[]) AS t;
--> statement-breakpoint
-- A client company reads the habilitations of its contractors' staff (EE), read only, as it reads their people
-- (utilisateur_partner_read, migration 0001): their symbols, titles, holdings and medical validity.
CREATE POLICY habilitation_partner_read ON habilitation FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = habilitation.entreprise_id AND r.type = 'prestataire')
);
--> statement-breakpoint
CREATE POLICY habilitation_couverture_partner_read ON habilitation_couverture FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = habilitation_couverture.entreprise_id AND r.type = 'prestataire')
);
--> statement-breakpoint
CREATE POLICY titre_habilitation_partner_read ON titre_habilitation FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = titre_habilitation.entreprise_id AND r.type = 'prestataire')
);
--> statement-breakpoint
CREATE POLICY utilisateur_habilitation_partner_read ON utilisateur_habilitation FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = utilisateur_habilitation.entreprise_id AND r.type = 'prestataire')
);
--> statement-breakpoint
CREATE POLICY visite_medicale_partner_read ON visite_medicale FOR SELECT USING (
  EXISTS (SELECT 1 FROM entreprise_relation r WHERE r.entreprise_id = app_tenant() AND r.partenaire_id = visite_medicale.entreprise_id AND r.type = 'prestataire')
);
--> statement-breakpoint
-- The symbol catalogue is no longer hidden (Administration › Habilitations).
UPDATE menu_item SET hidden = false WHERE slug = 'habilitations';
