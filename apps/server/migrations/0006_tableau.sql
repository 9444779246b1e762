CREATE TABLE "affichage" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"tableau_id" integer,
	"utilisateur_id" integer,
	"nom" text NOT NULL,
	"colonnes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tri" jsonb,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filtre" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"tableau_id" integer NOT NULL,
	"nom" text NOT NULL,
	"criteres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tableau" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"logiciel_id" integer,
	"nom" text NOT NULL,
	"icon" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"workflows" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"metriques" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"gamme_modele_id" integer,
	"is_ee" boolean DEFAULT false NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affichage" ADD CONSTRAINT "affichage_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affichage" ADD CONSTRAINT "affichage_tableau_id_tableau_id_fk" FOREIGN KEY ("tableau_id") REFERENCES "public"."tableau"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affichage" ADD CONSTRAINT "affichage_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filtre" ADD CONSTRAINT "filtre_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filtre" ADD CONSTRAINT "filtre_tableau_id_tableau_id_fk" FOREIGN KEY ("tableau_id") REFERENCES "public"."tableau"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau" ADD CONSTRAINT "tableau_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau" ADD CONSTRAINT "tableau_logiciel_id_logiciel_id_fk" FOREIGN KEY ("logiciel_id") REFERENCES "public"."logiciel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affichage_tableau_idx" ON "affichage" USING btree ("tableau_id","idx");--> statement-breakpoint
CREATE INDEX "filtre_tableau_idx" ON "filtre" USING btree ("tableau_id","idx");
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY['tableau', 'filtre', 'affichage']::regclass[]) AS t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tableau, filtre, affichage TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
