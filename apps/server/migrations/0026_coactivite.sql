-- Coactivité (ticket 15, Module A item 9, domain.md §2.3): the company's incompatibility matrix (an unordered pair of
-- activities → refus, cosignature or sequencement, on the same equipment subtree only or also in the same zone),
-- seeded with the defaults of the contracts (DEFAULT_INCOMPATIBILITES: the existing companies here, new ones by a
-- trigger); the activities a lockout or permit workflow's processes carry; the conflicts found between two processes
-- (recorded on the later one) with their co-signature (who, when, hash), kept when the conflict is lifted.
CREATE TABLE IF NOT EXISTS "coactivite_incompatibilite" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "activite_a" text NOT NULL,
  "activite_b" text NOT NULL,
  "decision" text NOT NULL,
  "portee" text DEFAULT 'zone' NOT NULL,
  "motif" text DEFAULT '' NOT NULL,
  "updated_at" timestamp with time zone,
  "updated_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  CONSTRAINT "coactivite_incompatibilite_pk" PRIMARY KEY ("entreprise_id", "activite_a", "activite_b"),
  CONSTRAINT "coactivite_incompatibilite_ordre_ck" CHECK ((activite_a COLLATE "C") <= (activite_b COLLATE "C")),
  CONSTRAINT "coactivite_incompatibilite_decision_ck" CHECK ("decision" IN ('refus', 'cosignature', 'sequencement')),
  CONSTRAINT "coactivite_incompatibilite_portee_ck" CHECK ("portee" IN ('equipement', 'zone'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "coactivite_workflow_activite" (
  "process_modele_id" integer PRIMARY KEY NOT NULL REFERENCES "process_modele"("id") ON DELETE cascade,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "activites" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coactivite_workflow_activite_entreprise_idx" ON "coactivite_workflow_activite" USING btree ("entreprise_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "coactivite_conflit" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "process_id" integer NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  "autre_process_id" integer NOT NULL REFERENCES "process"("id") ON DELETE cascade,
  "decision" text NOT NULL,
  "paires" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "lieu" text NOT NULL,
  "debut" timestamp with time zone,
  "fin" timestamp with time zone,
  "pourquoi" text NOT NULL,
  "found_at" timestamp with time zone DEFAULT now() NOT NULL,
  "cosigne_par_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "cosigne_nom" text,
  "cosigne_at" timestamp with time zone,
  "cosigne_hash" text,
  "commentaire" text,
  CONSTRAINT "coactivite_conflit_paire_ck" CHECK ("process_id" > "autre_process_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coactivite_conflit_uq" ON "coactivite_conflit" USING btree ("process_id", "autre_process_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coactivite_conflit_autre_idx" ON "coactivite_conflit" USING btree ("autre_process_id");
--> statement-breakpoint
-- A company's default matrix (idempotent: the cells it already has are kept as they are).
CREATE OR REPLACE FUNCTION app_seed_coactivite_defaults(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO coactivite_incompatibilite (entreprise_id, activite_a, activite_b, decision, portee, motif)
  SELECT company, d.a, d.b, d.decision, d.portee, d.motif FROM (VALUES
    ('espace_confine', 'feu', 'refus', 'zone', 'Inflammation ou atmosphère dangereuse dans l’espace confiné.'),
    ('hauteur', 'travail', 'cosignature', 'zone', 'Chute d’objets sur les travaux en dessous.'),
    ('levage', 'travail', 'cosignature', 'zone', 'Chute de charge sur les travaux en dessous.'),
    ('hauteur', 'levage', 'cosignature', 'zone', 'Charge levée au-dessus d’un poste en hauteur.'),
    ('consignation', 'essai', 'sequencement', 'equipement', 'L’essai remet l’énergie sur l’équipement consigné.'),
    ('consignation', 'requisition', 'sequencement', 'equipement', 'La réquisition reprend l’équipement consigné.'),
    ('consignation', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('essai', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('radiographie', 'requisition', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('intervention', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('radiographie', 'visite', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('radiographie', 'travaux_exceptionnels', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('radiographie', 'travail', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('feu', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('espace_confine', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('fouille', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('hauteur', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('levage', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.'),
    ('radiographie', 'radiographie', 'refus', 'zone', 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.')
  ) AS d(a, b, decision, portee, motif)
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_seed_coactivite_defaults_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_seed_coactivite_defaults(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS entreprise_coactivite_defaults ON "entreprise";
--> statement-breakpoint
CREATE TRIGGER entreprise_coactivite_defaults AFTER INSERT ON "entreprise" FOR EACH ROW EXECUTE FUNCTION app_seed_coactivite_defaults_trigger();
--> statement-breakpoint
SELECT app_seed_coactivite_defaults(id) FROM entreprise;
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'coactivite_incompatibilite', 'coactivite_workflow_activite', 'coactivite_conflit'
]::regclass[]) AS t;
