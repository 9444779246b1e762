ALTER TABLE "process" ADD COLUMN "equipement_libelle" text GENERATED ALWAYS AS ((equipement ->> 'libelle')) STORED;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "modele_libelle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "package" text;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "preparateur" text;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "sequenced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "process_list_numero_idx" ON "process" USING btree ("entreprise_id","sequenced","numero");--> statement-breakpoint
CREATE INDEX "process_list_package_idx" ON "process" USING btree ("entreprise_id","package","sequenced","numero");--> statement-breakpoint
CREATE INDEX "process_list_equipement_idx" ON "process" USING btree ("entreprise_id","sequenced",coalesce(equipement_libelle, ''),"id");--> statement-breakpoint
CREATE INDEX "process_list_debut_idx" ON "process" USING btree ("entreprise_id","sequenced",coalesce(date_debut, 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "process_list_etat_debut_idx" ON "process" USING btree ("entreprise_id","etat","date_debut");--> statement-breakpoint
UPDATE "process" p SET "modele_libelle" = m."libelle", "package" = m."package"
FROM "process_modele" m WHERE m."id" = p."process_modele_id";
--> statement-breakpoint
UPDATE "process" p SET "preparateur" = u."prenom" || ' ' || u."nom" FROM "utilisateur" u WHERE u."id" = p."created_by_id";
--> statement-breakpoint
UPDATE "process" p SET "sequenced" = EXISTS (
  SELECT 1 FROM "process_sequencing" s JOIN "process" w ON w."id" = s."locked_by_process_id"
  WHERE s."process_id" = p."id" AND w."etat" <> 'termine');
--> statement-breakpoint
-- Name search: a trigram index when the extension can be created (trusted since PostgreSQL 13).
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "process_nom_trgm_idx" ON "process" USING gin ("nom_process" gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm indisponible : recherche par nom sans index trigramme';
END $$;
