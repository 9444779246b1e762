CREATE TABLE "process" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"process_modele_id" integer NOT NULL,
	"parent_id" integer,
	"niveau" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"nom_process" text NOT NULL,
	"date_debut" timestamp with time zone,
	"date_fin" timestamp with time zone,
	"date_intervention_debut" timestamp with time zone,
	"date_intervention_fin" timestamp with time zone,
	"equipement" jsonb,
	"type_consignation" integer,
	"prestataire_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"personne_en_charge_id" integer,
	"etat" text DEFAULT 'en_cours' NOT NULL,
	"status" text,
	"current_ordre" integer,
	"raw_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changed_metriques" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference" text,
	"color" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modify_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modify_by_id" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_counter" (
	"entreprise_id" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_etape" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"etape_id" integer NOT NULL,
	"ordre" integer NOT NULL,
	"etat" integer NOT NULL,
	"is_valid" boolean DEFAULT false NOT NULL,
	"date_realise" timestamp with time zone,
	"saved" boolean DEFAULT false NOT NULL,
	"obsolete" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"metrique_id" integer NOT NULL,
	"nom" text NOT NULL,
	"mime" text NOT NULL,
	"taille" integer NOT NULL,
	"chemin" text NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"utilisateur_id" integer,
	"action" text NOT NULL,
	"etape_id" integer,
	"etape_ordre" integer,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "process_sequencing" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"locked_by_process_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"etape_id" integer NOT NULL,
	"metrique_id" integer NOT NULL,
	"utilisateur_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"image" text,
	"hash" text NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_process_modele_id_process_modele_id_fk" FOREIGN KEY ("process_modele_id") REFERENCES "public"."process_modele"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_personne_en_charge_id_utilisateur_id_fk" FOREIGN KEY ("personne_en_charge_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_created_by_id_utilisateur_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_last_modify_by_id_utilisateur_id_fk" FOREIGN KEY ("last_modify_by_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_counter" ADD CONSTRAINT "process_counter_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_etape" ADD CONSTRAINT "process_etape_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_etape" ADD CONSTRAINT "process_etape_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_file" ADD CONSTRAINT "process_file_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_file" ADD CONSTRAINT "process_file_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_file" ADD CONSTRAINT "process_file_uploaded_by_id_utilisateur_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_journal" ADD CONSTRAINT "process_journal_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_sequencing" ADD CONSTRAINT "process_sequencing_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_sequencing" ADD CONSTRAINT "process_sequencing_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_sequencing" ADD CONSTRAINT "process_sequencing_locked_by_process_id_process_id_fk" FOREIGN KEY ("locked_by_process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature" ADD CONSTRAINT "signature_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature" ADD CONSTRAINT "signature_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature" ADD CONSTRAINT "signature_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_numero_uq" ON "process" USING btree ("entreprise_id","numero");--> statement-breakpoint
CREATE INDEX "process_parent_idx" ON "process" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "process_modele_idx" ON "process" USING btree ("process_modele_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_etape_uq" ON "process_etape" USING btree ("process_id","etape_id");--> statement-breakpoint
CREATE INDEX "process_file_process_idx" ON "process_file" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "process_journal_process_idx" ON "process_journal" USING btree ("process_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_sequencing_uq" ON "process_sequencing" USING btree ("process_id","locked_by_process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_live_uq" ON "signature" USING btree ("process_id","metrique_id","utilisateur_id") WHERE cleared_at is null;--> statement-breakpoint
ALTER TABLE "process" ADD CONSTRAINT "process_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "process"("id") ON DELETE set null;
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY['process_counter', 'process', 'process_etape', 'signature', 'process_journal', 'process_file', 'process_sequencing']::regclass[]) AS t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON process_counter, process, process_etape, signature, process_file, process_sequencing TO securite_app;
--> statement-breakpoint
-- The journal is append-only for the application.
REVOKE UPDATE, DELETE ON process_journal FROM securite_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON process_journal TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
